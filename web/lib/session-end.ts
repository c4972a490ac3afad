import { CACHES } from './offline-rules';

/**
 * When the session ends, the service worker's copies of signed-in answers and pages go
 * (issue 34), not only on Sign Out: the next person on the phone must not find the last one's
 * favourites or account, even offline. The app learns it has ended when
 * - who is signed in is answered "nobody" after someone was (the current-user query, also on
 *   a later visit: the mark below outlives the tab, so a session that expired overnight is
 *   noticed on the next load);
 * - any API request is refused 401 `unauthenticated` while someone was signed in (signed out
 *   on another device, the session expired or was revoked);
 * - another tab signs out or notices the end (the mark's `storage` event).
 * A visitor's copies are never touched: nothing was signed in.
 *
 * A visitor's page rendered on the server (decision 030) runs this too, without React (issue
 * 50): its boot script (islands/boot.ts) hears another tab's sign-out here and tells it of a
 * page rendered for nobody; the service worker notices the rest itself
 * (features/offline/session-watch.ts). So this module imports nothing of React's: the boot
 * script's budget is a few kilobytes.
 */

/** In localStorage while the kept copies may hold a signed-in reader's answers. */
export const SIGNED_IN_MARK = 'abode.signedIn';

let signedIn = false;
const listeners = new Set<() => void>();

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (some private modes): this tab's own knowledge still works.
    return null;
  }
}

const wasSignedIn = () => signedIn || store()?.getItem(SIGNED_IN_MARK) != null;

/** Called back when the session ended (the auth feature drops the reader's cached answers). */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Forgets the service worker's kept copies of data and pages, as lib/connection.ts's
 * forgetKeptData does (pages too: a page rendered on the server carries its reader's answers).
 */
async function forgetKeptCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(CACHES.data), caches.delete(CACHES.pages)]);
}

/** Ends the session as far as this browser is concerned; other tabs hear of it. */
export async function endSession(): Promise<void> {
  signedIn = false;
  // Removing the mark is what other tabs hear (their `storage` event below).
  store()?.removeItem(SIGNED_IN_MARK);
  await forgetKeptCopies().catch(() => undefined);
  for (const listener of listeners) listener();
}

/** The app learned who reads: someone (true) or nobody (false). */
export function noteReader(someone: boolean): void {
  if (someone) {
    signedIn = true;
    store()?.setItem(SIGNED_IN_MARK, '1');
  } else if (wasSignedIn()) {
    void endSession();
  }
}

/** An API answer refused the request for want of a session (401 `unauthenticated`). */
export function noteUnauthenticated(): void {
  noteReader(false);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // Another tab signed out, or learned the session had ended: it is the same session here.
    if (event.key === SIGNED_IN_MARK && event.oldValue !== null && event.newValue === null) {
      void endSession();
    }
  });
}
