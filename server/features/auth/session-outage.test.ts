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
let refuseInserts = false;
const outage = () =>
  Promise.reject(
    Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }),
  );
/** The test database, but new sessions fail while `refuseInserts` (the outage strikes mid-request). */
const flaky = new Proxy(database.db, {
  get(target, property) {
    const value = Reflect.get(target, property, target) as unknown;
    if (property === 'insert') {
      return (...args: unknown[]) =>
        refuseInserts && args[0] === sessions
          ? { values: outage }
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    }
    return typeof value === 'function' ? value.bind(target) : value;
  },
}) as Database;

let app: FastifyInstance;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-session-outage-'));

beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    db: flaky,
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

    refuseInserts = true;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie },
      payload: { email: account.email, password: account.password },
    });
    refuseInserts = false;
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

    refuseInserts = true;
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { cookie },
      payload: newAccount(),
    });
    refuseInserts = false;
    expect(second.statusCode).toBe(503);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });
});
