import os from 'node:os';
import pLimit from 'p-limit';
import { AppError } from './app-error';

/**
 * Photos (listing photos and verification documents) are decoded `concurrency` at a time
 * per server, and at most `maxInFlight` upload requests are admitted at once (reading their
 * files, waiting, or being encoded; the caller releases its place once encoded). Together
 * they bound what photo processing holds, whatever the number of uploads (issue 22): a few
 * images' pixels, and the files of the admitted requests (the web app sends one photo of at
 * most 5 MB per request).
 *
 * One client cannot take every place (issue 34, docs/decisions/023-upload-fairness.md): an
 * account holds at most `perAccount` of them and an address `perAddress` (a campus or mobile
 * network shares one), counting the requests it has waiting, and the next from either
 * answers 429 at once, with a short Retry-After (its own uploads free the place). Slow bodies
 * lose their place to the upload routes' body timeout (upload-body-timeout.ts).
 *
 * When every place is taken, a request within its shares waits for one in a fair line
 * (issue 50) for up to `waitMs`, then answers 503 `uploads_busy` with Retry-After. A place
 * that frees goes to the waiting request whose account holds the fewest places, then whose
 * address holds the fewest, then the one that came first: a client holding places (a
 * trickle that lost its place and came straight back) queues behind everyone who holds
 * none. The line itself is bounded (`maxWaiting`; beyond it 503 at once), its requests'
 * bodies unread. The counts are this server's, as the queue is.
 */
export type PhotoQueue = {
  /**
   * Admits one upload request of `client` when a place is free, or throws at once:
   * `uploads_busy_account`, `uploads_busy_address` (429) or `uploads_busy` (503, also while
   * others wait in the line, which a request that does not wait must not pass). The caller
   * must call the returned release once its photos are encoded (or it failed before),
   * whatever happened.
   */
  admit(client: UploadClient): () => void;
  /**
   * As admit, but on a full server waits in the fair line for a place, for up to `waitMs`,
   * before it rejects with `uploads_busy` (503). `signal` (the client went away) takes it out
   * of the line. Resolves to the release, which the caller must call as for admit.
   */
  enter(client: UploadClient, options?: { signal?: AbortSignal }): Promise<() => void>;
  /** Runs one photo's encoding when its turn comes. */
  encode<T>(task: () => Promise<T>): Promise<T>;
  /** Requests admitted now (for tests and the footprint figures). */
  readonly inFlight: number;
  /** Requests waiting in the line for a place now. */
  readonly waiting: number;
};

/** Who sends an upload: the signed-in account and the client address (request.ip). */
export type UploadClient = { accountId: string; address: string };

/** What one account and one address may hold of a server's queue at once. */
export const UPLOAD_SHARES = { perAccount: 2, perAddress: 4 } as const;

/**
 * How long a request waits for a place on a full server (issue 50). Long enough for the
 * stall limit (15 s without progress, upload-body-timeout.ts) to free the place of a client
 * that trickles, short enough that a browser or proxy does not give up on the request first.
 */
export const UPLOAD_QUEUE_WAIT_MS = 30_000;

type Waiter = {
  client: UploadClient;
  /** Arrival order, the last tie-break. */
  order: number;
  admitted: (release: () => void) => void;
  refused: (error: unknown) => void;
};

