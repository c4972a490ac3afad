import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { serverQueues } from '../features';

/**
 * Each test file gets a database of its own, so files run in parallel without seeing each
 * other's rows: an in-memory PGlite by default, or, in the `postgres` test project
 * (TEST_DATABASE_URL set), a fresh database cloned from a migrated template.
 */
/**
 * The migrated template of one test run: named per run, so two runs on one PostgreSQL server
 * (CI and a developer, or two checkouts) never drop each other's template.
 */
export const newTemplateName = () =>
  `abode_test_template_${process.pid}_${randomBytes(4).toString('hex')}`;

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
    // Loading the migrated template made once per run takes a fraction of a fresh initdb.
    const template = inject('pgliteTemplate');
    const handle = await openPglite(
      undefined,
      template ? new Blob([fs.readFileSync(template)]) : undefined,
    );
    if (!template) await migrateDatabase(handle, serverQueues());
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `abode_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const templateName = inject('postgresTemplate');
  if (!templateName) throw new Error('the postgres global setup did not provide a template');
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
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
export async function preparePostgresTemplate(
  adminUrl: string,
  templateName: string,
): Promise<() => Promise<void>> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  await admin.end();
  const template = openPostgres(withDatabase(adminUrl, templateName), () => {});
  await migrateDatabase(template, serverQueues());
  await template.close();
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await cleanup.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a migrated PGlite, made by pglite-global-setup.ts. */
    pgliteTemplate: string | undefined;
    /** Name of this run's migrated PostgreSQL template (postgres-global-setup.ts). */
    postgresTemplate: string | undefined;
  }
}

/** Vitest global setup of the PGlite project: dump one migrated database to a file. */
export async function preparePgliteTemplate(): Promise<{ file: string; cleanup: () => void }> {
  const handle = await openPglite(undefined);
  await migrateDatabase(handle, serverQueues());
  const dump = await handle.dumpDataDir();
  await handle.close();
  const file = path.join(
    os.tmpdir(),
    `abode-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, cleanup: () => fs.rmSync(file, { force: true }) };
}
