import { IMAGE_WIDTHS, photoUrl } from '#common/images';

/**
 * What the service worker keeps and how the app recognises a kept copy (issue 22). Plain
 * functions, shared by the worker (worker/service-worker.ts) and the app, and tested alone.
 */

/** The worker's caches; an older worker's caches of other names are deleted. */
export const CACHES = {
  /** The prefix of a build's shell (home page, placeholder, shell scripts), kept when installed. */
  shell: 'abode-shell-v1',
  pages: 'abode-pages-v1',
  assets: 'abode-assets-v1',
  data: 'abode-data-v1',
  photos: 'abode-photos-v1',
} as const;

/** What the worker keeps when it installs: the page that routes any path, and the photo placeholder. */
export const SHELL_URLS = ['/', '/placeholder-property.svg'] as const;

/** On a response the worker kept: when it was saved (ISO time). */
export const SAVED_AT_HEADER = 'x-abode-saved-at';
/** On a response the worker answered from its copy because the network failed: the saved time. */
export const OFFLINE_COPY_HEADER = 'x-abode-offline-copy';

/**
 * The API reads whose last answer is kept for a bad connection: what a renter has seen
 * (listings, searches, the featured ones, favourites), who is signed in, the exchange rate the
 * prices are shown at, and saved searches. Nothing that changes data, nothing of
 * administrators, and no contact details (they are revealed one at a time, counted).
 */
const offlineData = [
  /^\/api\/properties\/search$/,
  /^\/api\/properties\/featured$/,
  /^\/api\/properties\/[0-9a-f-]{36}$/,
  /^\/api\/favorites$/,
  /^\/api\/auth\/user$/,
  /^\/api\/exchange-rate$/,
  /^\/api\/saved-searches$/,
];

/** How many answers the data cache keeps at most. */
export const DATA_MAX_ENTRIES = 150;

export const isOfflineData = (pathname: string): boolean =>
  offlineData.some((pattern) => pattern.test(pathname));

const photoPath = /^\/files\/(p[0-9a-f]{24})-(\d{2,4})\.webp$/;

/**
 * The other sizes of the photo at `pathname`, smallest first: offline, any kept size is
 * better than none. Empty for any other file.
 */
export function photoFallbackUrls(pathname: string): string[] {
  const match = photoPath.exec(pathname);
  if (!match) return [];
  const [, key, width] = match;
  return IMAGE_WIDTHS.filter((w) => String(w) !== width).map((w) => photoUrl(key!, w));
}

/** The message the app sends the worker to keep the answers a server-rendered page came with. */
export const KEEP_ANSWERS_MESSAGE = 'abode-keep-answers';

/** One answer to keep in the data cache, as if the app had fetched it itself. */
export type KeptAnswer = { path: string; body: string; savedAt: string };

/** The part of a page's dehydrated query state read here (TanStack Query's `dehydrate`). */
type RenderedQueries = {
  queries: { queryKey: readonly unknown[]; state: { data?: unknown; dataUpdatedAt: number } }[];
};

/**
 * The answers a server-rendered page was drawn from, as the data cache keeps them (issue 34):
 * a search or listing opened from a link arrives with its answers inside the page, so the app
 * never fetches them and the worker, which keeps only what passes through it, had nothing to
 * show when the same search was opened inside the app offline. Only the reads the worker keeps
 * anyway (`isOfflineData`) and that have an answer; each saved at the time it was rendered.
 */
export function renderedAnswersToKeep(
  reads: readonly { key: readonly unknown[]; path: string }[],
  rendered: RenderedQueries,
): KeptAnswer[] {
  const kept: KeptAnswer[] = [];
  for (const read of reads) {
    if (!isOfflineData(new URL(read.path, 'http://abode.invalid').pathname)) continue;
    const key = JSON.stringify(read.key);
    const query = rendered.queries.find((q) => JSON.stringify(q.queryKey) === key);
    if (!query || query.state.data == null || !query.state.dataUpdatedAt) continue;
    kept.push({
      path: read.path,
      body: JSON.stringify(query.state.data),
      savedAt: new Date(query.state.dataUpdatedAt).toISOString(),
    });
  }
  return kept;
}

/** When the answers of a server-rendered page were read: the oldest of them, or null. */
export function renderedAt(rendered: RenderedQueries): string | null {
  const times = rendered.queries.map((q) => q.state.dataUpdatedAt).filter((t) => t > 0);
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}
