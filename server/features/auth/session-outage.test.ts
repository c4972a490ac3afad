import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { sessions } from './schema';
import { localStorage } from '../../lib/storage';
import { createTestDatabase } from '../../testing/test-database';
import { newAccount, sessionCookie } from '../../testing/test-app';

/**
 * A sign-in or sign-up cut off by a database outage (PostgreSQL restarted under load:
 * scripts/resilience/postgres-restart.ts) answers 503 and leaves the session the browser
 * already had working. It used to delete that session before making the new one, so an outage
 * between the two signed the user out.
 */
const database = await createTestDatabase();
/** Which step of the request the outage strikes: making the new session, or telling the streams. */
let failing: 'session-insert' | 'notify' | null = null;
const outage = () =>
  Promise.reject(
    Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }),
  );
/** `db` (the test database or one of its transactions), with the outage of `failing`. */
const flaky = (db: Database): Database =>
  new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      if (property === 'insert') {
        return (...args: unknown[]) =>
          failing === 'session-insert' && args[0] === sessions
            ? { values: outage }
            : method.apply(target, args);
      }
      // live-updates.ts tells every server's streams with pg_notify through `execute`.
      if (property === 'execute') {
        return (...args: unknown[]) =>
          failing === 'notify' ? outage() : method.apply(target, args);
      }
      if (property === 'transaction') {
        return (work: (tx: Database) => Promise<unknown>, ...rest: unknown[]) =>
          method.call(target, (tx: Database) => work(flaky(tx)), ...rest);
      }
      return method.bind(target);
    },
  }) as Database;

let app: FastifyInstance;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-session-outage-'));

beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    db: flaky(database.db),
    storage: localStorage(filesDir),
    webRoot: '/nonexistent',
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('a session change cut off by a database outage', () => {
  it('a sign-in answered 503 keeps the session the browser had', async () => {
    const account = newAccount();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: account,
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered);

    failing = 'session-insert';
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie },
      payload: { email: account.email, password: account.password },
    });
    failing = null;
    expect(login.statusCode).toBe(503);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('so does a sign-up of another account from a signed-in browser', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
    });
    const cookie = sessionCookie(registered);

    failing = 'session-insert';
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { cookie },
      payload: newAccount(),
    });
    failing = null;
    expect(second.statusCode).toBe(503);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('a sign-in whose old session was deleted when the outage struck keeps that session', async () => {
    const account = newAccount();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: account,
    });
    const cookie = sessionCookie(registered);

    // The old session is deleted, then the streams are told: the outage strikes in between.
    failing = 'notify';
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie },
      payload: { email: account.email, password: account.password },
    });
    failing = null;
    expect(login.statusCode).toBe(503);
    expect(login.headers['set-cookie']).toBeUndefined();

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('a sign-out cut off by the outage leaves the user signed in, to try again', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
    });
    const cookie = sessionCookie(registered);

    failing = 'notify';
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    failing = null;
    expect(signOut.statusCode).toBe(503);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });
});
