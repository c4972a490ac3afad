import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, testConfig } from '../../config';
import type { Database } from '../../db/client';
import { localStorage } from '../../lib/storage';
import { createListing } from '../../testing/builders';
import { signUp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';

/**
 * Readiness (issue 16): a server that has just started tells a load balancer to wait until its
 * search index is loaded, and meanwhile answers searches from SQL; SEARCH_INDEX=off serves
 * every search from SQL.
 */
const dialect = new PgDialect();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/**
 * The database, with the index's bulk read of listings held back until `release()`, whether
 * it is read straight or in a transaction (through a cursor on PostgreSQL).
 */
function holdingLoads(db: Database) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (property === 'execute') {
          return async (query: SQL) => {
            if (dialect.sqlToQuery(query).sql.includes('search_vector::text')) await released;
            return (value as (q: SQL) => unknown).call(object, query);
          };
        }
        if (property === 'transaction') {
          return (work: (tx: Database) => unknown, ...rest: unknown[]) =>
            (value as (...args: unknown[]) => unknown).call(
              object,
              (tx: Database) => work(hold(tx)),
              ...rest,
            );
        }
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return { held: hold(db), release };
}

async function startServer(searchIndex: boolean, hold: boolean) {
  const database = await createTestDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-readiness-'));
  const { held, release } = holdingLoads(database.db);
  const app = await buildApp({
    config: testConfig({ dataDir: filesDir, searchIndex }),
    db: hold ? held : database.db,
    storage: localStorage(filesDir),
    webRoot: '/nonexistent',
  });
  closers.push(async () => {
    release();
    await app.close();
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  const owner = (await signUp(app, { userType: 'owner' })).userId;
  await createListing(database.db, owner, { title: 'Ready loft', city: 'Kumasi' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db: database.db, owner, release };
}

const health = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health' });
const searchTitles = async (app: FastifyInstance, location: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/properties/search?location=${location}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { properties: { title: string }[] }).properties.map((p) => p.title);
};

describe('readiness while the search index loads', () => {
  it('answers /api/health 503 "starting" until the index is loaded, and searches from SQL meanwhile', async () => {
    const { app, release } = await startServer(true, true);
    const starting = await health(app);
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting' });
    expect(Number(starting.headers['retry-after'])).toBeGreaterThan(0);

    // Searches do not wait for the load: SQL answers them, the same listings.
    expect(await searchTitles(app, 'Kumasi')).toEqual(['Ready loft']);
    expect(app.listingSearch.stats()).toMatchObject({ indexed: false, inSql: 1, fromIndex: 0 });

    release();
    await expect
      .poll(async () => (await health(app)).statusCode, { timeout: 5_000, interval: 20 })
      .toBe(200);
    expect((await health(app)).json()).toEqual({ status: 'ok' });
    expect(await searchTitles(app, 'Kumasi')).toEqual(['Ready loft']);
    expect(app.listingSearch.stats()).toMatchObject({ indexed: true, fromIndex: 1 });
  });

  it('a write while SQL answers shows at once: nothing from before it is served from a cache', async () => {
    const { app, db, owner, release } = await startServer(true, true);
    expect(await searchTitles(app, 'Tamale')).toEqual([]);
    await createListing(db, owner, { title: 'Tamale room', city: 'Tamale' });
    expect(await searchTitles(app, 'Tamale')).toEqual(['Tamale room']);
    release();
  });
});

describe('SEARCH_INDEX=off', () => {
  it('is read from the environment; any other value than on or off stops the server', () => {
    expect(loadConfig({ SEARCH_INDEX: 'off' }).searchIndex).toBe(false);
    expect(loadConfig({}).searchIndex).toBe(true);
    expect(() => loadConfig({ SEARCH_INDEX: 'maybe' })).toThrow(/SEARCH_INDEX/);
  });

  it('serves every search from SQL, is ready at once, and shows writes made by anyone at once', async () => {
    const { app, db, owner } = await startServer(false, false);
    expect((await health(app)).statusCode).toBe(200);
    expect(await searchTitles(app, 'Kumasi')).toEqual(['Ready loft']);
    // Written straight to the database, as another server or psql would: no changed() call.
    await createListing(db, owner, { title: 'Kumasi flat', city: 'Kumasi' });
    expect((await searchTitles(app, 'Kumasi')).sort()).toEqual(['Kumasi flat', 'Ready loft']);
    expect(app.listingSearch.stats()).toMatchObject({ indexed: false, fromIndex: 0, inSql: 2 });
  });
});
