import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PendingVideo } from '#common/videos';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { videos } from './schema';
import { AppError, notFound } from '../../lib/app-error';
import { tellUser } from '../../lib/notifier';
import { recordAudit } from '../admin/service';
import type { ReceivedVideo } from './quarantine';
import { newVideoFileName, stillScanning, type VideoDeps } from './service';
import { properties } from '../listings/service';

// The administrator's side: what waits for review, and approval with the edited video.

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
