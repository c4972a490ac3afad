import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../features/auth/service';
import { testDatabaseKind } from '../testing/test-database';
import { openPostgres, type DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';
import { serverQueues } from '../features';
import { users } from './schema';
import { reportUnavailable } from '../testing/unavailable-suites';

/**
 * Several servers starting at once on one empty PostgreSQL database (scale-out): all of them
 * migrate it and make sure ADMIN_EMAIL exists, and none fails. (PGlite's data directory is
 * opened by one process at a time, so this is PostgreSQL's alone.)
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const enabled = testDatabaseKind() === 'postgres' && testDatabaseUrl !== undefined;
// In the embedded-database project it waits for the server-postgres one, which runs it.
if (testDatabaseUrl === undefined)
  reportUnavailable('servers starting at once', 'no PostgreSQL (TEST_DATABASE_URL)');

describe.skipIf(!enabled)('servers starting at once on one empty database', () => {
  const name = `abode_start_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];

  async function onServer(query: string) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it('migrate it once between them, and create the administrator once', async () => {
    await onServer(`create database ${name}`);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i += 1) handles.push(openPostgres(url.toString(), () => {}));

    await Promise.all(handles.map((handle) => migrateDatabase(handle, serverQueues())));

    const email = 'first.admin@example.com';
    const outcomes = await Promise.all(
      handles.map((handle) => ensureAdministrator(handle.db, email, 'Started together 2026')),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    const admins = await handles[0]!.db.select().from(users).where(eq(users.email, email));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ isAdmin: true, emailVerified: true });
  });
});
