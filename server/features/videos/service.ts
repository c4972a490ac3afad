import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  MAX_PENDING_VIDEOS_PER_USER,
  videoUrls,
  type ApprovedVideo,
  type PendingVideo,
  type UploadedVideo,
  type VideoFormat,
} from '#common/videos';
import type { Database } from '../../db/client';
import { properties, users, videos, type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { tellUser, type Messenger } from '../../lib/messenger';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../admin/service';
import { isPropertyId } from '../properties/service';
import type { Quarantine, ReceivedVideo } from './quarantine';
import type { ScanQueue } from './scan-queue';
import type { VirusScanner } from './scanner';

/**
 * The video workflow (spec: Video workflow): an upload waits in quarantine while it is
 * scanned (status `scanning`); clean or unscanned, it moves into the file storage and waits
 * for an administrator (`pending_review`); infected, it is deleted with its row and logged.
 * The administrator downloads the original and uploads an edited video, which approves it
 * (`approved`) and tells the owner; the owner then downloads the edited one.
 */
export type VideoLog = {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
};

export type VideoDeps = {
  db: Database;
  storage: FileStorage;
  scanner: VirusScanner;
  quarantine: Quarantine;
  queue: ScanQueue;
  messenger: Messenger;
  publicUrl: string;
  log: VideoLog;
};

/** A row left `scanning` whose file is gone is dropped after this (another server's upload). */
const ABANDONED_SCAN_MS = 60 * 60_000;

/** The uploader's name for a file, safe to show and to put in a download's file name. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters and what file systems or headers refuse.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f"<>|*?:]/g;
  const cleaned = base.replace(unsafe, '').trim().slice(0, 200);
  return cleaned || 'video';
}

/** `v…` for originals, `e…` for edited videos: random, never reused, with the true extension. */
export const newVideoFileName = (kind: 'v' | 'e', format: VideoFormat) =>
  `${kind}${randomBytes(12).toString('hex')}.${format}`;

/** The download's file name: the uploader's name with the extension of what it really is. */
export function downloadName(originalName: string, format: string, suffix = ''): string {
  const stem = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'video';
  return `${stem}${suffix}.${format}`;
}

export const formatOf = (fileName: string) => fileName.split('.').pop() ?? 'mp4';

/** A listing a video may be uploaded for: one of the uploader's own (else 404 or 403). */
export async function assertOwnListing(
  db: Database,
  user: UserRow,
  propertyId: string,
): Promise<void> {
  if (!isPropertyId(propertyId)) {
    throw new AppError('invalid_input', {
      message: 'Invalid listing',
      fields: { propertyId: 'invalidValue' },
    });
  }
  const [listing] = await db
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!listing) throw notFound('listing_not_found');
  if (listing.ownerId !== user.id) throw forbidden('videos_only_own_listings');
}

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

/** The admin's Pending tab: videos scanning or waiting for review, oldest first. */
export async function listPendingVideos(db: Database): Promise<PendingVideo[]> {
  const rows = await db
    .select({
      userId: videos.userId,
      fileName: videos.fileName,
      fileSize: videos.fileSize,
      uploadedAt: videos.uploadedAt,
      status: videos.status,
      scanResult: videos.scanResult,
      originalName: videos.originalName,
      firstName: users.firstName,
      lastName: users.lastName,
      ownerEmail: users.email,
      propertyId: videos.propertyId,
      propertyTitle: properties.title,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.userId))
    .leftJoin(properties, eq(properties.id, videos.propertyId))
    .where(ne(videos.status, 'approved'))
    .orderBy(asc(videos.uploadedAt), asc(videos.fileName))
    .limit(500);
  return rows.map(({ firstName, lastName, uploadedAt, ...row }) => ({
    ...row,
    ownerName: `${firstName} ${lastName}`.trim(),
    uploadedAt: uploadedAt.toISOString(),
  }));
}

/** My Videos: the user's approved videos, newest first. */
export async function listApprovedVideos(db: Database, userId: string): Promise<ApprovedVideo[]> {
  const rows = await db
    .select({
      editedFileName: videos.editedFileName,
      editedSize: videos.editedSize,
      approvedAt: videos.approvedAt,
      originalName: videos.originalName,
      propertyId: videos.propertyId,
      propertyTitle: properties.title,
    })
    .from(videos)
    .leftJoin(properties, eq(properties.id, videos.propertyId))
    .where(and(eq(videos.userId, userId), eq(videos.status, 'approved')))
    .orderBy(desc(videos.approvedAt));
  return rows.flatMap((row) =>
    row.editedFileName && row.approvedAt
      ? [
          {
            fileName: row.editedFileName,
            fileSize: row.editedSize ?? 0,
            approvedAt: row.approvedAt.toISOString(),
            streamUrl: videoUrls.userDownload(row.editedFileName),
            originalName: row.originalName,
            propertyId: row.propertyId,
            propertyTitle: row.propertyTitle,
          },
        ]
      : [],
  );
}

