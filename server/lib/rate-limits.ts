/**
 * The mechanics of rate limits: the store (Redis shared by every server, memory meanwhile),
 * per-IP route limits and limiters keyed by account or anything else, all refusing with the
 * API's 429. The limits themselves live with their features, in
 * `server/features/<name>/rate-limits.ts` (a platform route keeps its own beside it, as
 * short-links.ts does). They guard the endpoints that guess-work attacks go for
 * (docs/design.md): per IP they are generous because many renters share one address (campus
 * and mobile networks); per account they are tight and count failures only.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, {
  type PluginStore,
  type StoreCallback,
} from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

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

/** A limiter pair: one budget per account and one per address, checked and spent together. */
export function accountAndAddress(
  app: FastifyInstance,
  name: string,
  perAccount: { max: number; timeWindow: number },
  perIp: { max: number; timeWindow: number },
) {
  const account = accountLimiter(app, `${name}-account`, perAccount);
  const address = keyedLimiter(app, `${name}-ip`, perIp, (request) => request.ip);
  return {
    check: async (request: FastifyRequest) => {
      await account.check(request);
      await address.check(request);
    },
    consume: async (request: FastifyRequest) => {
      await account.consume(request);
      await address.consume(request);
    },
  };
}

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
