import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { photoKeyOfFileName } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { photoUploads } from '../uploads/service';
import { properties } from './schema';

/*
 * The orphan photo sweep lives with listings, not uploads: it asks whether a listing holds a
 * photo, and listings uses uploads (eslint.config.js serverFeatures), not the other way round.
 */

/** A photo's files younger than this are never swept: an upload writes them before its row. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** Photo keys checked against the database at a time. */
const ORPHAN_BATCH = 500;

/**
 * Deletes photo files that neither a listing (nor its pending changes) nor a pending upload references (decision 003):
 * what a server killed between writing an upload's files and recording it leaves behind. The
 * store is listed a page at a time and keys are checked in batches, so a bucket of millions
 * never sits in memory; files younger than ORPHAN_GRACE_MS and files that are not photo
 * variants (videos) are never touched. Answers how many files it deleted.
 */
export async function sweepOrphanPhotoFiles(
  db: Database,
  storage: FileStorage,
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  let deleted = 0;
  let batch = new Map<string, string[]>();
  const flush = async () => {
    const keys = [...batch.keys()];
    const files = batch;
    batch = new Map();
    if (keys.length === 0) return;
    // One statement, one snapshot: a key moves from photo_uploads to a listing atomically.
    const orphans = await rowsOf<{ key: string }>(
      db,
      sql`
      select k as key from unnest(${sql.param(keys)}::text[]) as k
      where not exists (select 1 from ${photoUploads} where ${photoUploads.key} = k)
        and not exists (
          select 1 from ${properties}
          where ${properties.photos} @> jsonb_build_array(jsonb_build_object('key', k))
        )
        -- Photos proposed in an approved listing's changes, not yet approved (issue 34).
        and not exists (
          select 1 from ${properties}
          where ${properties.pendingChanges} IS NOT NULL
            and (${properties.pendingChanges} -> 'photos') @> jsonb_build_array(jsonb_build_object('key', k))
        )`,
    );
    for (const { key } of orphans) {
      for (const name of files.get(key) ?? []) {
        await storage.delete(name);
        deleted += 1;
      }
    }
  };
  for await (const file of storage.list()) {
    const key = photoKeyOfFileName(file.name);
    if (!key || file.modifiedAt.getTime() > cutoff) continue;
    const names = batch.get(key);
    if (names) names.push(file.name);
    else batch.set(key, [file.name]);
    if (batch.size >= ORPHAN_BATCH) await flush();
  }
  await flush();
  return deleted;
}
