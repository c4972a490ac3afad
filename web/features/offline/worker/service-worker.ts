/**
 * Abode's service worker (issue 22), built by vite.config.ts into /sw.js. It keeps what a
 * renter has already paid for, so a repeat visit costs almost nothing and a bad connection
 * still shows what they have seen; it never serves an old app while the network answers.
 *
 * - Pages: network first (a new deploy's page, with its new scripts, is used at once); when
 *   the network fails, the copy of that page, else the home page's, which routes any path.
 * - Scripts and styles (/assets/, hashed names that never change): from the cache first.
 * - The data of what was seen (listings, searches, favourites, the signed-in user, the
 *   exchange rate, saved searches): network first; a copy used offline carries the header
 *   `x-abode-offline-copy` with the time it was saved, which the app shows.
 * - Photos: the copy of any size of the same photo when the network fails, smallest first.
 * - The end of a session, noticed by itself (issue 50): the kept answers and pages of a
 *   signed-in reader go when a page rendered for a visitor or a read refused 401 comes from the
 *   network (../session-watch.ts), whether or not the page runs any of the app's code.
 */
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  CACHES,
  DATA_MAX_ENTRIES,
  isOfflineData,
  KEEP_ANSWERS_MESSAGE,
  type KeptAnswer,
  OFFLINE_COPY_HEADER,
  photoFallbackUrls,
  SAVED_AT_HEADER,
  SHELL_URLS,
} from '../../../lib/offline-rules';
import { answersOfSomeone, markOlderCopies, watchData, watchPages } from '../session-watch';
import { markSignedInCopies, SESSION_ENDED_MESSAGE } from '../signed-in-copies';

declare const self: ServiceWorkerGlobalScope;
/** The build this worker belongs to (vite.config.ts): a new deploy is a new worker. */
declare const ABODE_BUILD: string;
/** The app shell's scripts and styles (vite.config.ts), kept when the worker installs. */
declare const ABODE_SHELL_ASSETS: string[];

/** This build's shell: the home page, the placeholder, the shell's scripts and styles. */
const shellCache = `${CACHES.shell}-${ABODE_BUILD}`;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** A response with some headers changed (a cached body can be read only once). */
async function withHeaders(response: Response, headers: Record<string, string>) {
  const changed = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) changed.set(name, value);
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: changed,
  });
}

/** Stamps what it keeps with the time, and marks a copy used instead of the network. */
const offlineCopies: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.ok ? withHeaders(response, { [SAVED_AT_HEADER]: new Date().toISOString() }) : null,
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse
      ? withHeaders(cachedResponse, {
          [OFFLINE_COPY_HEADER]: cachedResponse.headers.get(SAVED_AT_HEADER) ?? '',
        })
      : null,
};

/**
 * A signed-in reader's copies went because an answer said nobody is signed in (issue 50):
 * every open page hears it, so a visitor's page, which runs no app, ends the session as the
 * app does and other tabs signed in as that reader learn it too. The page a navigation brings
 * may not be open yet when its answer has been read: it is waited for (`clients.get` waits
 * until the page runs), and its messages wait until its scripts listen.
 */
async function sessionEnded(event: ExtendableEvent): Promise<void> {
  const told = new Set<string>();
  const tell = (page: Client | undefined) => {
    if (!page || told.has(page.id)) return;
    told.add(page.id);
    page.postMessage({ type: SESSION_ENDED_MESSAGE });
  };
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    tell(page);
  const arriving = event instanceof FetchEvent ? event.resultingClientId : '';
  if (arriving) tell(await self.clients.get(arriving));
}

const pageCopies = new NetworkFirst({
  cacheName: CACHES.pages,
  plugins: [
    watchPages(sessionEnded),
    new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true }),
  ],
});

self.addEventListener('install', (event) => {
  // The home page, which opens any path offline once the scripts are kept, and the picture
  // shown for a photo never seen. This build's own: a deploy's new worker takes them again.
  // The scripts come from the browser's own cache when the page just loaded them. Taken as a
  // visitor (no cookie): the server renders the home page for its reader, and this copy must
  // not keep anyone's account after they sign out.
  const asVisitor = (url: string) => new Request(url, { credentials: 'omit' });
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.addAll([...SHELL_URLS, ...ABODE_SHELL_ASSETS].map(asVisitor))),
  );
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches of names this build no longer uses (an older worker's).
      const wanted = new Set<string>([...Object.values(CACHES), shellCache]);
      for (const name of await caches.keys()) if (!wanted.has(name)) await caches.delete(name);
      // Copies an older worker kept for a signed-in reader carry no mark yet (issue 50).
      await markOlderCopies(self.location.origin).catch(() => undefined);
      await self.clients.claim();
    })(),
  );
});

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && !/^\/(api|dev|files|l)\//.test(url.pathname),
  pageCopies,
);

/** A script or style of the shell is answered from the shell's copy first. */
const shellFirst: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) =>
    cachedResponse ?? (await caches.match(request, { cacheName: shellCache })) ?? null,
};

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [shellFirst, new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isOfflineData(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.data,
    plugins: [
      watchData(sessionEnded),
      offlineCopies,
      new ExpirationPlugin({ maxEntries: DATA_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

/** The same entry limit as the data route's plugin, for the answers kept below. */
const dataExpiration = new CacheExpiration(CACHES.data, { maxEntries: DATA_MAX_ENTRIES });

/**
 * Keeps the answers a server-rendered page arrived with (the app sends them, issue 34): a
 * search first opened from a link then opens offline inside the app as one reached there. A
 * copy the app fetched itself since is newer and stays. A signed-in reader's page's answers
 * mark the cache as theirs (issue 50).
 */
async function keepAnswers(answers: KeptAnswer[]): Promise<void> {
  const cache = await caches.open(CACHES.data);
  const valid = answers.filter(
    (answer) =>
      typeof answer.path === 'string' &&
      typeof answer.body === 'string' &&
      typeof answer.savedAt === 'string',
  );
  if (answersOfSomeone(valid)) await markSignedInCopies(CACHES.data, self.location.origin);
  for (const { path, body, savedAt } of valid) {
    const url = new URL(path, self.location.origin);
    if (!sameOrigin(url) || !isOfflineData(url.pathname)) continue;
    const kept = (await cache.match(url.href))?.headers.get(SAVED_AT_HEADER);
    if (kept && kept >= savedAt) continue;
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      [SAVED_AT_HEADER]: savedAt,
    };
    await cache.put(url.href, new Response(body, { headers }));
    await dataExpiration.updateTimestamp(url.href);
  }
  await dataExpiration.expireEntries();
}

self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; answers?: unknown } | null;
  if (message?.type !== KEEP_ANSWERS_MESSAGE || !Array.isArray(message.answers)) return;
  event.waitUntil(keepAnswers(message.answers as KeptAnswer[]));
});

/**
 * Offline, a photo not kept at the size asked for is shown at another size kept, and one
 * never seen as the placeholder rather than a broken image.
 */
const otherSizes: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    for (const url of photoFallbackUrls(new URL(request.url).pathname)) {
      const copy = await caches.match(url, { cacheName: CACHES.photos });
      if (copy) return copy;
    }
    return caches.match('/placeholder-property.svg', { cacheName: shellCache });
  },
};

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/files/'),
  new CacheFirst({
    cacheName: CACHES.photos,
    plugins: [otherSizes, new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
  }),
);

// A page never opened before, with no network: the home page routes it (its data then says
// what is missing). Anything else fails as it would without a worker.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const home = await caches.match('/', { cacheName: shellCache });
    if (home) return home;
  }
  return Response.error();
});
