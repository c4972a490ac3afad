import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Radix controls (radio groups, switches) and the charts measure themselves; jsdom has no
// layout and no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => cleanup());

// How long findBy… and waitFor wait for the page to settle (Testing Library's default: 1 s).
// The suite runs several files at once on two cores, where a render can wait its turn longer
// than that; a wait ends as soon as the page is right, so only a failure takes the 5 s.
configure({ asyncUtilTimeout: 5_000 });
