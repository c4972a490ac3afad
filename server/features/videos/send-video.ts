import { errorText } from '#common/error-codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { parseByteRange } from './byte-range';
import type { DownloadableVideo } from './downloads';

/** `attachment` with the name in plain ASCII and, for any other letters, RFC 5987's form. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a stored video from the storage, whole (200) or the byte range asked for (206,
 * `Content-Range`), 416 with `Content-Range: bytes *\/size` when the range is past the end.
 * Nothing is read into memory.
 */
export async function sendVideo(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  video: DownloadableVideo,
) {
  const stat = await storage.stat(video.storedName);
  if (!stat) throw notFound('video_not_found');
  const range = parseByteRange(request.headers.range, stat.size);
  // Someone's private file: no shared cache keeps it.
  reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${stat.size}`)
      .send({ message: errorText('range_not_satisfiable'), code: 'range_not_satisfiable' });
  }
  const file = await storage.open(video.storedName, range ?? undefined);
  if (!file) throw notFound('video_not_found');
  reply
    .header('content-type', video.mimeType)
    .header('content-disposition', attachmentHeader(video.downloadName));
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(file.size));
  }
  return reply.send(file.stream);
}