export type DownloadableVideo = {
  storedName: string;
  mimeType: string;
  downloadName: string;
};

const stillScanning = () => new AppError('video_still_scanning');

/** The original upload, for an administrator: looked up, never built from the request. */
export async function originalForAdmin(
  db: Database,
  userId: string,
  fileName: string,
): Promise<DownloadableVideo> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.userId, userId), eq(videos.fileName, fileName)));
  if (!row) throw notFound('video_not_found');
  if (row.status === 'scanning') throw stillScanning();
  return {
    storedName: row.fileName,
    mimeType: row.mimeType,
    downloadName: downloadName(row.originalName, formatOf(row.fileName)),
  };
}

/** The edited video, for its owner only: another user's name is simply not found. */
export async function editedForOwner(
  db: Database,
  userId: string,
  fileName: string,
): Promise<DownloadableVideo> {
  const [row] = await db
    .select()
    .from(videos)
    .where(
      and(
        eq(videos.userId, userId),
        eq(videos.editedFileName, fileName),
        eq(videos.status, 'approved'),
      ),
    );
  if (!row?.editedFileName) throw notFound('video_not_found');
  return {
    storedName: row.editedFileName,
    mimeType: row.editedMimeType ?? row.mimeType,
    downloadName: downloadName(row.originalName, formatOf(row.editedFileName)),
  };
}

/** The pending video an edited one is for; checked before the file is read, and again after. */
export async function pendingForEdit(db: Database, userId: string, fileName: string) {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.userId, userId), eq(videos.fileName, fileName)));
  if (!row) throw notFound('video_not_found');
  if (row.status === 'scanning') throw stillScanning();
  if (row.status === 'approved') {
    throw new AppError('video_already_approved');
  }
  return row;
}

/**
 * The administrator's edited video: scanned first (ahead of uploads in line), refused when
 * infected; then stored, the video approved, the action audited and the owner told.
 */
export async function approveWithEditedVideo(
  deps: VideoDeps,
  admin: UserRow,
  userId: string,
  originalFileName: string,
  edited: ReceivedVideo,
): Promise<{ fileName: string; editedFileName: string; approvedAt: Date }> {
  const { db, storage, quarantine, log } = deps;
  const editedFileName = newVideoFileName('e', edited.format);
  let stored = false;
  try {
    const row = await pendingForEdit(db, userId, originalFileName);
    const outcome = await deps.queue.run(() => deps.scanner.scan(edited.path), { urgent: true });
    if (outcome.result === 'infected') {
      log.warn(
        { adminId: admin.id, originalFileName, signature: outcome.signature },
        'infected edited video refused',
      );
      throw new AppError('edited_video_infected', {
        params: { signature: outcome.signature ?? 'unknown' },
        fields: { editedVideo: 'invalidValue' },
      });
    }
    await storage.putFile(editedFileName, edited.path);
    stored = true;
    // The approval, its record and the uploader's notice are written together (issue 18).
    const approved = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(videos)
        .set({
          status: 'approved',
          editedFileName,
          editedSize: edited.size,
          editedMimeType: edited.mimeType,
          approvedAt: sql`now()`,
        })
        .where(and(eq(videos.id, row.id), eq(videos.status, 'pending_review')))
        .returning({ approvedAt: videos.approvedAt, originalName: videos.originalName });
      // Another administrator was quicker.
      if (!done?.approvedAt) throw new AppError('video_already_approved');
      await recordAudit(tx, admin, 'approve-video', 'video', row.id, {
        userId,
        fileName: originalFileName,
        editedFileName,
        scanResult: outcome.result,
      });
      await tellUser(
        deps,
        userId,
        (firstName) => ({
          kind: 'video-ready',
          firstName,
          name: done.originalName,
          link: new URL('/user/videos', deps.publicUrl).toString(),
        }),
        { db: tx },
      );
      return { approvedAt: done.approvedAt };
    });
    return { fileName: originalFileName, editedFileName, approvedAt: approved.approvedAt };
  } catch (error) {
    await quarantine.remove(edited.path);
    if (stored) await storage.delete(editedFileName).catch(() => {});
    throw error;
  }
}
