import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRepoRoot } from '../paths';
import { createTestDatabase } from '../testing/test-database';
import { rowsOf, type DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';
import { serverQueues } from '../features';

// Decision 021: pg-boss 12 migrates its schema from pg-boss 11's on, and no release migrates
// pg-boss 10's. A database whose queue pg-boss 10 made (every Abode before issue 34) has its
// jobs moved into the new schema by `migrateDatabase`, on PGlite and PostgreSQL alike.
const v10Schema = fs.readFileSync(fromRepoRoot('server/testing/pgboss-v10-schema.sql'), 'utf8');
const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/** A migrated database whose job queue is pg-boss 10's, holding jobs in three states. */
async function databaseWithV10Queue() {
  const database = await createTestDatabase();
  opened.push(database);
  await database.executeSql('DROP SCHEMA pgboss CASCADE');
  await database.executeSql(v10Schema);
  await database.executeSql(
    `SELECT pgboss.create_queue('deliver-sms', '{"policy":"standard"}'::json);
     SELECT pgboss.create_queue('hourly-sweep', '{"policy":"standard"}'::json);`,
  );
  await database.executeSql(`
    INSERT INTO pgboss.job (id, name, data, state, retry_count, retry_limit, started_on, completed_on, output)
    VALUES
      ('00000000-0000-4000-8000-000000000001', 'deliver-sms', '{"to":"+233240000001","n":"waiting"}', 'retry', 2, 8, NULL, NULL, '{"message":"HTTP 503"}'),
      ('00000000-0000-4000-8000-000000000002', 'deliver-sms', '{"to":"+233240000002","n":"taken"}', 'active', 0, 8, now(), NULL, NULL),
      ('00000000-0000-4000-8000-000000000003', 'deliver-sms', '{"to":"+233240000003","n":"failed"}', 'failed', 8, 8, now(), now(), '{"message":"unreachable"}'),
      ('00000000-0000-4000-8000-000000000004', 'hourly-sweep', '{}', 'completed', 0, 2, now(), now(), NULL)`);
  return database;
}

describe('a job queue pg-boss 10 made (decision 021)', () => {
  it('is replaced by pg-boss 12’s, its jobs kept with their ids, states and tries', async () => {
    const database = await databaseWithV10Queue();
    await migrateDatabase(database, serverQueues());

    const [version] = await rowsOf<{ version: number }>(
      database.db,
      sql`SELECT version FROM pgboss.version`,
    );
    expect(Number(version!.version)).toBeGreaterThanOrEqual(25);
    const jobs = await rowsOf<{
      id: string;
      name: string;
      state: string;
      retry_count: number;
      data: { n?: string };
      reason: string | null;
    }>(
      database.db,
      sql`SELECT id, name, state::text AS state, retry_count, data, output->>'message' AS reason
          FROM pgboss.job WHERE id::text LIKE '00000000-0000-4000-8000-%' ORDER BY id`,
    );
    expect(jobs).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'deliver-sms',
        state: 'retry',
        retry_count: 2,
        data: { to: '+233240000001', n: 'waiting' },
        reason: 'HTTP 503',
      },
      // A job a stopped server held is tried again.
      {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'deliver-sms',
        state: 'retry',
        retry_count: 0,
        data: { to: '+233240000002', n: 'taken' },
        reason: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        name: 'deliver-sms',
        state: 'failed',
        retry_count: 8,
        data: { to: '+233240000003', n: 'failed' },
        reason: 'unreachable',
      },
      {
        id: '00000000-0000-4000-8000-000000000004',
        name: 'hourly-sweep',
        state: 'completed',
        retry_count: 0,
        data: {},
        reason: null,
      },
    ]);
    const [legacy] = await rowsOf<{ left: string | null }>(
      database.db,
      sql`SELECT to_regnamespace('pgboss_v10')::text AS left`,
    );
    expect(legacy!.left).toBeNull();
  });

  it('a second migration (a restart) changes nothing', async () => {
    const database = await databaseWithV10Queue();
    await migrateDatabase(database, serverQueues());
    await migrateDatabase(database, serverQueues());
    const [row] = await rowsOf<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE id::text LIKE '00000000-0000-4000-8000-%'`,
    );
    expect(row!.n).toBe(4);
    // pg-boss 12 left no index build for later (its "bam" commands, run by a started pg-boss).
    const [waiting] = await rowsOf<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.bam WHERE status <> 'completed'`,
    );
    expect(waiting!.n).toBe(0);
  });
});
