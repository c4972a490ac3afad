import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openPostgres, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { createTestApp, newAccount, signUp } from '../testing/test-app';
import { isDatabaseUnavailable, isUniqueViolation, redactQueryError } from './database-errors';
import { localStorage } from './storage';

const withCode = (code: string, message = 'driver error') =>
  Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'ENOTFOUND',
    '57P01',
    '57P03',
    '53300',
    '08006',
  ])('is true for a driver error with code %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each(['23505', '42P01', '22P02', '40001'])(
    'is false for %s, an error of the query rather than of the connection',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    },
  );

  it('recognises node-postgres messages that carry no code', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Cannot use a pool after calling end on the pool')),
    ).toBe(true);
  });

  it('follows the cause chain that Drizzle wraps driver errors in', () => {
    const driver = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const wrapped = new Error('Failed query: select 1', { cause: driver });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('42P01') }))).toBe(
      false,
    );
  });

  it('is false for plain errors and for values that are not errors', () => {
    expect(isDatabaseUnavailable(new Error('something else broke'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('does not loop forever on an error that is its own cause', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('is true for code 23505, directly or wrapped in cause', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: withCode('23505') }))).toBe(true);
    expect(
      isUniqueViolation(new Error('a', { cause: new Error('b', { cause: withCode('23505') }) })),
    ).toBe(true);
  });

  it('is false for other codes and for errors without one', () => {
    expect(isUniqueViolation(withCode('23503'))).toBe(false);
    expect(isUniqueViolation(withCode('ECONNREFUSED'))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe('errors of the real driver', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const insertUser = (email: string) =>
    database.db.insert(users).values({
      email,
      passwordHash: 'not-a-real-hash',
      firstName: 'Ama',
      lastName: 'Owusu',
    });

  it('a duplicate email is a unique violation, not an outage', async () => {
    await insertUser('twice@example.com');
    const error = await insertUser('twice@example.com').then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is logged without the values of the query', async () => {
    await insertUser('logged@example.com');
    const error = await insertUser('logged@example.com').then(
      () => null,
      (caught: unknown) => caught,
    );
    const logged = JSON.stringify(redactQueryError(error));
    expect(logged).not.toContain('logged@example.com');
    expect(logged).not.toContain('not-a-real-hash');
    expect(logged).toContain('insert into');
    expect(logged).toMatch(/duplicate key|23505/);
  });

  it('a broken query is neither', async () => {
    const error = await database.db.execute(sql`select * from no_such_table`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(false);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('with no database server listening', () => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    handle = openPostgres('postgres://postgres@127.0.0.1:1/none', () => {});
    app = await buildApp({
      config: testConfig(),
      db: handle.db,
      storage: localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'abode-files-'))),
      webRoot: '/nonexistent',
    });
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  });

  const expectUnavailable = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['message', 'code']);
    expect(body.code).toBe('unavailable');
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('the query of the real driver is recognised as an outage', async () => {
    const error = await handle.db.execute(sql`select 1`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('GET /api/health answers 503 with Retry-After', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('POST /api/auth/login answers 503, not 500 and not "invalid credentials"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ama@example.com', password: 'correct horse battery' },
    });
    expectUnavailable(response);
  });

  it('POST /api/auth/register answers 503', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
    });
    expectUnavailable(response);
  });

  it('a request with a session cookie answers 503 rather than signing the user out', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'abode_session=some-token' },
    });
    expectUnavailable(response);
  });

  it('keeps answering request after request, and the process does not crash', async () => {
    for (let i = 0; i < 5; i++) {
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/health' }));
    }
    // Routes that need no database still work.
    const signedOut = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(signedOut.statusCode).toBe(401);
    expect(crashes).toEqual([]);
  });
});

const onPostgres = process.env.ABODE_TEST_DB === 'postgres';
// Created at the top level so that createTestApp's afterAll closes it (and drops the database).
const postgresApp = onPostgres ? await createTestApp() : null;

/** A connection of its own to the app's database, outside the app's pool. */
async function secondClient(database: DatabaseHandle): Promise<pg.Client> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

const terminateOtherBackends = `select pg_terminate_backend(pid) from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid()`;

describe.runIf(onPostgres)('when PostgreSQL drops every connection', () => {
  it('the pool reconnects by itself and no request answers 500 meanwhile', async () => {
    const { app, database } = postgresApp!;
    const { cookie } = await signUp(app);
    const me = () => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 5 }, () => me()));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const killer = await secondClient(database);
    try {
      const terminated = await killer.query(terminateOtherBackends);
      expect(terminated.rowCount).toBeGreaterThan(0);
    } finally {
      await killer.end();
    }

    // Requests at once, racing the pool's discovery of its dead connections, then one at a
    // time until the app answers normally again.
    const racing = await Promise.all(Array.from({ length: 5 }, () => me()));
    const statuses: number[] = racing.map((r) => r.statusCode);
    for (const response of racing) expect([200, 503]).toContain(response.statusCode);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await me();
      statuses.push(response.statusCode);
      if (response.statusCode === 200) break;
      expect(response.statusCode, JSON.stringify(statuses)).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses).not.toContain(500);
    expect(statuses.at(-1), JSON.stringify(statuses)).toBe(200);
  });

  it('a query cut off mid-flight counts as an outage, so it would answer 503 and not 500', async () => {
    const { database } = postgresApp!;
    const killer = await secondClient(database);
    try {
      const slow = database.db.execute(sql`select pg_sleep(10)`).then(
        () => null,
        (caught: unknown) => caught,
      );
      for (let i = 0; i < 50; i++) {
        const running = await killer.query(
          `select 1 from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'`,
        );
        if (running.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await killer.query(terminateOtherBackends);
      const error = await slow;
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await killer.end();
    }
    // An idle connection killed at the same moment may fail one more query, as an outage
    // too; within a few attempts the pool has replaced it.
    let recovered = false;
    for (let attempt = 0; attempt < 5 && !recovered; attempt++) {
      const failure = await database.db.execute(sql`select 1`).then(
        () => null,
        (caught: unknown) => caught,
      );
      if (failure === null) recovered = true;
      else expect(isDatabaseUnavailable(failure)).toBe(true);
    }
    expect(recovered).toBe(true);
  });
});
