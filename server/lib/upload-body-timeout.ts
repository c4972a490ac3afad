import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from './app-error';

/**
 * How long an upload's body may take (issue 34, docs/decisions/023-upload-fairness.md): a
 * client that makes no progress for `idleMs`, or has not sent the whole body `totalMs` after
 * its reading began, is answered 408 `upload_timeout` and its connection closed. Without it
 * a client trickling a byte now and then held its photo queue place (and a connection) for
 * as long as it liked.
 *
 * Progress is `progressBytes` more of the body (issue 50), not any byte: a client that sends
 * a few bytes every few seconds is never idle by the byte, so by the byte it kept its place
 * for the whole `totalMs`, and twelve of them held the queue. Asking for `progressBytes`
 * within every `idleMs` is a minimum rate (32 KiB in 15 s, about 17 kbit/s, a twentieth of
 * the rate `totalMs` already asks of a 5 MB photo): an honest upload meets it many times
 * over, a trickle loses its place `idleMs` after its last real progress, whatever it sends
 * meanwhile, and its next request queues behind clients that hold no place (photo-queue.ts).
 */
export type BodyTimeouts = { idleMs: number; totalMs: number; progressBytes: number };

export type UploadTimeouts = {
  /** Listing photos and verification documents: at most 5 MB a request. */
  photos: BodyTimeouts;
  /** Videos: up to 100 MB a request. */
  videos: BodyTimeouts;
};

/** What counts as progress: 32 KiB within the idle time (issue 50). */
const PROGRESS_BYTES = 32 * 1024;

export const UPLOAD_TIMEOUTS: UploadTimeouts = {
  // 5 MB in 120 s is 0.35 Mbit/s, below the slowest mobile upload that still works at all.
  photos: { idleMs: 15_000, totalMs: 120_000, progressBytes: PROGRESS_BYTES },
  // 100 MB in 120 s would need 7 Mbit/s, more than many renters' and owners' mobile uplinks
  // have: 30 minutes asks for 0.45 Mbit/s. A slow video holds no photo queue place, only a
  // connection and its quarantine file; the idle limit still ends one that stalls or trickles.
  videos: { idleMs: 15_000, totalMs: 30 * 60_000, progressBytes: PROGRESS_BYTES },
};

/** How often progress is looked at: the timeouts fire at most this much late. */
const tickMs = (timeouts: BodyTimeouts) =>
  Math.max(10, Math.min(1_000, Math.floor(Math.min(timeouts.idleMs, timeouts.totalMs) / 5)));

/**
 * A route's `onRequest` hook that enforces `timeouts` on the request's body, whoever reads it
 * (Fastify's JSON parser before the handler, or @fastify/multipart in it).
 *
 * Progress is the socket's byte count, read on a timer: the body stream itself is left alone
 * (a `data` listener would start it flowing before its reader is there, and lose bytes). It
 * counts once `progressBytes` more arrived since the last time it counted (or the body is
 * complete), so bytes trickled below that rate do not hold the idle limit off. Time while
 * nobody reads the body (paused, or not yet piped: the request waits for a photo queue
 * place) is not the client's fault: it counts as progress, and the total time starts when
 * the body is first read. On a timeout the body's reader gets the `upload_timeout` error as
 * the stream's error, so the route fails the way it does for a body cut short: its queue
 * place is given back and nothing is stored; the answer closes the connection, so the rest
 * of a trickled body is never read.
 *
 * A request answered before its body was read (refused: the photo queue's shares, an
 * account without a verified contact) keeps its connection while Node reads the rest and
 * throws it away, so that a browser still sending sees the answer rather than a reset
 * connection; the same limits then end that connection.
 */
export function uploadBodyTimeout(timeouts: BodyTimeouts): onRequestHookHandler {
  return function (request, reply, done) {
    watchBody(request, reply, timeouts);
    done();
  };
}

function watchBody(request: FastifyRequest, reply: FastifyReply, timeouts: BodyTimeouts): void {
  const body = request.raw;
  const socket = body.socket;
  if (body.complete || !socket) return;
  /** When the body was first read: the total time counts from there. */
  let started: number | undefined;
  let lastProgress = Date.now();
  /** The socket's byte count when progress last counted. */
  let bytes = socket.bytesRead;
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (body.complete || body.destroyed) return stop();
    const now = Date.now();
    const reading = body.readableFlowing === true && !body.isPaused();
    if (!reading || socket.bytesRead - bytes >= timeouts.progressBytes) {
      bytes = socket.bytesRead;
      lastProgress = now;
    }
    if (reading) started ??= now;
    const late =
      now - lastProgress >= timeouts.idleMs ||
      (started !== undefined && now - started >= timeouts.totalMs);
    if (!late) return;
    if (reply.sent) {
      // Answered already: nothing more to say, only the connection to end.
      stop();
      body.destroy();
      return;
    }
    // The reader listens for the body's errors once it reads; before that there is nobody to
    // tell, and the wait is not the client's.
    if (body.listenerCount('error') === 0) return;
    stop();
    void reply.header('connection', 'close');
    body.emit('error', new AppError('upload_timeout'));
  }, tickMs(timeouts));
  // A request that ends before its body was read (refused early) stops watching too.
  body.once('close', stop);
  timer.unref();
}
