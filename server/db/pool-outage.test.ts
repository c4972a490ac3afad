import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { openPostgres } from './client';
import { createTestDatabase } from '../testing/test-database';

/**
 * PostgreSQL stopped (`pg_ctl stop -m fast`) while a pooled connection is checked out but
 * between two queries (inside a transaction): node-postgres emits 'error' on that client, and
 * pg-pool listens only on idle ones, so without a listener of our own the process ended
 * (scripts/resilience/postgres-restart.ts found it). Now it is an outage like any other.
 */
const onPostgres = process.env.ABODE_TEST_DB === 'postgres';

describe.runIf(onPostgres)('a connection ended while checked out between queries', () => {
  it('is reported, not thrown, and the transaction fails as an outage', async () => {
    const template = await createTestDatabase();
    const [row] = (
      (await template.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    const reported: Error[] = [];
    const handle = openPostgres(url.toString(), (error) => reported.push(error));
    const killer = new pg.Client({ connectionString: url.toString() });
    await killer.connect();
    try {
      const outcome = await handle.db
        .transaction(async (tx) => {
          const [me] = (
            (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: { pid: number }[];
            }
          ).rows;
          // The server ends this connection while the transaction waits between statements.
          await killer.query('select pg_terminate_backend($1)', [me!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(outcome).not.toBeNull();
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      expect(reported.length).toBeGreaterThan(0);
      // The pool replaces the connection: the next query works.
      await handle.db.execute(sql`select 1`);
    } finally {
      await killer.end();
      await handle.close();
      await template.close();
    }
  });
});
