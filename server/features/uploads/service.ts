import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { photoDefaultUrl, photoKeyFromUrl, type Photo } from '#common/images';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '#common/listings';
import type { Database } from '../../db/client';
import { photoFingerprints, photoUploads } from './schema';
import { AppError } from '../../lib/app-error';
import {
  deletePhoto,
  encodePhoto,
  storePhoto,
  variantFileName,
  type EncodedPhoto,
} from '../../lib/images';
import { hashBands, photoFingerprint, type PhotoFingerprint } from '../../lib/photo-fingerprint';
import type { FileStorage } from '../../lib/storage';

/** The feature's table, for the features that read it (eslint.config.js serverFeatures). */
export { photoFingerprints, photoUploads } from './schema';

/** Uploads nobody put on a listing within this time are deleted. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

export const imageTooLarge = () =>
  new AppError('image_too_large', {
    fields: { images: 'fileTooLarge' },
  });
const wrongType = () => new AppError('image_wrong_type');
const unreadable = () => new AppError('image_unreadable');

/**
 * Checks one uploaded image by its content (never its name or declared type) and re-encodes
 * it with `encode` (without metadata). Nothing is stored yet. Listing photos and the document
 * photos of verified listers (features/verifications) pass the same check.
 */
export async function encodeCheckedImage<T>(
  data: Buffer,
  encode: (data: Buffer) => Promise<T>,
): Promise<T> {
  if (data.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw wrongType();
  try {
    return await encode(data);
  } catch {
    // The right signature over a broken or hostile body (truncated, a pixel bomb).
    throw unreadable();
  }
}

/** A listing photo, checked and re-encoded into WebP variants. */
export const encodeUploadedImage = (data: Buffer): Promise<EncodedPhoto> =>
  encodeCheckedImage(data, encodePhoto);

const dataUrlPattern = /^data:[^,;]*(?:;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** The bytes of a base64 data URL (the spec's JSON upload form); its declared type is ignored. */
export function decodeDataUrl(url: string): Buffer {
  const match = dataUrlPattern.exec(url);
  if (!match) {
    throw new AppError('invalid_input', {
      message: 'Images must be base64 data URLs',
      fields: { images: 'invalidValue' },
    });
  }
  const base64 = match[1]!.replace(/\s/g, '');
  // Refuse before decoding what would be too large anyway.
  if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw imageTooLarge();
  return Buffer.from(base64, 'base64');
}

/**
 * Stores checked photos for their owner and answers their URLs. All or nothing: when one
 * cannot be stored, the ones already written are deleted again.
 */
export async function storeUploads(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  encoded: readonly EncodedPhoto[],
): Promise<string[]> {
  const stored: Photo[] = [];
  try {
    for (const photo of encoded) stored.push(await storePhoto(storage, photo));
    await db.transaction(async (tx) => {
      await tx
        .insert(photoUploads)
        .values(stored.map((photo) => ({ key: photo.key, ownerId, photo })));
      await recordFingerprints(
        tx,
        stored.map((photo, index) => ({
          key: photo.key,
          fingerprint: encoded[index]!.fingerprint,
        })),
      );
    });
  } catch (error) {
    await deletePhotos(storage, stored);
    throw error;
  }
  return stored.map((photo) => photoDefaultUrl(photo));
}

/** Stores photos' perceptual hashes with their bands (decision 035); a photo hashed already keeps its row. */
export async function recordFingerprints(
  db: Database,
  entries: readonly { key: string; fingerprint: PhotoFingerprint }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(photoFingerprints)
    .values(
      entries.map(({ key, fingerprint }) => ({
        photoKey: key,
        hash: fingerprint.hash,
        cropHashes: fingerprint.cropHashes,
        bands: hashBands(fingerprint.hash),
        cropBands: [...new Set(fingerprint.cropHashes.flatMap(hashBands))],
      })),
    )
    .onConflictDoNothing();
}

/**
 * Hashes a stored photo from its smallest variant (photos uploaded before hashes were kept);
 * null when its files are gone or unreadable.
 */
export async function fingerprintStoredPhoto(
  storage: FileStorage,
  photo: Photo,
): Promise<PhotoFingerprint | null> {
  const width = photo.widths[0];
  if (width === undefined) return null;
  const file = await storage.open(variantFileName(photo.key, width));
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  try {
    return await photoFingerprint(Buffer.concat(chunks));
  } catch {
    return null;
  }
}

/** Deletes photos' files; a file that cannot be deleted is left for later, never fatal. */
export async function deletePhotos(storage: FileStorage, photos: readonly Photo[]): Promise<void> {
  await Promise.allSettled(photos.map((photo) => deletePhoto(storage, photo)));
}

/**
 * The photos a listing will have, in the order of `urls`: those it already has, and the
 * owner's own unused uploads, which are taken (removed from the uploads table) inside the
 * caller's transaction so two listings cannot take the same one. Any other URL is refused.
 */
export async function claimPhotos(
  tx: Database,
  ownerId: string,
  urls: readonly string[],
  current: readonly Photo[] = [],
): Promise<Photo[]> {
  const keys = urls.map((url) => photoKeyFromUrl(url));
  const currentByKey = new Map(current.map((photo) => [photo.key, photo]));
  const wanted = [...new Set(keys.filter((key): key is string => key !== null))].filter(
    (key) => !currentByKey.has(key),
  );
  const claimed = wanted.length
    ? await tx
        .delete(photoUploads)
        .where(and(eq(photoUploads.ownerId, ownerId), inArray(photoUploads.key, wanted)))
        .returning({ key: photoUploads.key, photo: photoUploads.photo })
    : [];
  const byKey = new Map([...currentByKey, ...claimed.map((row) => [row.key, row.photo] as const)]);
  const seen = new Set<string>();
  const photos: Photo[] = [];
  for (const key of keys) {
    const photo = key === null ? undefined : byKey.get(key);
    if (!photo) {
      throw new AppError('image_not_uploaded_here', {
        fields: { images: 'invalidValue' },
      });
    }
    if (seen.has(photo.key)) continue;
    seen.add(photo.key);
    photos.push(photo);
  }
  return photos;
}

/** Deletes uploads older than the TTL that no listing took, files first. */
export async function sweepUnusedUploads(
  db: Database,
  storage: FileStorage,
  olderThanMs = UNUSED_UPLOAD_TTL_MS,
): Promise<number> {
  const cutoff = sql`now() - make_interval(secs => ${olderThanMs / 1000})`;
  const stale = await db
    .select({ key: photoUploads.key, photo: photoUploads.photo })
    .from(photoUploads)
    .where(lt(photoUploads.createdAt, cutoff))
    .limit(1000);
  if (stale.length === 0) return 0;
  // Rows go first, then files: a listing can no longer take a photo whose files are going.
  const deleted = await db
    .delete(photoUploads)
    .where(
      and(
        inArray(
          photoUploads.key,
          stale.map((row) => row.key),
        ),
        lt(photoUploads.createdAt, cutoff),
      ),
    )
    .returning({ photo: photoUploads.photo });
  if (deleted.length > 0) {
    await db.delete(photoFingerprints).where(
      inArray(
        photoFingerprints.photoKey,
        deleted.map((row) => row.photo.key),
      ),
    );
  }
  await deletePhotos(
    storage,
    deleted.map((row) => row.photo),
  );
  return deleted.length;
}
