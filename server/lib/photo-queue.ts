import os from 'node:os';
import pLimit from 'p-limit';
import { AppError } from './app-error';

/**
 * Photos (listing photos and verification documents) are decoded one at a time per server,
 * and at most `maxInFlight` upload requests are admitted at once (reading their files,
 * waiting, or being encoded). Together they bound what photo processing holds, whatever the
 * number of uploads (issue 22): one image's pixels, and the files of the admitted requests
 * (the web app sends one photo of at most 5 MB per request). A request beyond that answers
 * 503 with Retry-After before its body is read, and the app offers to try again.
 */
export type PhotoQueue = {
  /**
   * Admits one upload request, or throws `uploads_busy` (503). The caller must call the
   * returned release once the request is done, whatever happened.
   */
  admit(): () => void;
  /** Runs one photo's encoding when its turn comes. */
  encode<T>(task: () => Promise<T>): Promise<T>;
  /** Requests admitted now (for tests and the footprint figures). */
  readonly inFlight: number;
};

export function createPhotoQueue(options: {
  concurrency: number;
  maxInFlight: number;
}): PhotoQueue {
  const limit = pLimit(options.concurrency);
  let inFlight = 0;
  const queue: PhotoQueue = {
    admit() {
      if (inFlight >= options.maxInFlight) {
        throw new AppError('uploads_busy', { retryAfterSeconds: RETRY_AFTER_SECONDS });
      }
      inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
      };
    },
    encode: (task) => limit(task),
    get inFlight() {
      return inFlight;
    },
  };
  return queue;
}

/** About the time a few 4 MB photos take to encode on a small server. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A server's queue: photos on half the cores (one on the 2-core servers Abode is sized for;
 * each photo uses one libvips thread, see images.ts), and 12 requests in flight (about 60 MB
 * of files with the web app's one-photo requests).
 */
export const serverPhotoQueue = (): PhotoQueue =>
  createPhotoQueue({
    concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
    maxInFlight: 12,
  });
