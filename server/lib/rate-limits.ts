import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * Limits of the endpoints that guess-work attacks go for (DESIGN.md). Per IP they are generous
 * because many renters share one address (campus and mobile networks); per account they are
 * tight and count failures only.
 */
export const rateLimits = {
  loginPerIp: { max: 50, timeWindow: 15 * 60_000 },
  loginFailuresPerAccount: { max: 10, timeWindow: 15 * 60_000 },
  registerPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // Codes have five tries each; this bounds guessing across new codes and accounts.
  verifyPerIp: { max: 30, timeWindow: 15 * 60_000 },
  resendPerAccount: { max: 5, timeWindow: 60 * 60_000 },
  forgotPasswordPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // Past it the answer stays the same, only no more mail goes out (no enumeration).
  forgotPasswordPerAccount: { max: 3, timeWindow: 60 * 60_000 },
  resetPasswordPerIp: { max: 20, timeWindow: 15 * 60_000 },
  passwordChangeFailuresPerAccount: { max: 10, timeWindow: 15 * 60_000 },
  // A listing has up to 20 photos, sent one request each; a few listings an hour is plenty.
  uploadsPerIp: { max: 200, timeWindow: 60 * 60_000 },
  // Each request holds up to 500 MB of video; an owner adds a few videos to a listing.
  videoUploadsPerIp: { max: 30, timeWindow: 60 * 60_000 },
  listingWritesPerIp: { max: 120, timeWindow: 60 * 60_000 },
  // One a page load; a whole campus behind one address browses well below it, and a refused
  // report costs nothing (the web app only logs it).
  // A business registers once per trade; a few mistakes and retries fit easily.
  providerRegistrationsPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // Support and contact forms: people write a few; a flood fills the inbox.
  inboxMessagesPerIp: { max: 10, timeWindow: 60 * 60_000 },
  trackVisitorPerIp: { max: 1200, timeWindow: 10 * 60_000 },
} as const;

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'rate_limited',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds },
  );
}

/** Route config for a per-IP limit whose 429 has the API's error shape and Retry-After. */
export const ipLimit = (limit: { max: number; timeWindow: number }) => ({
  rateLimit: {
    ...limit,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      tooManyAttempts(Math.ceil(context.ttl / 1000)),
  },
});

/**
 * A limiter keyed by something other than the client address (an account identifier).
 * `check` refuses once the budget is spent; `consume` spends one unit (a failed attempt).
 */
export function keyedLimiter(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
  keyOf: (request: FastifyRequest) => string,
) {
  const limiter = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
  return {
    async check(request: FastifyRequest): Promise<void> {
      const status = await limiter(request, { increment: false });
      // A peek does not count itself, so the budget is spent when nothing remains.
      if (!status.isAllowed && status.remaining <= 0) throw tooManyAttempts(status.ttlInSeconds);
    },
    async consume(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
    /** Spends one unit if any is left; whether it could. */
    async take(request: FastifyRequest): Promise<boolean> {
      const status = await limiter(request);
      // isAllowed means "on the allow list", which no key here is.
      return status.isAllowed || !status.isExceeded;
    },
  };
}
