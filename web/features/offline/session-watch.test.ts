import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CACHES, isOfflineData } from '../../lib/offline-rules';
import { fakeCaches } from './fake-caches';
import {
  answersOfSomeone,
  markOlderCopies,
  renderedFor,
  watchData,
  watchPages,
} from './session-watch';
import { holdsSignedInCopies, SIGNED_IN_COPIES_MARK } from './signed-in-copies';

// Issue 50: the service worker itself notices that a session ended, whatever page (a visitor's
// included) brought the answer that says so, and forgets a signed-in reader's kept copies.

const origin = 'https://abode.test';
let store: ReturnType<typeof fakeCaches>;
const ended = vi.fn();

beforeEach(() => {
  store = fakeCaches(origin);
  vi.stubGlobal('caches', store.storage);
  ended.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const reader = { id: 'u1', firstName: 'Ama', email: 'ama@example.com' };

/** A page as the server sends it, rendered for `user` (null: a visitor). */
function page(user: unknown, listings: unknown = []) {
  const state = {
    url: '/search',
    language: 'en',
    dataSaver: false,
    reads: [
      { key: ['/api/auth/user'], path: '/api/auth/user' },
      { key: ['/api/properties/search', {}], path: '/api/properties/search' },
    ],
    queries: {
      mutations: [],
      queries: [
        { queryKey: ['/api/auth/user'], state: { data: user, dataUpdatedAt: 1 } },
        { queryKey: ['/api/properties/search', {}], state: { data: listings, dataUpdatedAt: 1 } },
      ],
    },
  };
  const html =
    '<!doctype html><html><head></head><body><div id="root"><h1>Homes</h1></div>' +
    `<script type="application/json" id="abode-page-state">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>` +
    '</body></html>';
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': user ? 'no-store' : 'private, no-cache',
    },
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

type WillUpdate = Parameters<NonNullable<WorkboxPlugin['cacheWillUpdate']>>[0];

/**
 * One answer from the network through a route, as Workbox handles it: the plugin's
 * cacheWillUpdate first (the cache is opened after it), then the copy is kept unless refused.
 */
async function through(plugin: WorkboxPlugin, cacheName: string, path: string, answer: Response) {
  const request = new Request(new URL(path, origin));
  const kept = await plugin.cacheWillUpdate!({
    request,
    response: answer,
    event: new Event('fetch') as WillUpdate['event'],
    state: {},
  });
  if (kept?.ok) await (await caches.open(cacheName)).put(request, kept);
}
const data = (path: string, answer: Response) =>
  through(watchData(ended), CACHES.data, path, answer);
const pages = (path: string, answer: Response) =>
  through(watchPages(ended), CACHES.pages, path, answer);

/** A renter's visit: their saved list, their account, the pages rendered for them. */
async function aReadersVisit() {
  await data('/api/auth/user', json(200, reader, { 'cache-control': 'no-store' }));
  await data('/api/favorites', json(200, [{ id: 'p1' }], { 'cache-control': 'no-store' }));
  await pages('/search?saved=true', page(reader));
}

describe('the service worker, on the end of a session', () => {
  it('forgets a signed-in reader’s answers and pages when the network brings a page rendered for nobody', async () => {
    await aReadersVisit();
    expect(await holdsSignedInCopies(origin)).toBe(true);
    // Their session expired, or the cookie went: the next page from the server is a visitor's.
    await pages('/', page(null));
    expect(store.names()).toEqual({ [CACHES.pages]: ['/'] });
    expect(ended).toHaveBeenCalledTimes(1);
    // The visitor's own copies from then on stay.
    await data('/api/properties/search', json(200, []));
    await pages('/search', page(null));
    expect(store.names()).toEqual({
      [CACHES.data]: ['/api/properties/search'],
      [CACHES.pages]: ['/', '/search'],
    });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('forgets them when a read it keeps is refused 401 unauthenticated (an island’s, the app’s)', async () => {
    await aReadersVisit();
    await data('/api/auth/user', json(401, { message: 'Not signed in', code: 'unauthenticated' }));
    expect(store.names()).toEqual({});
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps them on other answers: a reader’s page, a refusal of another kind, a failure', async () => {
    await aReadersVisit();
    await pages('/', page(reader));
    await data('/api/favorites', json(403, { message: 'No', code: 'forbidden' }));
    await data('/api/favorites', new Response('<html>proxy</html>', { status: 401 }));
    await data('/api/favorites', json(503, { message: 'Busy', code: 'unavailable' }));
    // The app's own shell (a page not rendered on the server) says nothing of who reads.
    await pages(
      '/account',
      new Response('<div id="root"></div>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(await holdsSignedInCopies(origin)).toBe(true);
    expect(store.names()[CACHES.data]).toContain('/api/favorites');
    expect(store.names()[CACHES.pages]).toContain('/search?saved=true');
    expect(ended).not.toHaveBeenCalled();
  });

  it('leaves a visitor’s copies alone: nobody was signed in', async () => {
    await data('/api/properties/search', json(200, []));
    await pages('/search', page(null));
    await data('/api/auth/user', json(401, { message: 'Not signed in', code: 'unauthenticated' }));
    await pages('/', page(null));
    expect(await holdsSignedInCopies(origin)).toBe(false);
    expect(store.names()).toEqual({
      [CACHES.data]: ['/api/properties/search'],
      [CACHES.pages]: ['/', '/search'],
    });
    expect(ended).not.toHaveBeenCalled();
  });

  it('counts the answers a signed-in reader’s page handed over as theirs, a visitor’s not', () => {
    const answer = (body: unknown) => ({
      path: '/api/auth/user',
      body: JSON.stringify(body),
      savedAt: '2026-12-01T10:00:00.000Z',
    });
    expect(answersOfSomeone([answer(reader)])).toBe(true);
    expect(answersOfSomeone([answer(null)])).toBe(false);
    expect(answersOfSomeone([{ ...answer([]), path: '/api/properties/search' }])).toBe(false);
  });

  it('marks, when it starts, the copies an older worker kept for a reader (no mark then)', async () => {
    await store.keep(CACHES.data, '/api/properties/search', '[]');
    await store.keep(CACHES.pages, '/search', '<html></html>', {
      'cache-control': 'private, no-cache',
    });
    await markOlderCopies(origin);
    expect(await holdsSignedInCopies(origin)).toBe(false);

    await store.keep(CACHES.data, '/api/auth/user', 'null');
    await markOlderCopies(origin);
    expect(await holdsSignedInCopies(origin)).toBe(false);

    await store.keep(CACHES.data, '/api/auth/user', JSON.stringify(reader));
    await markOlderCopies(origin);
    expect(await holdsSignedInCopies(origin)).toBe(true);
    await pages('/', page(null));
    expect(store.names()).toEqual({ [CACHES.pages]: ['/'] });

    // A page an older worker kept for a reader (the server sends those no-store).
    await store.keep(CACHES.pages, '/property/x', '<html></html>', { 'cache-control': 'no-store' });
    await markOlderCopies(origin);
    expect(await holdsSignedInCopies(origin)).toBe(true);
  });
});

describe('whom a page was rendered for', () => {
  it('reads it from the state the page carries', () => {
    const html = (response: Response) => response.text();
    return Promise.all([html(page(reader)), html(page(null))]).then(([someone, nobody]) => {
      expect(renderedFor(someone)).toBe('someone');
      expect(renderedFor(nobody)).toBe('nobody');
      expect(renderedFor('<div id="root"></div>')).toBeNull();
      expect(
        renderedFor('<script type="application/json" id="abode-page-state">{]</script>'),
      ).toBeNull();
    });
  });

  it('keeps its mark where no route answers with it', () => {
    expect(SIGNED_IN_COPIES_MARK.startsWith('/api/')).toBe(true);
    expect(isOfflineData(SIGNED_IN_COPIES_MARK)).toBe(false);
  });
});
