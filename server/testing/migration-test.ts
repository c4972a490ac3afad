import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { testDatabaseKind } from './test-database';

/**
 * What a test of a data migration needs: the migrations as a release before it had them, and
 * an empty database of the test run's kind (PGlite, or PostgreSQL in the postgres project) to
 * migrate up to there, fill with that release's rows, then bring up to date as a server started
 * on the new release does.
 */
type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder whose journal stops before the migration tagged `…tag`. */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (at <= 0) throw new Error(`no migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** An empty database of the test run's kind, and how to drop it. */
export async function emptyDatabase(): Promise<{
  handle: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  if (testDatabaseKind() === 'pglite') {
    const handle = await openPglite(undefined);
    return { handle, drop: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `abode_test_migration_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), () => {});
  return {
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
