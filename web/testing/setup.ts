import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import i18next from '../lib/i18n';
import { clearToasts } from '../lib/toast';
import { FakeXhr } from './uploads';

// Radix controls (radio groups, switches) and the charts measure themselves; jsdom has no
// layout and no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  // The toast store is the app's one module-wide screen state: a toast left by one case
  // would be a second role="status" in the next.
  clearToasts();
});

/**
 * Test files share a worker and its page (`isolate: false` in vitest.config.ts: creating the
 * page and importing React, i18next and the app once per file was two thirds of the web
 * tests' time). What a file leaves behind is put back before the next file: the page, its
 * address, storage and cookies, the language, timers, stubbed globals and uploads in flight.
 */
afterAll(async () => {
  FakeXhr.abortUnanswered();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  window.history.replaceState(null, '', '/');
  await i18next.changeLanguage('en');
});

// How long findBy… and waitFor wait for the page to settle (Testing Library's default: 1 s).
// The suite runs several files at once on two cores, where a render can wait its turn longer
// than that; a wait ends as soon as the page is right, so only a failure takes the 5 s.
configure({ asyncUtilTimeout: 5_000 });
