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
