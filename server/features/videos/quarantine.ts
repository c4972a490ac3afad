import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { MAX_VIDEO_BYTES, videoMimeTypes, type VideoFormat } from '#common/videos';
import { AppError } from '../../lib/app-error';

/**
 * Where uploaded videos wait, outside the file storage, until the scanner has read them
 * (docs/design.md: uploaded to quarantine, scanned, then pending). A file arrives as a stream and
 * goes straight to disk: a 100 MB video is never held in memory.
 */
export const videoTooLarge = (field: string) =>
  new AppError('video_too_large', {
    params: { max: MAX_VIDEO_BYTES / 1024 / 1024 },
    fields: { [field]: 'video_too_large' },
  });
const wrongType = () => new AppError('video_wrong_type');
const emptyFile = (field: string) =>
  new AppError('video_empty', {
    fields: { [field]: 'video_empty' },
  });

/** What the content says a file is (file-type), mapped to the containers we take. */
const formatOfMime: Record<string, VideoFormat> = {
  'video/mp4': 'mp4',
  // An MP4 whose brand says iTunes video; the same container.
  'video/x-m4v': 'mp4',
  'video/quicktime': 'mov',
  'video/vnd.avi': 'avi',
  'video/x-msvideo': 'avi',
};

export type ReceivedVideo = {
  /** The file in quarantine, under a temporary name. */
  path: string;
  size: number;
  format: VideoFormat;
  mimeType: string;
};

/** A quarantine folder; made on first use, so an app that never takes a video makes none. */
export function quarantine(dir: string) {
  const ready = () => fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    dir,
    pathOf: (fileName: string) => path.join(dir, path.basename(fileName)),

    /**
     * Streams one multipart file into quarantine and checks it: at most MAX_VIDEO_BYTES (413,
     * the multipart parser cuts the stream there), not empty, and MP4, MOV or AVI by its
     * content (415). A refused or failed file is deleted before the error is thrown.
     */
    async receive(
      stream: Readable & { truncated?: boolean },
      field: string,
    ): Promise<ReceivedVideo> {
      await ready();
      const target = path.join(dir, `${randomBytes(12).toString('hex')}.upload`);
      try {
        const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
        await pipeline(stream, out);
        if (stream.truncated) throw videoTooLarge(field);
        const size = out.bytesWritten;
        if (size > MAX_VIDEO_BYTES) throw videoTooLarge(field);
        if (size === 0) throw emptyFile(field);
        const type = await fileTypeFromFile(target);
        const format = type && formatOfMime[type.mime];
        if (!format) throw wrongType();
        return { path: target, size, format, mimeType: videoMimeTypes[format] };
      } catch (error) {
        await fs.promises.rm(target, { force: true });
        throw error;
      }
    },

    async remove(file: string): Promise<void> {
      await fs.promises.rm(file, { force: true });
    },

    async exists(fileName: string): Promise<boolean> {
      return fs.promises
        .stat(path.join(dir, path.basename(fileName)))
        .then((stat) => stat.isFile())
        .catch(() => false);
    },

    /** Temporary files of uploads that never finished (a crash mid-request), after a while. */
    async sweepStray(olderThanMs: number): Promise<number> {
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((n) => n.endsWith('.upload'))) {
        const file = path.join(dir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
          await fs.promises.rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

export type Quarantine = ReturnType<typeof quarantine>;