export function createPhotoQueue(options: {
  concurrency: number;
  maxInFlight: number;
  perAccount?: number;
  perAddress?: number;
  /** How long a request waits in the line (UPLOAD_QUEUE_WAIT_MS by default). */
  waitMs?: number;
  /** Requests waiting at most (4 times maxInFlight by default). */
  maxWaiting?: number;
}): PhotoQueue {
  const limit = pLimit(options.concurrency);
  const perAccount = options.perAccount ?? UPLOAD_SHARES.perAccount;
  const perAddress = options.perAddress ?? UPLOAD_SHARES.perAddress;
  const waitMs = options.waitMs ?? UPLOAD_QUEUE_WAIT_MS;
  const maxWaiting = options.maxWaiting ?? options.maxInFlight * 4;
  // Shares count what a client holds and what it has waiting; places only what it holds.
  const sharesByAccount = new Map<string, number>();
  const sharesByAddress = new Map<string, number>();
  const placesByAccount = new Map<string, number>();
  const placesByAddress = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const line: Waiter[] = [];
  let arrivals = 0;
  let inFlight = 0;

  /** Throws the client's 429 when it has its share (held or waiting) already. */
  const checkShares = (client: UploadClient) => {
    // The client's own share first: a client at its share is told so even on a full server.
    if ((sharesByAccount.get(client.accountId) ?? 0) >= perAccount) {
      throw new AppError('uploads_busy_account', {
        params: { max: perAccount },
        retryAfterSeconds: SHARE_RETRY_AFTER_SECONDS,
      });
    }
    if ((sharesByAddress.get(client.address) ?? 0) >= perAddress) {
      throw new AppError('uploads_busy_address', {
        retryAfterSeconds: SHARE_RETRY_AFTER_SECONDS,
      });
    }
  };
  const busy = () => new AppError('uploads_busy', { retryAfterSeconds: RETRY_AFTER_SECONDS });
  const share = (client: UploadClient, by: number) => {
    add(sharesByAccount, client.accountId, by);
    add(sharesByAddress, client.address, by);
  };

  /** Takes a place for a client whose share is already counted; answers its release. */
  const takePlace = (client: UploadClient): (() => void) => {
    inFlight += 1;
    add(placesByAccount, client.accountId, 1);
    add(placesByAddress, client.address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      add(placesByAccount, client.accountId, -1);
      add(placesByAddress, client.address, -1);
      share(client, -1);
      handOn();
    };
  };

  /** The waiter a free place goes to: fewest places by account, then by address, then first. */
  const nextWaiter = (): Waiter | undefined => {
    let best: Waiter | undefined;
    let bestRank: [number, number, number] | undefined;
    for (const waiter of line) {
      const rank: [number, number, number] = [
        placesByAccount.get(waiter.client.accountId) ?? 0,
        placesByAddress.get(waiter.client.address) ?? 0,
        waiter.order,
      ];
      if (!bestRank || compareRanks(rank, bestRank) < 0) {
        best = waiter;
        bestRank = rank;
      }
    }
    return best;
  };

  /** Gives free places to waiting requests, fairest first. */
  const handOn = () => {
    while (inFlight < options.maxInFlight && line.length > 0) {
      const waiter = nextWaiter()!;
      line.splice(line.indexOf(waiter), 1);
      waiter.admitted(takePlace(waiter.client));
    }
  };

  const queue: PhotoQueue = {
    admit(client) {
      checkShares(client);
      if (inFlight >= options.maxInFlight) throw busy();
      share(client, 1);
      return takePlace(client);
    },
    enter(client, { signal } = {}) {
      try {
        checkShares(client);
      } catch (error) {
        return Promise.reject(error);
      }
      if (signal?.aborted) return Promise.reject(busy());
      if (inFlight < options.maxInFlight) {
        share(client, 1);
        return Promise.resolve(takePlace(client));
      }
      if (line.length >= maxWaiting) return Promise.reject(busy());
      share(client, 1);
      return new Promise((resolve, reject) => {
        const leave = (error: unknown) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abandoned);
          const index = line.indexOf(waiter);
          if (index >= 0) line.splice(index, 1);
          share(client, -1);
          reject(error);
        };
        const abandoned = () => leave(busy());
        const waiter: Waiter = {
          client,
          order: (arrivals += 1),
          admitted: (release) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', abandoned);
            resolve(release);
          },
          refused: leave,
        };
        const timer = setTimeout(() => waiter.refused(busy()), waitMs);
        timer.unref();
        signal?.addEventListener('abort', abandoned, { once: true });
        line.push(waiter);
      });
    },
    encode: (task) => limit(task),
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return line.length;
    },
  };
  return queue;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return 0;
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
