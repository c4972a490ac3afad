import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#common/api-error';
import { buildApp } from '../app';
import { openTestRedis, type TestRedis } from '../testing/redis';
import { createTestApp, signUp } from '../testing/test-app';
import { rateLimits as authLimits } from '../features/auth/rate-limits';
import { reportUnavailable } from '../testing/unavailable-suites';

/**
 * Rate limits with REDIS_URL: two apps on one database and one Redis share every budget
 * (the per-IP limits of routes and the per-account limiters), and a Redis that cannot be
 * reached leaves the limits on, counted in memory. Without a Redis anywhere the file says so
 * and skips.
 */
const redis = await openTestRedis();
if (!redis)
  reportUnavailable(
    'rate limits shared in Redis',
    'no Redis (TEST_REDIS_URL, or redis-server on 127.0.0.1:6379)',
  );

const login = (app: FastifyInstance, ip: string, email: string, password = 'wrong password') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password },
  });

describe.skipIf(!redis)('rate limits in Redis, shared by two servers', () => {
  const shared = redis as TestRedis;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const first = await createTestApp({ redisUrl: shared.url, redisKeyPrefix: shared.keyPrefix });
    a = first.app;
    b = await buildApp({
      config: first.config,
      db: first.database.db,
      storage: first.storage,
      webRoot: '/nonexistent',
    });
  });

  afterAll(async () => {
    await b?.close();
    await shared.close();
  });

  it('spends one per-IP sign-in budget across both servers', async () => {
    const { max } = authLimits.loginPerIp;
    const ip = '203.0.113.7';
    for (let attempt = 0; attempt < max; attempt += 1) {
      const app = attempt % 2 === 0 ? a : b;
      const response = await login(app, ip, `nobody${attempt}@example.com`);
      expect(response.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const app of [a, b]) {
      const refused = await login(app, ip, 'someone.else@example.com');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(refused.json()).message).toMatch(/Too many attempts/);
    }
    // Another address has its own budget.
    expect((await login(b, '203.0.113.8', 'nobody@example.com')).statusCode).toBe(401);

    const client = new Redis(shared.url);
    try {
      expect((await client.keys(`${shared.keyPrefix}*`)).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });

  it('spends one failure budget per account and address across both servers (keyed limiter)', async () => {
    const account = await signUp(a);
    const { max } = authLimits.loginFailuresPerAccountAndIp;
    const guesser = '198.51.100.7';
    for (let attempt = 0; attempt < max; attempt += 1) {
      const app = attempt % 2 === 0 ? b : a;
      const response = await login(app, guesser, account.body.email!);
      expect(response.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    // Even the right password, from the guessing address, on either server.
    for (const app of [a, b]) {
      const refused = await login(app, guesser, account.body.email!, account.body.password);
      expect(refused.statusCode).toBe(429);
    }
    // The owner, from another address, signs in on either server.
    for (const app of [a, b]) {
      const owner = await login(app, '198.51.100.200', account.body.email!, account.body.password);
      expect(owner.statusCode).toBe(200);
    }
  });
});

describe('rate limits when Redis cannot be reached', () => {
  it('starts, answers, and still limits, counting in memory', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const { app } = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    const { max } = authLimits.loginPerIp;
    const ip = '192.0.2.44';
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await login(app, ip, `nobody${attempt}@example.com`)).statusCode).toBe(401);
    }
    const refused = await login(app, ip, 'nobody@example.com');
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.safeParse(refused.json()).success).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
