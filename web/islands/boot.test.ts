import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '#common/properties';
import i18next from '../lib/i18n';
import { i18nReady, json, mockApi } from '../testing/render';
import { makeProperties, renter } from '../testing/properties';
import { answersFor, renderOnTheServer, serve } from '../render-page-fixtures';
import { CACHES } from '../lib/offline-rules';
import { SIGNED_IN_MARK } from '../lib/session-end';
import { fakeCaches } from '../features/offline/fake-caches';
import { renderedFor } from '../features/offline/session-watch';
import {
  holdsSignedInCopies,
  markSignedInCopies,
  SESSION_ENDED_MESSAGE,
} from '../features/offline/signed-in-copies';

// web/islands/boot.ts, the script a visitor's page starts with (decision 030), run on a page
// rendered as the server renders it.

beforeAll(() => i18nReady);
// Each boot records the visit 800 ms after it settles: the last test's timer must fire while
// this page still exists, not after the file's environment is gone (it threw "window is not
// defined" there on a slow CI machine). A later timer fires after an earlier one.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
afterEach(async () => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-app-ready');
  await i18next.changeLanguage('en');
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

async function bootOn(url: string, byPath: Record<string, unknown>) {
  const page = await renderOnTheServer({
    url,
    language: 'en',
    dataSaver: false,
    answers: answersFor(url, byPath),
  });
  serve(url, page);
  vi.resetModules();
  await import('./boot');
}

const found = (count: number): SearchResult => ({
  properties: makeProperties(count),
  total: count,
});

it('wakes the island a press lands on, then lets the press happen', async () => {
  mockApi({ 'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }) });
  await bootOn('/search?location=Accra', {
    '/api/auth/user': null,
    '/api/properties/search?location=Accra': found(2),
  });
  // The page answers at once: nothing to wait for before a press.
  expect(document.documentElement.hasAttribute('data-app-ready')).toBe(true);
  const toggle = screen.getByRole('button', { name: 'Filters' });
  const island = toggle.closest('[data-island]')!;
  expect(island.hasAttribute('data-island-awake')).toBe(false);

  // Without the script the toggle is a link to the same search with its panel open; asleep,
  // the press is held (not followed), and happens once React answers.
  await act(async () => {
    fireEvent.pointerDown(toggle);
    fireEvent.click(toggle);
  });
  await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
  expect(island.hasAttribute('data-island-awake')).toBe(true);
  expect(window.location.search).toBe('?location=Accra');

  // Awake, the next press is React's own.
  await act(async () => void fireEvent.click(toggle));
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it('records the page view, as the app does', async () => {
  const api = mockApi({
    'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }),
    'GET /api/properties/search': () => json(found(1)),
  });
  await bootOn('/search', { '/api/auth/user': null, '/api/properties/search': found(1) });
  await waitFor(() => expect(api.calls('POST', '/api/analytics/track-visitor')).toHaveLength(1), {
    timeout: 3000,
  });
  const [, init] = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
  const body = JSON.parse(String(init!.body)) as { visitorId: string; pageUrl: string };
  expect(body.visitorId).toMatch(/^visitor_\d+_[a-z0-9]+$/);
  expect(new URL(body.pageUrl).pathname).toBe('/search');
});

// Issue 50: a visitor's page learns that a session ended as the app does, and a signed-in
// reader's kept copies go: the next person on the phone must not find them, even offline.
describe('the end of a session, on a visitor’s page', () => {
  const visitorsSearch = {
    '/api/auth/user': null,
    '/api/properties/search?location=Accra': found(1),
  };

  /** The copies a renter's earlier visit left: their saved list and account, marked theirs. */
  async function aReadersCopies() {
    const store = fakeCaches(window.location.origin);
    vi.stubGlobal('caches', store.storage);
    await store.keep(CACHES.data, '/api/favorites', '[{"id":"p1"}]');
    await store.keep(CACHES.pages, '/search?saved=true', '<html></html>');
    await markSignedInCopies(CACHES.data, window.location.origin);
    await markSignedInCopies(CACHES.pages, window.location.origin);
    // Their visit left the app's mark too (lib/session-end.ts).
    localStorage.setItem(SIGNED_IN_MARK, '1');
    return store;
  }

  /** A service worker as the page sees it: whether it answered this page, and what it says. */
  function aWorker(answeredThisPage: boolean) {
    const worker = Object.assign(new EventTarget(), {
      controller: answeredThisPage ? {} : null,
      ready: new Promise(() => undefined),
    });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    return worker;
  }

  beforeEach(() => {
    mockApi({ 'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }) });
  });

  it('forgets the copies when the server itself rendered the page for nobody (no worker answered it)', async () => {
    const store = await aReadersCopies();
    aWorker(false);
    await bootOn('/search?location=Accra', visitorsSearch);
    await waitFor(() => expect(store.names()).toEqual({}));
    // The mark goes too, which is what other tabs signed in as that reader hear.
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
  });

  it('leaves a copy the worker served to the worker, and ends the session when it says it forgot them', async () => {
    const store = await aReadersCopies();
    const worker = aWorker(true);
    // Offline, this page may be a copy from before the renter signed in: it says nothing new.
    await bootOn('/search?location=Accra', visitorsSearch);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await holdsSignedInCopies(window.location.origin)).toBe(true);
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe('1');
    // From the network, the worker read it itself and forgot them (features/offline/session-watch.ts).
    worker.dispatchEvent(new MessageEvent('message', { data: { type: SESSION_ENDED_MESSAGE } }));
    await waitFor(() => expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull());
    expect(store.names()).toEqual({});
  });

  it('forgets the copies when another tab signs out, with no React on the page', async () => {
    const store = await aReadersCopies();
    aWorker(true);
    const listening = vi.spyOn(window, 'addEventListener');
    await bootOn('/search?location=Accra', visitorsSearch);
    // The boot script's own modules listen (this test's other modules do too).
    const heard = listening.mock.calls.filter(([type]) => type === 'storage');
    expect(heard).toHaveLength(1);
    const [, listener] = heard[0]!;
    (listener as (event: StorageEvent) => void)(
      new StorageEvent('storage', { key: SIGNED_IN_MARK, oldValue: '1', newValue: null }),
    );
    await waitFor(() => expect(store.names()).toEqual({}));
  });

  it('leaves a visitor’s copies alone: nobody was signed in', async () => {
    const store = fakeCaches(window.location.origin);
    vi.stubGlobal('caches', store.storage);
    await store.keep(CACHES.data, '/api/properties/search', '[]');
    aWorker(false);
    await bootOn('/search?location=Accra', visitorsSearch);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.names()).toEqual({ [CACHES.data]: ['/api/properties/search'] });
  });

  it('gives the worker pages it reads as the server renders them: for a reader, for nobody', async () => {
    const sent = async (user: unknown) => {
      const page = await renderOnTheServer({
        url: '/search',
        language: 'en',
        dataSaver: false,
        answers: answersFor('/search', {
          '/api/auth/user': user,
          '/api/properties/search': found(1),
        }),
      });
      serve('/search', page);
      return document.documentElement.outerHTML;
    };
    expect(renderedFor(await sent(null))).toBe('nobody');
    expect(renderedFor(await sent(renter))).toBe('someone');
  });
});
