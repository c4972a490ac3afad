import { randomBytes } from 'node:crypto';
import { decodeOptions, sharp } from './sharp-setup';
import { IMAGE_WIDTHS, type Photo } from '#common/images';
import { photoFingerprint, type PhotoFingerprint } from './photo-fingerprint';
import type { FileStorage } from './storage';

export type EncodedPhoto = {
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
  /** Its perceptual hashes (photoFingerprint), for finding copies of it on other listings. */
  fingerprint: PhotoFingerprint;
};

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
