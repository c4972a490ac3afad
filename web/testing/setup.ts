import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Radix controls (radio groups, switches) and the charts measure themselves; jsdom has no
// layout and no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => cleanup());
