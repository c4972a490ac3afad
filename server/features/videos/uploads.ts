import fs from 'node:fs';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { MAX_PENDING_VIDEOS_PER_USER, type UploadedVideo } from '#common/videos';
import type { Database } from '../../db/client';
import { videos } from './schema';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ReceivedVideo } from './quarantine';
import { assertOwnListing, newVideoFileName, type VideoDeps } from './service';

// Uploads: accepted into quarantine, scanned, then waiting for review (or deleted).

/** A row left `scanning` whose file is gone is dropped after this (another server's upload). */
const ABANDONED_SCAN_MS = 60 * 60_000;

/** Refuses a new upload when the user already has too many videos waiting (disk space). */
export async function assertRoomForUploads(db: Database, user: UserRow): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(videos)
    .where(and(eq(videos.userId, user.id), ne(videos.status, 'approved')));
  if ((row?.n ?? 0) >= MAX_PENDING_VIDEOS_PER_USER) {
    throw new AppError('videos_waiting', { params: { max: MAX_PENDING_VIDEOS_PER_USER } });
  }
}

const toUploaded = (row: typeof videos.$inferSelect): UploadedVideo => ({
  fileName: row.fileName,
  originalName: row.originalName,
  fileSize: row.fileSize,
  status: row.status,
  propertyId: row.propertyId,
  uploadedAt: row.uploadedAt.toISOString(),
});

/**
 * Records checked uploads (status `scanning`), each renamed in quarantine to its final name,
 * and queues their scans; answers at once. All or nothing: on failure every file is deleted.
 */
export async function acceptUploads(
  deps: VideoDeps,
  user: UserRow,
  received: readonly { file: ReceivedVideo; originalName: string }[],
  propertyId: string | null,
): Promise<UploadedVideo[]> {
  const named = received.map((item) => ({
    ...item,
    fileName: newVideoFileName('v', item.file.format),
  }));
  const moved: string[] = [];
  try {
    for (const item of named) {
      const target = deps.quarantine.pathOf(item.fileName);
      await fs.promises.rename(item.file.path, target);
      moved.push(target);
    }
    const rows = await deps.db
      .insert(videos)
      .values(
        named.map((item) => ({
          userId: user.id,
          propertyId,
          originalName: item.originalName,
          fileName: item.fileName,
          fileSize: item.file.size,
          mimeType: item.file.mimeType,
        })),
      )
      .returning();
    for (const row of rows) void queueScan(deps, row.fileName);
    return rows.map(toUploaded);
  } catch (error) {
    await Promise.allSettled(
      [...moved, ...named.map((item) => item.file.path)].map((file) =>
        deps.quarantine.remove(file),
      ),
    );
    throw error;
  }
}

/**
 * Links the user's own uploads that have no listing yet to one of their listings (the wizard
 * uploads before the listing exists). Others' files and already linked ones are left alone.
 */
export async function attachToListing(
  db: Database,
  user: UserRow,
  propertyId: string,
  fileNames: readonly string[],
): Promise<number> {
  await assertOwnListing(db, user, propertyId);
  const attached = await db
    .update(videos)
    .set({ propertyId })
    .where(
      and(
        eq(videos.userId, user.id),
        inArray(videos.fileName, [...fileNames]),
        isNull(videos.propertyId),
      ),
    )
    .returning({ id: videos.id });
  return attached.length;
}

/** Queues the scan of an upload in quarantine; failures are logged, the row stays `scanning`. */
export function queueScan(deps: VideoDeps, fileName: string): Promise<void> {
  return deps.queue
    .run(() => scanUpload(deps, fileName))
    .catch((error: unknown) => {
      deps.log.error({ err: error, fileName }, 'video scan failed; retried at the next start');
    });
}

/** One upload's scan: into the storage for review, or deleted when infected. */
async function scanUpload(deps: VideoDeps, fileName: string): Promise<void> {
  const { db, storage, scanner, quarantine, log } = deps;
  const file = quarantine.pathOf(fileName);
  const [row] = await db.select().from(videos).where(eq(videos.fileName, fileName));
  if (!row || row.status !== 'scanning') {
    // Deleted (its owner or listing went) or done by another server: nothing to do.
    await quarantine.remove(file);
    return;
  }
  const outcome = await scanner.scan(file);
  if (outcome.result === 'infected') {
    await quarantine.remove(file);
    await db.delete(videos).where(eq(videos.fileName, fileName));
    log.warn(
      {
        userId: row.userId,
        fileName,
        originalName: row.originalName,
        signature: outcome.signature,
      },
      'infected video deleted',
    );
    return;
  }
  await storage.putFile(fileName, file);
  const updated = await db
    .update(videos)
    .set({ status: 'pending_review', scanResult: outcome.result })
    .where(and(eq(videos.fileName, fileName), eq(videos.status, 'scanning')))
    .returning({ fileName: videos.fileName });
  // Deleted while it was being scanned: its file goes too.
  if (updated.length === 0) await storage.delete(fileName);
  log.info({ fileName, scanResult: outcome.result, scanner: scanner.name }, 'video scanned');
}

/**
 * At start-up: uploads left `scanning` (the server stopped mid-scan) are scanned again when
 * their file is still in quarantine; those whose file is gone are dropped once old enough
 * that no other server can still be receiving them. Stray partial uploads are deleted.
 */
export async function resumeScans(deps: VideoDeps): Promise<number> {
  const left = await deps.db
    .select({ fileName: videos.fileName, uploadedAt: videos.uploadedAt })
    .from(videos)
    .where(eq(videos.status, 'scanning'))
    .orderBy(asc(videos.uploadedAt));
  const lost: string[] = [];
  let resumed = 0;
  for (const row of left) {
    if (await deps.quarantine.exists(row.fileName)) {
      void queueScan(deps, row.fileName);
      resumed += 1;
    } else if (Date.now() - row.uploadedAt.getTime() > ABANDONED_SCAN_MS) {
      lost.push(row.fileName);
    }
  }
  if (lost.length > 0) {
    await deps.db
      .delete(videos)
      .where(and(inArray(videos.fileName, lost), eq(videos.status, 'scanning')));
    deps.log.warn({ fileNames: lost }, 'uploads lost before their scan were dropped');
  }
  await deps.quarantine.sweepStray(ABANDONED_SCAN_MS);
  return resumed;
}
