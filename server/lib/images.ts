import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import phash from 'sharp-phash';
import { IMAGE_WIDTHS, type Photo } from '#common/images';
import type { FileStorage } from './storage';

export type EncodedPhoto = {
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
  /** Its perceptual hashes (photoFingerprint), for finding copies of it on other listings. */
  fingerprint: PhotoFingerprint;
};

// Photo processing holds a bounded amount of memory (issue 22): no upload is encoded twice, so
// libvips's cache of operations would only keep pixels alive; and one libvips thread per image
// leaves the other core to the requests (on the 2-core servers this runs on) and keeps fewer
// thread-local heaps. Uploads wait their turn in server/lib/photo-queue.ts.
sharp.cache(false);
sharp.concurrency(1);

/** 50 megapixels: far beyond any phone photo, and a bound on what a small hostile file can make sharp allocate. */
const decodeOptions = { failOn: 'error', limitInputPixels: 50_000_000 } as const;

/**
 * Re-encodes an image into WebP variants at the fixed widths that fit it (one at its own
 * width when it is narrower than the smallest). Orientation is applied and every piece of
 * metadata (EXIF, GPS, ICC) is dropped, which sharp does unless asked to keep it.
 *
 * One variant at a time, each decoded from the original: a JPEG decodes at a fraction of its
 * size for the small widths, and only one image's pixels are held at once (all four in
 * parallel from a full-size copy held 300 MB after 30 uploads of 4 MB photos).
 */
export async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const { width, height } = (await sharp(input, decodeOptions).metadata()).autoOrient;
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);
  const variants: EncodedPhoto['variants'] = [];
  for (const variantWidth of widths) {
    const data = await sharp(input, decodeOptions)
      .rotate()
      .resize({ width: variantWidth, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    variants.push({ width: variantWidth, data });
  }
  return { width, height, variants, fingerprint: await photoFingerprint(input) };
}

/**
 * A photo's perceptual hashes (issue 50, docs/decisions/035-stolen-photos.md): the 64-bit DCT
 * hash of sharp-phash (16 hex digits) of the whole picture and of its 90 % crops, so that a
 * copy cropped by a tenth (one side, two or all around) is as close to one of them as a
 * resized copy is to the whole. Decoded once, small and grey (JPEGs shrink on load), so it adds
 * a few tens of milliseconds to an upload; each hash's work is short and the event loop runs
 * between them.
 */
export type PhotoFingerprint = { hash: string; cropHashes: string[] };

/** The crops hashed besides the whole: [left, top, width, height] as fractions. */
const fingerprintCrops: readonly (readonly [number, number, number, number])[] = [
  // A tenth off the width and the height, anchored at each corner, edge middle and centre.
  ...[0, 0.05, 0.1].flatMap((left) => [0, 0.05, 0.1].map((top) => [left, top, 0.9, 0.9] as const)),
  // A tenth off the width only, then off the height only.
  ...[0, 0.05, 0.1].map((left) => [left, 0, 0.9, 1] as const),
  ...[0, 0.05, 0.1].map((top) => [0, top, 1, 0.9] as const),
];

/** The side the hashed picture is decoded at: enough for a 32 × 32 sample of a 90 % crop. */
const FINGERPRINT_SIDE = 256;

export async function photoFingerprint(input: Buffer): Promise<PhotoFingerprint> {
  const { data, info } = await sharp(input, decodeOptions)
    .rotate()
    .greyscale()
    .resize({ width: FINGERPRINT_SIDE, height: FINGERPRINT_SIDE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const hashOf = async (crop: readonly [number, number, number, number]) => {
    const [left, top, width, height] = crop;
    const region = {
      left: Math.round(raw.width * left),
      top: Math.round(raw.height * top),
      width: Math.max(1, Math.round(raw.width * width)),
      height: Math.max(1, Math.round(raw.height * height)),
    };
    region.width = Math.min(region.width, raw.width - region.left);
    region.height = Math.min(region.height, raw.height - region.top);
    const pixels = await sharp(data, { raw }).extract(region).raw().toBuffer();
    const bits = await phash(pixels, {
      raw: { width: region.width, height: region.height, channels: raw.channels },
    });
    return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
  };
  const hash = await hashOf([0, 0, 1, 1]);
  const cropHashes: string[] = [];
  for (const crop of fingerprintCrops) cropHashes.push(await hashOf(crop));
  return { hash, cropHashes };
}

/** Bits that differ between two hashes of photoFingerprint. */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

/** Hashes this close are the same picture (decision 035: measured copies 0–3, others 16+). */
export const SAME_PHOTO_DISTANCE = 4;

/** The bits of each band of a hash: five bands, so hashes within distance 4 share one. */
const BAND_BITS = [13, 13, 13, 13, 12] as const;

/**
 * A hash's bands as indexable numbers, `band * 8192 + value`: by the pigeonhole principle two
 * hashes at most SAME_PHOTO_DISTANCE (4) bits apart agree on at least one of the five bands.
 */
export function hashBands(hash: string): number[] {
  let value = BigInt(`0x${hash}`);
  const bands: number[] = [];
  for (const [band, bits] of BAND_BITS.entries()) {
    bands.push(band * 8192 + Number(value & ((1n << BigInt(bits)) - 1n)));
    value >>= BigInt(bits);
  }
  return bands;
}

export function newPhotoKey(): string {
  return `p${randomBytes(12).toString('hex')}`;
}

export function variantFileName(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

const variantName = /^(p[0-9a-f]{24})-\d{2,4}\.webp$/;

/** The photo key of a stored variant's file name; null for any other file (videos). */
export function photoKeyOfFileName(name: string): string | null {
  return variantName.exec(name)?.[1] ?? null;
}

/** Stores the variants under a new random key and describes the photo for listings. */
export async function storePhoto(storage: FileStorage, photo: EncodedPhoto): Promise<Photo> {
  const key = newPhotoKey();
  for (const variant of photo.variants) {
    await storage.put(variantFileName(key, variant.width), variant.data);
  }
  return {
    key,
    width: photo.width,
    height: photo.height,
    widths: photo.variants.map((v) => v.width),
  };
}

export async function deletePhoto(storage: FileStorage, photo: Photo): Promise<void> {
  await Promise.all(photo.widths.map((w) => storage.delete(variantFileName(photo.key, w))));
}

/**
 * A photo of an identity document or licence (issue 19), re-encoded once at a width that keeps
 * small print readable, without metadata (a phone photo's GPS would say where its owner lives).
 */
export async function encodeDocumentPhoto(input: Buffer): Promise<Buffer> {
  return sharp(input, decodeOptions)
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
}
