import { eq, inArray, sql } from 'drizzle-orm';
import type { PhotoMatch } from '#common/admin';
import { photoDefaultUrl, type Photo } from '#common/images';
import { rowsOf, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { hashBands, hashDistance, SAME_PHOTO_DISTANCE } from '../../lib/photo-fingerprint';
import type { FileStorage } from '../../lib/storage';
import { heldPhotos, properties } from '../listings/service';
import { fingerprintStoredPhoto, photoFingerprints, recordFingerprints } from '../uploads/service';

/*
 * Stolen photos (issue 50, docs/decisions/035-stolen-photos.md): a listing waiting for
 * approval, or an approved one whose added photos wait, is shown with every other lister's
 * listing that carries the same picture (resized, re-compressed or cropped by a tenth). The
 * uploads feature hashes each photo as it arrives (photo_fingerprints); this compares.
 */

type Fingerprint = { photoKey: string; hash: string; cropHashes: string[] };

/** The listings compared: their photos, approved and proposed, and whose they are. */
export type MatchedListing = {
  id: string;
  ownerId: string;
  photos: Photo[];
};

/** How many photos without a hash one sweep run hashes from their files at most. */
const BACKFILL_BATCH = 100;

/**
 * The distance between two photos: the whole of each against the whole of the other and
 * against the other's crops (a copy cropped by a tenth is close to one crop of the original,
 * and the original to one crop of the copy's wider picture).
 */
export function photoDistance(a: Fingerprint, b: Fingerprint): number {
  let best = hashDistance(a.hash, b.hash);
  for (const crop of b.cropHashes) best = Math.min(best, hashDistance(a.hash, crop));
  for (const crop of a.cropHashes) best = Math.min(best, hashDistance(crop, b.hash));
  return best;
}

async function fingerprintsOf(db: Database, keys: readonly string[]): Promise<Fingerprint[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      photoKey: photoFingerprints.photoKey,
      hash: photoFingerprints.hash,
      cropHashes: photoFingerprints.cropHashes,
    })
    .from(photoFingerprints)
    .where(inArray(photoFingerprints.photoKey, [...keys]));
}

/** Hashes the photos that have no hash yet (uploaded before hashes were kept), from their files. */
async function hashMissingPhotos(
  db: Database,
  storage: FileStorage,
  photos: readonly Photo[],
): Promise<number> {
  const known = new Set(
    (
      await fingerprintsOf(
        db,
        photos.map((p) => p.key),
      )
    ).map((f) => f.photoKey),
  );
  const entries = [];
  for (const photo of photos) {
    if (known.has(photo.key)) continue;
    known.add(photo.key);
    const fingerprint = await fingerprintStoredPhoto(storage, photo);
    if (fingerprint) entries.push({ key: photo.key, fingerprint });
  }
  await recordFingerprints(db, entries);
  return entries.length;
}

/**
 * The hourly sweep's part: listings' photos (approved and proposed) that have no hash, a batch
 * at a time until none is left, so existing listings are found as the originals of a copy.
 * A photo whose files are gone is skipped by every run (it stays without a hash).
 */
