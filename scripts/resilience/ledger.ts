/**
 * What the server acknowledged (a whole 2xx answer arrived) and the checks that it is all in
 * the database afterwards, and that every photo file the database names is complete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { photoKeyFromUrl, type Photo } from '#common/images';
import { rowsOf, type Database } from '../../server/db/client';
import { variantFileName } from '../../server/lib/images';

export class Ledger {
  readonly users = new Set<string>();
  /** listing id → the photo URLs it was created with */
  readonly listings = new Map<string, string[]>();
  /** `${userId} ${propertyId}` */
  readonly favourites = new Set<string>();
  /** photo URLs answered by an upload */
  readonly uploads = new Set<string>();

  get size(): number {
    return this.users.size + this.listings.size + this.favourites.size + this.uploads.size;
  }

  describe(): string {
    return `${this.users.size} sign-ups, ${this.listings.size} listings, ${this.favourites.size} favourites, ${this.uploads.size} uploads`;
  }
}

/** Every acknowledged write that the database does not hold, as sentences (none: all there). */
export async function missingWrites(db: Database, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const users = new Set(
    (await rowsOf<{ id: string }>(db, sql`select id::text as id from users`)).map((r) => r.id),
  );
  const listings = new Map(
    (
      await rowsOf<{ id: string; photos: Photo[] }>(
        db,
        sql`select id::text as id, photos from properties`,
      )
    ).map((r) => [r.id, r.photos] as const),
  );
  const favourites = new Set(
    (
      await rowsOf<{ u: string; p: string }>(
        db,
        sql`select user_id::text as u, property_id::text as p from favorites`,
      )
    ).map((r) => `${r.u} ${r.p}`),
  );
  const uploadKeys = new Set(
    (await rowsOf<{ key: string }>(db, sql`select key from photo_uploads`)).map((r) => r.key),
  );
  const listingPhotoKeys = new Set([...listings.values()].flat().map((photo) => photo.key));

  const lost = (what: string, items: string[]) => {
    if (items.length > 0)
      problems.push(
        `${items.length} acknowledged ${what} missing, e.g. ${items.slice(0, 3).join(', ')}`,
      );
  };
  lost(
    'sign-ups',
    [...ledger.users].filter((id) => !users.has(id)),
  );
  lost(
    'listings',
    [...ledger.listings.keys()].filter((id) => !listings.has(id)),
  );
  lost(
    'favourites',
    [...ledger.favourites].filter((pair) => !favourites.has(pair)),
  );
  // An upload is either still waiting for a listing or on one.
  lost(
    'uploads',
    [...ledger.uploads].filter((url) => {
      const key = photoKeyFromUrl(url);
      return key === null || (!uploadKeys.has(key) && !listingPhotoKeys.has(key));
    }),
  );
  // A listing keeps the photos it was created with.
  const withoutPhotos = [...ledger.listings].filter(([id, urls]) => {
    const keys = new Set((listings.get(id) ?? []).map((photo) => photo.key));
    return listings.has(id) && urls.some((url) => !keys.has(photoKeyFromUrl(url) ?? ''));
  });
  lost(
    'listing photos',
    withoutPhotos.map(([id]) => id),
  );
  return problems;
}

/** Decodes the whole image (every pixel): a truncated file throws. */
export async function decodesWhole(file: string): Promise<boolean> {
  try {
    await sharp(file, { failOn: 'warning' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

export type FileReport = {
  /** photo variant files the database names */
  referenced: number;
  /** files under a real name in the folder (referenced or not) */
  named: number;
  /** files under a real name that no row names (an upload cut off before its row) */
  orphans: number;
  /** leftover `.tmp` files of writes cut off mid-way (never served) */
  temporary: number;
  problems: string[];
};

/**
 * Every photo variant the database names exists and decodes whole, and so does every other
 * file under a real (served) name: a file is only ever visible complete.
 */
export async function checkFiles(db: Database, filesDir: string): Promise<FileReport> {
  const photos = [
    ...(await rowsOf<{ photo: Photo }>(db, sql`select photo from photo_uploads`)).map(
      (r) => r.photo,
    ),
    ...(await rowsOf<{ photos: Photo[] }>(db, sql`select photos from properties`)).flatMap(
      (r) => r.photos,
    ),
  ];
  const referenced = new Set(
    photos.flatMap((photo) => photo.widths.map((w) => variantFileName(photo.key, w))),
  );
  const problems: string[] = [];
  const present = fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : [];
  const presentSet = new Set(present);
  const missing = [...referenced].filter((name) => !presentSet.has(name));
  if (missing.length > 0)
    problems.push(
      `${missing.length} photo files the database names do not exist, e.g. ${missing.slice(0, 3).join(', ')}`,
    );
  const named = present.filter((name) => !name.endsWith('.tmp'));
  const broken: string[] = [];
  for (const name of named) {
    if (!(await decodesWhole(path.join(filesDir, name)))) broken.push(name);
  }
  if (broken.length > 0)
    problems.push(
      `${broken.length} files under a real name do not decode (half-written?), e.g. ${broken.slice(0, 3).join(', ')}`,
    );
  return {
    referenced: referenced.size,
    named: named.length,
    orphans: named.filter((name) => !referenced.has(name)).length,
    temporary: present.length - named.length,
    problems,
  };
}
