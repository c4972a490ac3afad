import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, {
  type PluginStore,
  type StoreCallback,
} from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * Limits of the endpoints that guess-work attacks go for (docs/design.md). Per IP they are generous
 * because many renters share one address (campus and mobile networks); per account they are
 * tight and count failures only.
 */
export const rateLimits = {
  loginPerIp: { max: 50, timeWindow: 15 * 60_000 },
  // Failed sign-ins count per account and address: a guesser's address is refused, the
  // account's owner elsewhere is not (issue 15). Across addresses, failures past
  // `loginSlowdown.after` slow every attempt on the account instead of refusing it.
  loginFailuresPerAccountAndIp: { max: 10, timeWindow: 15 * 60_000 },
  loginFailuresPerAccount: { max: 1000, timeWindow: 15 * 60_000 },
  registerPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // Codes have five tries each; this bounds guessing across new codes and accounts.
  verifyPerIp: { max: 30, timeWindow: 15 * 60_000 },
  resendPerAccount: { max: 5, timeWindow: 60 * 60_000 },
  forgotPasswordPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // Past it the answer stays the same, only no more mail goes out (no enumeration).
  forgotPasswordPerAccount: { max: 3, timeWindow: 60 * 60_000 },
  resetPasswordPerIp: { max: 20, timeWindow: 15 * 60_000 },
  passwordChangeFailuresPerAccount: { max: 10, timeWindow: 15 * 60_000 },
  // Each new email or phone in the profile sends a code (whose address has its own budget:
  // features/auth/verification.ts); a person changes theirs a few times at most.
  contactChangesPerAccount: { max: 5, timeWindow: 60 * 60_000 },
  contactChangesPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // Choosing a plan is one click on the plans page; a person changes it now and then.
  planChangesPerIp: { max: 30, timeWindow: 60 * 60_000 },
  // A listing has up to 20 photos, sent one request each; a few listings an hour is plenty.
  uploadsPerIp: { max: 200, timeWindow: 60 * 60_000 },
  // Each request holds up to 500 MB of video; an owner adds a few videos to a listing.
  videoUploadsPerIp: { max: 30, timeWindow: 60 * 60_000 },
  listingWritesPerIp: { max: 120, timeWindow: 60 * 60_000 },
  // Revealing an owner's contact details (issue 19). Per account: different listings in any
  // 24 hours, counted in the database (contact_reveals, features/properties/contact-reveals.ts);
  // a renter shortlists a few a day, a harvester of phone numbers wants hundreds. The English
  // of `contact_reveals_limit` says "24 hours": change both together. Per IP it is generous, as
  // a campus or a mobile network shares one address.
  contactRevealsPerAccount: { max: 30, timeWindow: 24 * 60 * 60_000 },
  contactRevealsPerIp: { max: 300, timeWindow: 60 * 60_000 },
  // Different listings revealed from one address a day, whichever accounts ask (issue 34): a
  // household or an office shares an address; a harvester with many accounts is bounded.
  contactRevealsPerAddress: { max: 60, timeWindow: 24 * 60 * 60_000 },
  // A business registers once per trade; a few mistakes and retries fit easily.
  providerRegistrationsPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // Support and contact forms: people write a few; a flood fills the inbox.
  inboxMessagesPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // One a page load; a whole campus behind one address browses well below it, and a refused
  // report costs nothing (the web app only logs it).
  trackVisitorPerIp: { max: 1200, timeWindow: 10 * 60_000 },
  // Sending a failed message again: an administrator clears a backlog after an outage, but
  // one message is tried a few times at most (each retry is a text to a real phone).
  deliveryRetriesPerAccount: { max: 200, timeWindow: 60 * 60_000 },
  deliveryRetriesPerIp: { max: 200, timeWindow: 60 * 60_000 },
  deliveryRetriesPerMessage: { max: 3, timeWindow: 60 * 60_000 },
  // A renter reports a few listings at most; reports can hide a listing, so a burst from one
  // account or address is an attack on listers, not vigilance (one per listing per account is
  // the database's own rule).
  reportsPerAccount: { max: 10, timeWindow: 24 * 60 * 60_000 },
  reportsPerIp: { max: 30, timeWindow: 60 * 60_000 },
  // Closing reports tells every reporter: bounded like other administrator actions that send.
  reportResolutionsPerAccount: { max: 200, timeWindow: 60 * 60_000 },
  reportResolutionsPerIp: { max: 200, timeWindow: 60 * 60_000 },
  // A lister asks to be verified once or twice (a blurry photo, a typo in the number); each
  // request stores a document photo and lands in the administrators' queue.
  verificationRequestsPerAccount: { max: 5, timeWindow: 24 * 60 * 60_000 },
  verificationRequestsPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // A decision sends a message to the applicant.
  verificationDecisionsPerAccount: { max: 200, timeWindow: 60 * 60_000 },
  verificationDecisionsPerIp: { max: 200, timeWindow: 60 * 60_000 },
  // Setting the exchange rate writes every dollar listing again (issue 20): a correction or
  // two a day is normal, a loop of them is load on every server's search index.
  exchangeRateChangesPerAccount: { max: 20, timeWindow: 60 * 60_000 },
  exchangeRateChangesPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // Marking listings rented and available again (issue 21): an agent lets a few places a day.
  rentedPerAccount: { max: 60, timeWindow: 60 * 60_000 },
  // Renewing or confirming a listing (dashboard or reminder link): a few a day per listing; an
  // agent with many listings renews them in a sitting.
  renewalsPerAccount: { max: 120, timeWindow: 60 * 60_000 },
  // A reminder's one-tap answer, without signing in: per address, and per listing (a link
  // shared or replayed changes the same listing over and over).
  listingConfirmationsPerIp: { max: 60, timeWindow: 60 * 60_000 },
  listingConfirmationsPerListing: { max: 10, timeWindow: 60 * 60_000 },
  // Saving, changing and deleting saved searches (issue 21): a person tunes a few; each can
  // send messages, so a script creating and deleting them in a loop is refused early.
  savedSearchWritesPerAccount: { max: 60, timeWindow: 60 * 60_000 },
  savedSearchWritesPerIp: { max: 200, timeWindow: 60 * 60_000 },
  // Unsubscribe links are tapped once; a guesser tries many tokens. Per saved search or
  // favourite: stop, undo, stop again is a few; a link replayed in a loop is refused.
  unsubscribesPerIp: { max: 60, timeWindow: 60 * 60_000 },
  unsubscribesPerTarget: { max: 10, timeWindow: 60 * 60_000 },
  // The RFC 8058 one-click POST comes from a mail provider's servers, a few addresses for all
  // of its users: more per address (a token cannot be guessed; the per-target limit holds).
  oneClickUnsubscribesPerIp: { max: 1000, timeWindow: 60 * 60_000 },
  // Short links in text messages: a person taps a few; a guesser tries thousands of codes.
  shortLinksPerIp: { max: 300, timeWindow: 60 * 60_000 },
} as const;

