import { CACHES } from '../../lib/offline-rules';

/**
 * Whether the service worker's copies may hold a signed-in reader's answers (issue 50), known
 * by the copies themselves: the worker puts a mark inside the data or pages cache when it
 * keeps a signed-in reader's answer or page there (session-watch.ts), so deleting those
 * caches (Sign Out, lib/session-end.ts) deletes the mark with them, and a visitor's copies,
 * which never get one, are never deleted for a visitor's page. Plain Cache Storage: the worker
 * and a page (the boot script) both read it. The mark's address is under /api/, which no page
 * route answers, and no API read the worker keeps: the mark is never served as an answer.
 */
export const SIGNED_IN_COPIES_MARK = '/api/__abode/signed-in-copies';

/**
 * The message the worker sends every open page when it forgot a signed-in reader's copies
 * because an answer said nobody is signed in: a visitor's page (islands/boot.ts) then ends the
 * session as the app does (lib/session-end.ts), which other tabs hear.
 */
export const SESSION_ENDED_MESSAGE = 'abode-session-ended';

/** The caches that keep what a reader saw: a signed-in one's answers, and pages rendered for them. */
const READERS_CACHES = [CACHES.data, CACHES.pages] as const;

const available = () => typeof caches !== 'undefined';

/** Marks the cache `cacheName` as holding a signed-in reader's copies (once). */
export async function markSignedInCopies(cacheName: string, origin: string): Promise<void> {
  const cache = await caches.open(cacheName);
  const mark = new URL(SIGNED_IN_COPIES_MARK, origin).href;
  if (await cache.match(mark)) return;
  await cache.put(mark, new Response('', { headers: { 'content-type': 'text/plain' } }));
}

/** Whether the data or the pages cache is marked as holding a signed-in reader's copies. */
export async function holdsSignedInCopies(origin: string): Promise<boolean> {
  if (!available()) return false;
  const mark = new URL(SIGNED_IN_COPIES_MARK, origin).href;
  for (const name of READERS_CACHES) {
    if (!(await caches.has(name))) continue;
    if (await (await caches.open(name)).match(mark)) return true;
  }
  return false;
}

/** Deletes the kept answers and pages, as Sign Out does (lib/session-end.ts). */
export async function forgetSignedInCopies(): Promise<void> {
  if (!available()) return;
  await Promise.all(READERS_CACHES.map((name) => caches.delete(name)));
}

/**
 * The session is known to have ended (an answer from the server said nobody is signed in):
 * the copies go if they hold a signed-in reader's answers; a visitor's stay. True when they went.
 */
export async function forgetSignedInCopiesIfAny(origin: string): Promise<boolean> {
  if (!(await holdsSignedInCopies(origin))) return false;
  await forgetSignedInCopies();
  return true;
}
