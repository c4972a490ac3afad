/**
 * Listing photos are stored as WebP variants at fixed widths (never wider than the
 * original). A photo is named by its key; the variant of width w is served at
 * /files/<key>-<w>.webp, so the browser picks a size through srcset.
 */
export const IMAGE_WIDTHS = [400, 800, 1200, 1600] as const;

export type Photo = { key: string; width: number; height: number; widths: number[] };

export function photoUrl(key: string, width: number): string {
  return `/files/${key}-${width}.webp`;
}

export function photoSrcSet(photo: Photo): string {
  return photo.widths.map((w) => `${photoUrl(photo.key, w)} ${w}w`).join(', ');
}

/** The variant to use when only one URL fits: the smallest at least `target` wide. */
export function photoDefaultUrl(photo: Photo, target = 800): string {
  const width = photo.widths.find((w) => w >= target) ?? photo.widths.at(-1) ?? target;
  return photoUrl(photo.key, width);
}

/** The key of a photo from any of its variant URLs, or null for other URLs. */
export function photoKeyFromUrl(url: string): string | null {
  const match = /^\/files\/([a-z0-9_]+)-\d+\.webp$/.exec(url);
  return match?.[1] ?? null;
}
