import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';

/**
 * Each test file gets a database of its own, so files run in parallel without seeing each
 * other's rows: an in-memory PGlite by default, or, in the `postgres` test project
 * (TEST_DATABASE_URL set), a fresh database cloned from a migrated template.
 */
export const TEMPLATE_DATABASE = 'abode_test_template';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.ABODE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const handle = await openPglite(undefined);
    await migrateDatabase(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `abode_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const handle = openPostgres(withDatabase(adminUrl, name), () => {});
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Vitest global setup of the postgres project: one migrated template for every file. */
export async function preparePostgresTemplate(adminUrl: string): Promise<() => Promise<void>> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = openPostgres(withDatabase(adminUrl, TEMPLATE_DATABASE), () => {});
  await migrateDatabase(template);
  await template.close();
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await cleanup.end();
  };
}