/** How much a sign-in waits once an account has many recent failures from many addresses. */
export const loginSlowdown = { after: 10, stepMs: 200, maxMs: 3_000 } as const;

/** The wait before checking a password of an account with `failures` recent failures. */
export function loginDelayMs(failures: number): number {
  const over = failures - loginSlowdown.after;
  return over <= 0 ? 0 : Math.min(over * loginSlowdown.stepMs, loginSlowdown.maxMs);
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError('rate_limited', {
    params: { minutes },
    message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  });
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
    /** How many units have been spent in the current window (nothing is spent by asking). */
    async spent(request: FastifyRequest): Promise<number> {
      const status = await limiter(request, { increment: false });
      return 'remaining' in status ? Math.max(0, limit.max - status.remaining) : 0;
    },
    /** Spends one unit if any is left; whether it could. */
    async take(request: FastifyRequest): Promise<boolean> {
      const status = await limiter(request);
      // isAllowed means "on the allow list", which no key here is.
      return status.isAllowed || !status.isExceeded;
    },
  };
}

/**
 * A limiter per signed-in account (the client address for a request without one, which the
 * route's access rule refuses anyway): the budget of one person, whatever address they use.
 */
export const accountLimiter = (
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
) => keyedLimiter(app, name, limit, (request) => request.user?.id ?? request.ip);

