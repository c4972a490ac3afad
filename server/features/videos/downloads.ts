import { and, desc, eq } from 'drizzle-orm';
import { videoUrls, type ApprovedVideo } from '#common/videos';
import type { Database } from '../../db/client';
import { videos } from './schema';
import { notFound } from '../../lib/app-error';
import { downloadName, formatOf, stillScanning } from './service';
import { properties } from '../listings/service';

// Downloads: the original for administrators, the edited video for its owner.

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
