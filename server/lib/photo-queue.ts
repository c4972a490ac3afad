import os from 'node:os';
import pLimit from 'p-limit';
import { AppError } from './app-error';

/**
 * Photos (listing photos and verification documents) are decoded `concurrency` at a time
 * per server, and at most `maxInFlight` upload requests are admitted at once (reading their
 * files, waiting, or being encoded; the caller releases its place once encoded). Together
 * they bound what photo processing holds, whatever the number of uploads (issue 22): a few
 * images' pixels, and the files of the admitted requests (the web app sends one photo of at
 * most 5 MB per request). A request beyond that answers 503 with Retry-After before its body
 * is read, and the app asks again after that wait.
 */
export type PhotoQueue = {
  /**
   * Admits one upload request, or throws `uploads_busy` (503). The caller must call the
   * returned release once its photos are encoded (or it failed before), whatever happened.
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
 * A server's queue: one photo per core (each photo uses one libvips thread, see images.ts;
 * Node's own work runs between them), and 12 requests reading or encoding at once (about
 * 60 MB of files with the web app's one-photo requests).
 */
export const serverPhotoQueue = (): PhotoQueue =>
  createPhotoQueue({ concurrency: os.availableParallelism(), maxInFlight: 12 });