/** How long the limits stay in memory after Redis failed, before Redis is tried again. */
export const REDIS_RETRY_MS = 5_000;

type Health = {
  /** Redis is skipped until then (ms since the epoch). */
  downUntil: number;
  degraded: boolean;
  log: FastifyBaseLogger;
};

/**
 * Counts in Redis, so every server shares one budget per key; while Redis cannot be reached
 * (an error or a command slower than a second), counts in this server's memory instead,
 * trying Redis again every REDIS_RETRY_MS.
 *
 * Why neither of the plugin's own choices: without `skipOnError` a Redis outage makes every
 * limited request (sign-in, sign-up, uploads) fail; with it every limit is off while Redis is
 * down, exactly when nobody is watching. In memory the limits stay on, only per server (with
 * N servers at most N times the budget), and sign-in keeps working.
 */
class FailoverStore {
  constructor(
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly health: Health,
  ) {}

  private run(
    method: 'incr' | 'read',
    key: string,
    callback: StoreCallback,
    timeWindow: number,
    max: number,
  ) {
    const health = this.health;
    if (Date.now() < health.downUntil) {
      this.local[method](key, callback, timeWindow, max);
      return;
    }
    this.shared[method](
      key,
      (error, result) => {
        if (!error) {
          if (health.degraded) {
            health.degraded = false;
            health.log.info('rate limits: Redis is back, counting there again');
          }
          callback(null, result);
          return;
        }
        if (!health.degraded) {
          health.degraded = true;
          health.log.warn(
            { err: error },
            'rate limits: Redis cannot be reached, counting in this server’s memory meanwhile',
          );
        }
        health.downUntil = Date.now() + REDIS_RETRY_MS;
        this.local[method](key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
    this.run('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number) {
    this.run('read', key, callback, timeWindow, max);
  }

  child(routeOptions: object): FailoverStore {
    return new FailoverStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.health,
    );
  }
}

/**
 * Options of @fastify/rate-limit for this deployment: in memory (one server), or in Redis when
 * REDIS_URL is set, under `keyPrefix`, so that the per-IP limits of every route and the
 * keyed limiters (app.createRateLimit) count across all servers. `close` ends the connection.
 */
export async function rateLimitStore(
  config: { redisUrl: string | undefined; redisKeyPrefix: string },
  log: FastifyBaseLogger,
): Promise<{ options: RateLimitPluginOptions; close: () => Promise<void> }> {
  if (!config.redisUrl) return { options: {}, close: async () => {} };
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    // Fail at once while disconnected and give up on a hung command: the limits then count in
    // memory instead of holding the request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    // Reconnect in the background for ever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors are reported through the store (once per outage), not per retry.
  redis.on('error', () => {});
  const health: Health = { downUntil: 0, degraded: false, log };
  try {
    await redis.connect();
  } catch (error) {
    health.degraded = true;
    log.warn({ err: error }, 'rate limits: Redis cannot be reached at start, counting in memory');
  }
  class Store extends FailoverStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, config.redisKeyPrefix),
        new LocalStore(continueExceeding, exponentialBackoff),
        health,
      );
    }
  }
  return {
    // The store never reports an error (memory takes over), so skipOnError never applies.
    options: { store: Store as unknown as RateLimitPluginOptions['store'], skipOnError: false },
    close: async () => {
      redis.disconnect();
    },
  };
}
