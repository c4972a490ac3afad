import { randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { type VideoFormat } from '#common/videos';
import type { Database } from '../../db/client';
import { type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { type Notifier } from '../../lib/notifier';
import type { FileStorage } from '../../lib/storage';

import { isPropertyId, properties } from '../listings/service';
import type { Quarantine } from './quarantine';
import type { ScanQueue } from './scan-queue';
import type { VirusScanner } from './scanner';

/** The feature's table, for the features that read it (eslint.config.js serverFeatures). */
export { videos } from './schema';

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
  notifier: Notifier;
  publicUrl: string;
  log: VideoLog;
};

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

/** A video still in quarantine: nothing to download or edit yet. */
export const stillScanning = () => new AppError('video_still_scanning');
