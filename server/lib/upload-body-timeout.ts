import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from './app-error';

/**
 * How long an upload's body may take (issue 34, docs/decisions/023-upload-fairness.md): a
 * client that sends nothing for `idleMs`, or has not sent the whole body after `totalMs`, is
 * answered 408 `upload_timeout` and its connection closed. Without it a client trickling a
 * byte now and then held its photo queue place (and a connection) for as long as it liked.
 */
export type BodyTimeouts = { idleMs: number; totalMs: number };

export type UploadTimeouts = {
  /** Listing photos and verification documents: at most 5 MB a request. */
  photos: BodyTimeouts;
  /** Videos: up to 100 MB a request. */
  videos: BodyTimeouts;
};

export const UPLOAD_TIMEOUTS: UploadTimeouts = {
  // 5 MB in 120 s is 0.35 Mbit/s, below the slowest mobile upload that still works at all.
  photos: { idleMs: 15_000, totalMs: 120_000 },
  // 100 MB in 120 s would need 7 Mbit/s, more than many renters' and owners' mobile uplinks
  // have: 30 minutes asks for 0.45 Mbit/s. A slow video holds no photo queue place, only a
  // connection and its quarantine file; the idle limit still ends one that stalls.
  videos: { idleMs: 15_000, totalMs: 30 * 60_000 },
};

/** How often progress is looked at: the timeouts fire at most this much late. */
const tickMs = (timeouts: BodyTimeouts) =>
  Math.max(10, Math.min(1_000, Math.floor(Math.min(timeouts.idleMs, timeouts.totalMs) / 5)));

/**
 * A route's `onRequest` hook that enforces `timeouts` on the request's body, whoever reads it
 * (Fastify's JSON parser before the handler, or @fastify/multipart in it).
 *
 * Progress is the socket's byte count, read on a timer: the body stream itself is left alone
 * (a `data` listener would start it flowing before its reader is there, and lose bytes). Time
 * while nobody reads the body (paused, or not yet piped) is not the client's fault and counts
 * as progress. On a timeout the body's reader gets the `upload_timeout` error as the stream's
 * error, so the route fails the way it does for a body cut short: its queue place is given
 * back and nothing is stored; the answer closes the connection, so the rest of a trickled
 * body is never read.
 *
 * A request answered before its body was read (refused: the photo queue's shares) keeps its
 * connection while Node reads the rest and throws it away, so that a browser still sending
 * sees the answer rather than a reset connection; the same limits then end that connection.
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
  const started = Date.now();
  let lastProgress = started;
  let bytes = socket.bytesRead;
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (body.complete || body.destroyed) return stop();
    const now = Date.now();
    const reading = body.readableFlowing === true && !body.isPaused();
    if (socket.bytesRead !== bytes || !reading) {
      bytes = socket.bytesRead;
      lastProgress = now;
    }
    const late = now - lastProgress >= timeouts.idleMs || now - started >= timeouts.totalMs;
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
