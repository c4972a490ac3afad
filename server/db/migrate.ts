import PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from './client';
import { jobQueues } from './job-queues';
import { fromRepoRoot } from '../paths';

export const migrationsFolder = fromRepoRoot('server/db/migrations');

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
  for (const [name, policy] of Object.entries(jobQueues)) await ensureQueue(boss, name, policy);
}

/**
 * Creates the queue when missing and applies its policy. A queue is a partition of pg-boss's
 * job table, and servers migrating together on one PostgreSQL can deadlock creating the same
 * one: the loser tries again after a random pause, by when the queue usually exists.
 */
async function ensureQueue(boss: PgBoss, name: string, policy: object): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...policy });
      await boss.updateQueue(name, { name, ...policy });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(50 + Math.random() * 200 * attempt);
    }
  }
}
