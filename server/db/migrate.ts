import { fileURLToPath } from 'node:url';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The job queue's schema (decision 013), beside Abode's tables. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * Abode's migrations, then the job queue's: pg-boss creates or upgrades its own schema (under
 * its own advisory lock, so servers starting together on one PostgreSQL wait for each other).
 * Done here, with the other migrations, so that the running queue needs no script runner and
 * a test database cloned from a migrated template has it too.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate(migrationsFolder);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.executeSql(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}