export async function backfillPhotoHashes(db: Database, storage: FileStorage): Promise<number> {
  let hashed = 0;
  const skipped = new Set<string>();
  for (;;) {
    const rows = await rowsOf<{ photo: Photo }>(
      db,
      sql`
      select photo from (
        select jsonb_array_elements(${properties.photos} || coalesce(${properties.pendingChanges} -> 'photos', '[]'::jsonb)) as photo
        from ${properties}
      ) as held
      where not exists (
        select 1 from ${photoFingerprints} where ${photoFingerprints.photoKey} = held.photo ->> 'key'
      )
      and not ((held.photo ->> 'key') = any(${sql.param([...skipped, ''])}::text[]))
      limit ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return hashed;
    const photos = rows.map((row) => row.photo);
    const done = await hashMissingPhotos(db, storage, photos);
    hashed += done;
    const known = new Set(
      (
        await fingerprintsOf(
          db,
          photos.map((p) => p.key),
        )
      ).map((f) => f.photoKey),
    );
    for (const photo of photos) if (!known.has(photo.key)) skipped.add(photo.key);
  }
}

/**
 * For each listing, the photos that another lister's listing carries too. Candidates come from
 * the band indexes (a whole-picture band against any band, a crop's band against the whole
 * picture's) and are compared exactly; listings of the same owner never match.
 */
/** How many other listings a photo's matches name, the closest first. */
export const MATCHES_PER_PHOTO = 3;

export async function findPhotoMatches(
  db: Database,
  listings: readonly MatchedListing[],
): Promise<Map<string, PhotoMatch[]>> {
  const result = new Map<string, PhotoMatch[]>(listings.map((l) => [l.id, []]));
  const allPhotos = listings.flatMap((l) => l.photos);
  if (allPhotos.length === 0) return result;
  // Photos older than the hashes have none until the hourly sweep hashes them
  // (backfillPhotoHashes): decoding pictures has no place on a page's read.
  const own = await fingerprintsOf(db, [...new Set(allPhotos.map((p) => p.key))]);
  if (own.length === 0) return result;
  const ownByKey = new Map(own.map((f) => [f.photoKey, f]));
  const wholeBands = [...new Set(own.flatMap((f) => hashBands(f.hash)))];
  const anyBands = [
    ...new Set([...wholeBands, ...own.flatMap((f) => f.cropHashes.flatMap(hashBands))]),
  ];
  const candidates = await db
    .select({
      photoKey: photoFingerprints.photoKey,
      hash: photoFingerprints.hash,
      cropHashes: photoFingerprints.cropHashes,
    })
    .from(photoFingerprints)
    .where(
      sql`(${photoFingerprints.bands} && ${sql.param(anyBands)}::int[] OR ${photoFingerprints.cropBands} && ${sql.param(wholeBands)}::int[])`,
    )
    .limit(5000);

  // Each listing photo's close candidates, exactly compared.
  const close = new Map<string, { otherKey: string; distance: number }[]>();
  for (const mine of own) {
    for (const other of candidates) {
      if (other.photoKey === mine.photoKey) continue;
      const distance = photoDistance(mine, other);
      if (distance > SAME_PHOTO_DISTANCE) continue;
      const list = close.get(mine.photoKey) ?? [];
      list.push({ otherKey: other.photoKey, distance });
      close.set(mine.photoKey, list);
    }
  }
  const otherKeys = [...new Set([...close.values()].flat().map((c) => c.otherKey))];
  if (otherKeys.length === 0) return result;

  // The listings that hold those photos (approved or proposed), with their listers.
  const holders = await db
    .select({
      key: sql<string>`k.key`,
      id: properties.id,
      title: properties.title,
      ownerId: properties.ownerId,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: users.businessName,
      photos: properties.photos,
      pendingChanges: properties.pendingChanges,
    })
    .from(sql`unnest(${sql.param(otherKeys)}::text[]) as k(key)`)
    .innerJoin(
      properties,
      sql`(${properties.photos} @> jsonb_build_array(jsonb_build_object('key', k.key))
        OR (${properties.pendingChanges} IS NOT NULL
          AND (${properties.pendingChanges} -> 'photos') @> jsonb_build_array(jsonb_build_object('key', k.key))))`,
    )
    .innerJoin(users, eq(users.id, properties.ownerId));
  const holdersByKey = new Map<string, typeof holders>();
  for (const holder of holders) {
    const list = holdersByKey.get(holder.key) ?? [];
    list.push(holder);
    holdersByKey.set(holder.key, list);
  }

  for (const listing of listings) {
    const matches = result.get(listing.id)!;
    const seen = new Set<string>();
    const matchesOf = (key: string) => matches.filter((match) => match.photoKey === key).length;
    for (const photo of listing.photos) {
      if (!ownByKey.has(photo.key)) continue;
      const found = [...(close.get(photo.key) ?? [])].sort((a, b) => a.distance - b.distance);
      for (const { otherKey, distance } of found) {
        for (const holder of holdersByKey.get(otherKey) ?? []) {
          // Never the same owner's listings (an owner may reuse a photo of their own).
          if (holder.ownerId === listing.ownerId || holder.id === listing.id) continue;
          const pair = `${photo.key}:${holder.id}`;
          if (seen.has(pair)) continue;
          // The closest few are enough to decide; a picture on hundreds of listings (a stock
          // photo) would otherwise fill the card.
          if (matchesOf(photo.key) >= MATCHES_PER_PHOTO) break;
          seen.add(pair);
          const other = heldPhotos(holder).find((held) => held.key === otherKey)!;
          matches.push({
            photoKey: photo.key,
            otherPhotoKey: otherKey,
            otherPhotoUrl: photoDefaultUrl(other),
            distance,
            otherListing: {
              id: holder.id,
              title: holder.title,
              lister: {
                id: holder.ownerId,
                displayName:
                  holder.businessName?.trim() || `${holder.firstName} ${holder.lastName}`.trim(),
              },
            },
          });
        }
      }
    }
  }
  return result;
}
