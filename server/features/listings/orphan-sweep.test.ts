import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#common/images';
import { photoUploads } from '../uploads/service';
import { users } from '../../db/schema';
import { variantFileName } from '../../lib/images';
import { s3Storage } from '../../lib/s3-storage';
import { localStorage, type FileStorage } from '../../lib/storage';
import { createListing } from '../../testing/builders';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { createTestDatabase } from '../../testing/test-database';
import { ORPHAN_GRACE_MS, sweepOrphanPhotoFiles } from './orphan-photos';

/**
 * Photo files that no listing and no pending upload references are deleted (decision 003): a
 * server killed between writing an upload's files and recording it leaves them. On both
 * storage drivers, against a real database.
 */
const database = await createTestDatabase();
const db = database.db;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-sweep-'));
let s3: TestS3Server;
let ownerId: string;

beforeAll(async () => {
  s3 = await startS3Server(['abode-sweep', 'abode-sweep-many']);
  const [owner] = await db
    .insert(users)
    .values({
      email: `sweep.${Date.now()}@example.com`,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
    })
    .returning({ id: users.id });
  ownerId = owner!.id;
});

afterAll(async () => {
  await s3?.close();
  await database.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const photo = (): Photo => ({
  key: `p${randomBytes(12).toString('hex')}`,
  width: 800,
  height: 600,
  widths: [400, 800],
});

/** Writes a photo's variant files, as storePhoto does. */
async function writeFiles(storage: FileStorage, of: Photo): Promise<string[]> {
  const names = of.widths.map((width) => variantFileName(of.key, width));
  for (const name of names) await storage.put(name, randomBytes(64));
  return names;
}

const exists = async (storage: FileStorage, names: readonly string[]) =>
  (await Promise.all(names.map((name) => storage.stat(name)))).map((stat) => stat !== null);

const drivers: { name: string; make: (bucket: string) => FileStorage }[] = [
  { name: 'local', make: (bucket) => localStorage(path.join(root, bucket)) },
  { name: 's3', make: (bucket) => s3Storage(s3.configFor(bucket)) },
];

describe.each(drivers)('orphan photo sweep on $name storage', ({ make }) => {
  it('deletes only old photo files that no listing and no upload references', async () => {
    const storage = make('abode-sweep');
    const onListing = photo();
    const uploaded = photo();
    const orphan = photo();
    await createListing(db, ownerId, { photos: [onListing] });
    await db.insert(photoUploads).values({ key: uploaded.key, ownerId, photo: uploaded });
    const listingFiles = await writeFiles(storage, onListing);
    const uploadFiles = await writeFiles(storage, uploaded);
    const orphanFiles = await writeFiles(storage, orphan);
    await storage.put('v0123456789abcdef01234567.mp4', randomBytes(64));

    // Within the grace period nothing goes, the orphan included: its row may be on its way.
    expect(await sweepOrphanPhotoFiles(db, storage)).toBe(0);
    expect(await exists(storage, orphanFiles)).toEqual([true, true]);

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanPhotoFiles(db, storage, later)).toBe(2);
    expect(await exists(storage, orphanFiles)).toEqual([false, false]);
    expect(await exists(storage, listingFiles)).toEqual([true, true]);
    expect(await exists(storage, uploadFiles)).toEqual([true, true]);
    expect(await storage.stat('v0123456789abcdef01234567.mp4')).not.toBeNull();
    // Nothing left to do the next time.
    expect(await sweepOrphanPhotoFiles(db, storage, later)).toBe(0);
  });

  it('pages through more files than one listing page holds (1 100), keeping the referenced ones', async () => {
    const storage = make('abode-sweep-many');
    const kept = photo();
    await createListing(db, ownerId, { photos: [kept] });
    const keptFiles = await writeFiles(storage, kept);
    const names: string[] = [];
    for (let i = 0; i < 1_100; i += 1) {
      const name = variantFileName(`p${randomBytes(12).toString('hex')}`, 400);
      names.push(name);
    }
    // A few at a time: quicker than one by one, gentle on the test server.
    for (let i = 0; i < names.length; i += 50) {
      await Promise.all(names.slice(i, i + 50).map((name) => storage.put(name, Buffer.from('x'))));
    }
    let listed = 0;
    for await (const file of storage.list()) {
      listed += 1;
      expect(Math.abs(file.modifiedAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    }
    expect(listed).toBe(1_102);

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanPhotoFiles(db, storage, later)).toBe(1_100);
    expect(await exists(storage, keptFiles)).toEqual([true, true]);
    let left = 0;
    for await (const _file of storage.list()) left += 1;
    expect(left).toBe(2);
  }, 120_000);
});
