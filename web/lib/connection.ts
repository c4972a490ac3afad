import { useSyncExternalStore } from 'react';
import { CACHES, OFFLINE_COPY_HEADER } from './offline-rules';

/**
 * Whether the app can reach the server (issue 22). Offline when the browser says so, when a
 * request fails for want of a connection, or when the service worker answers with a kept copy
 * (then `savedAt` is when it was saved); online again with the browser's `online` event or
 * the next answer from the server itself.
 */
export type Connection = { offline: boolean; savedAt: string | null };

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let state: Connection = { offline: browserOffline(), savedAt: null };
/**
 * When what is on the screen was last current: the time of the last answer from the server, or
 * the time a server-rendered page was rendered (an offline copy of the page is from then). The
 * notice names it when the app goes offline without a kept copy of data (issue 34).
 */
let currentAt: string | null = null;
const listeners = new Set<() => void>();

function set(next: Connection) {
  if (next.offline === state.offline && next.savedAt === state.savedAt) return;
  state = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () =>
    set({ offline: true, savedAt: state.savedAt ?? currentAt }),
  );
  window.addEventListener('online', () => set({ offline: false, savedAt: null }));
}

/** Reads an answer: a kept copy means offline (since when it was saved), any other online. */
export function noteAnswer(response: Response): void {
  const copy = response.headers.get(OFFLINE_COPY_HEADER);
  if (copy !== null) {
    // The oldest copy on the screen is what the notice names.
    const savedAt = state.savedAt && copy && state.savedAt < copy ? state.savedAt : copy || null;
    set({ offline: true, savedAt });
  } else if (!browserOffline()) {
    currentAt = new Date().toISOString();
    set({ offline: false, savedAt: null });
  }
}

/** A request that never reached the server. */
export function noteConnectionLost(): void {
  set({ offline: true, savedAt: state.savedAt ?? currentAt });
}

/**
 * The page came rendered by the server with answers read at `time`: offline (the worker's copy
 * of the page), that is when what shows was saved.
 */
export function noteRenderedAt(time: string | null): void {
  if (!time) return;
  currentAt = time;
  if (state.offline && !state.savedAt) set({ offline: true, savedAt: time });
}

export function connectionNow(): Connection {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page rendered on the server was rendered online; hydration starts from that too. */
const renderedOnline: Connection = { offline: false, savedAt: null };
const whenRendered = () => renderedOnline;

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connectionNow, whenRendered);
}

/**
 * A request that could not reach the server (no connection): a TypeError, as fetch's own
 * failure is, so code that tells network failures by that still does.
 */
export class ConnectionError extends TypeError {
  constructor() {
    super('No connection');
    this.name = 'ConnectionError';
  }
}

/**
 * Forgets the service worker's kept copies of data and pages (on sign-out): the next person
 * on this phone must not see the last one's favourites or account, even offline. Pages too:
 * a page rendered on the server carries its reader's answers.
 */
export async function forgetKeptData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(CACHES.data), caches.delete(CACHES.pages)]);
}
