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
 *
 * One client cannot take every place (issue 34, docs/decisions/023-upload-fairness.md): an
 * account holds at most `perAccount` of them and an address `perAddress` (a campus or mobile
 * network shares one), and the next from either answers 429 at once, with a short
 * Retry-After (its own uploads free the place). Slow bodies lose their place to the upload
 * routes' body timeout (upload-body-timeout.ts). The counts are this server's, as the queue is.
 */
export type PhotoQueue = {
  /**
   * Admits one upload request of `client`, or throws `uploads_busy_account`,
   * `uploads_busy_address` (429) or `uploads_busy` (503). The caller must call the returned
   * release once its photos are encoded (or it failed before), whatever happened.
   */
  admit(client: UploadClient): () => void;
  /** Runs one photo's encoding when its turn comes. */
  encode<T>(task: () => Promise<T>): Promise<T>;
  /** Requests admitted now (for tests and the footprint figures). */
  readonly inFlight: number;
};

/** Who sends an upload: the signed-in account and the client address (request.ip). */
export type UploadClient = { accountId: string; address: string };

/** What one account and one address may hold of a server's queue at once. */
export const UPLOAD_SHARES = { perAccount: 2, perAddress: 4 } as const;

export function createPhotoQueue(options: {
  concurrency: number;
  maxInFlight: number;
  perAccount?: number;
  perAddress?: number;
}): PhotoQueue {
  const limit = pLimit(options.concurrency);
  const perAccount = options.perAccount ?? UPLOAD_SHARES.perAccount;
  const perAddress = options.perAddress ?? UPLOAD_SHARES.perAddress;
  const byAccount = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  let inFlight = 0;
  const queue: PhotoQueue = {
    admit(client) {
      // The client's own share first: a client at its share is told so even on a full server.
      if ((byAccount.get(client.accountId) ?? 0) >= perAccount) {
        throw new AppError('uploads_busy_account', {
          params: { max: perAccount },
          retryAfterSeconds: SHARE_RETRY_AFTER_SECONDS,
        });
      }
      if ((byAddress.get(client.address) ?? 0) >= perAddress) {
        throw new AppError('uploads_busy_address', {
          retryAfterSeconds: SHARE_RETRY_AFTER_SECONDS,
        });
      }
      if (inFlight >= options.maxInFlight) {
        throw new AppError('uploads_busy', { retryAfterSeconds: RETRY_AFTER_SECONDS });
      }
      inFlight += 1;
      add(byAccount, client.accountId, 1);
      add(byAddress, client.address, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
        add(byAccount, client.accountId, -1);
        add(byAddress, client.address, -1);
      };
    },
    encode: (task) => limit(task),
    get inFlight() {
      return inFlight;
    },
  };
  return queue;
}

/** A client's own uploads free its share: about one photo's upload and encoding. */
const SHARE_RETRY_AFTER_SECONDS = 3;

/** About the time a few 4 MB photos take to encode on a small server. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A server's queue: one photo per core (each photo uses one libvips thread, see images.ts;
 * Node's own work runs between them), and 12 requests reading or encoding at once (about
 * 60 MB of files with the web app's one-photo requests).
 */
export const serverPhotoQueue = (): PhotoQueue =>
  createPhotoQueue({ concurrency: os.availableParallelism(), maxInFlight: 12 });
