import { z } from 'zod';

/**
 * Listing videos (spec accounts-and-admin: Admin video management, My Videos, Pending video,
 * Approved video, sections 4 and 7; marketplace-core: Files). An owner's upload waits in
 * quarantine while it is scanned, then for an administrator, who downloads the original and
 * uploads an edited version; the owner then downloads that one.
 */

export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
/** Per request of POST /api/upload/property-videos; the web app sends one a request. */
export const MAX_VIDEOS_PER_UPLOAD = 5;
/** Videos of one user still scanning or waiting for review; each may be 100 MB on disk. */
export const MAX_PENDING_VIDEOS_PER_USER = 20;

/** The containers accepted, by content: MP4, MOV and AVI (spec). */
export const videoFormats = ['mp4', 'mov', 'avi'] as const;
export type VideoFormat = (typeof videoFormats)[number];
/** The Content-Type each is served with. */
export const videoMimeTypes: Record<VideoFormat, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
};
/** What a file picker may offer: declared types and extensions (the server checks content). */
export const VIDEO_ACCEPT = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/vnd.avi',
  '.mp4',
  '.m4v',
  '.mov',
  '.avi',
].join(',');

/**
 * scanning: in quarantine, being scanned; pending_review: scanned (or no scanner), waiting for
 * an administrator; approved: the edited video is ready for its owner. An infected upload is
 * deleted, so it has no status.
 */
export const videoStatuses = ['scanning', 'pending_review', 'approved'] as const;
export type VideoStatus = (typeof videoStatuses)[number];
/** clean: the scanner found nothing; unscanned: no scanner ran (none installed, or it failed). */
export const scanResults = ['clean', 'unscanned'] as const;
export type ScanResult = (typeof scanResults)[number];

/** A status as the spec shows it: words joined by underscores, in uppercase with spaces. */
export const statusWords = (status: string) => status.replaceAll('_', ' ').toUpperCase();

/** Server-chosen names: `v…` originals, `e…` edited videos; the only names URLs accept. */
export const videoFileNamePattern = /^[ve][0-9a-f]{24}\.(mp4|mov|avi)$/;
export const videoFileName = z.string().regex(videoFileNamePattern, { error: 'invalidValue' });

export const uploadedVideoSchema = z.object({
  fileName: z.string(),
  originalName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(videoStatuses),
  propertyId: z.uuid().nullable(),
  uploadedAt: z.iso.datetime(),
});
export type UploadedVideo = z.infer<typeof uploadedVideoSchema>;
export const videoUploadResultSchema = z.object({ videos: z.array(uploadedVideoSchema) });

/** GET /api/admin/pending-videos: the spec's Pending video, with who and what it is for. */
export const pendingVideoSchema = z.object({
  userId: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  uploadedAt: z.iso.datetime(),
  status: z.enum(videoStatuses),
  scanResult: z.enum(scanResults).nullable(),
  originalName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string().nullable(),
  propertyId: z.uuid().nullable(),
  propertyTitle: z.string().nullable(),
});
export type PendingVideo = z.infer<typeof pendingVideoSchema>;

/** GET /api/user/approved-videos: the spec's Approved video, with the name the owner gave it. */
export const approvedVideoSchema = z.object({
  fileName: z.string(),
  fileSize: z.number().int(),
  approvedAt: z.iso.datetime(),
  streamUrl: z.string(),
  originalName: z.string(),
  propertyId: z.uuid().nullable(),
  propertyTitle: z.string().nullable(),
});
export type ApprovedVideo = z.infer<typeof approvedVideoSchema>;

/** POST /api/admin/upload-edited-video/:userId answers the video, now approved. */
export const editedVideoResultSchema = z.object({
  fileName: z.string(),
  editedFileName: z.string(),
  status: z.literal('approved'),
  approvedAt: z.iso.datetime(),
});

/**
 * POST /api/user/videos/attach: the listing wizard uploads videos before the listing exists,
 * then links them to it once created (the listing must be the uploader's own).
 */
export const attachVideosBodySchema = z.object({
  propertyId: z.uuid({ error: 'invalidValue' }),
  fileNames: z.array(videoFileName).min(1, { error: 'required' }).max(MAX_PENDING_VIDEOS_PER_USER),
});
export type AttachVideosBody = z.infer<typeof attachVideosBodySchema>;
export const attachVideosResultSchema = z.object({ attached: z.number().int() });

/** The URLs of the video endpoints, built in one place for both sides. */
export const videoUrls = {
  upload: '/api/upload/property-videos',
  pending: '/api/admin/pending-videos',
  approved: '/api/user/approved-videos',
  attach: '/api/user/videos/attach',
  adminDownload: (userId: string, fileName: string) =>
    `/api/admin/download-video/${encodeURIComponent(userId)}/${encodeURIComponent(fileName)}`,
  uploadEdited: (userId: string) => `/api/admin/upload-edited-video/${encodeURIComponent(userId)}`,
  userDownload: (fileName: string) => `/api/user/download-video/${encodeURIComponent(fileName)}`,
} as const;
