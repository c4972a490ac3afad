import { PgBoss } from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from './client';
import { platformQueues, type QueuePolicies, type QueuePolicy } from './job-queues';
import { fromRepoRoot } from '../paths';

export const migrationsFolder = fromRepoRoot('server/db/migrations');

/** The job queue's schema (decision 013), beside Abode's tables. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * Where the migration sets aside a queue schema made by pg-boss 10 (decision 021): pg-boss 12
 * migrates its schema from pg-boss 11's on, and neither 11 nor 12 migrates pg-boss 10's.
 */
export const LEGACY_JOB_QUEUE_SCHEMA = 'pgboss_v10';

/**
 * Abode's migrations, then the job queue's: pg-boss creates or upgrades its own schema (under
 * its own advisory lock, so servers starting together on one PostgreSQL wait for each other),
 * and the platform's queues and `featureQueues` (the features' own, which the composition
 * gathers: server/features/index.ts) are created or updated. Done here, with the other
 * migrations, so that the running queue needs no script runner and a test database cloned from
 * a migrated template has it too.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  featureQueues: QueuePolicies,
): Promise<void> {
  await handle.migrate(migrationsFolder);
  await handle.executeSql(setAsideLegacyQueueSchema);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.executeSql(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  for (const [name, policy] of Object.entries({ ...platformQueues, ...featureQueues })) {
    await ensureQueue(boss, name, policy);
  }
  await handle.executeSql(moveLegacyJobs);
}

/**
 * Creates the queue when missing and applies its policy. A queue is a partition of pg-boss's
 * job table, and servers migrating together on one PostgreSQL can deadlock creating the same
 * one: the loser tries again after a random pause, by when the queue usually exists.
 */
async function ensureQueue(boss: PgBoss, name: string, policy: QueuePolicy): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, policy);
      await boss.updateQueue(name, policy);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(50 + Math.random() * 200 * attempt);
    }
  }
}

/**
 * Both steps below run as one script in one transaction (PGlite's `exec`, node-postgres's
 * simple query) under one advisory lock, so servers starting together take turns, and a server
 * stopped half-way leaves either the old schema or the new one with its jobs, never half of both.
 */
const legacyLock = `SELECT pg_advisory_xact_lock(hashtext('abode: ${LEGACY_JOB_QUEUE_SCHEMA}'))`;

/** A queue schema pg-boss 10 made (schema version 24) is renamed before pg-boss 12 starts. */
const setAsideLegacyQueueSchema = `
BEGIN;
${legacyLock};
DO $$
DECLARE
  version int;
BEGIN
  IF to_regclass('${JOB_QUEUE_SCHEMA}.version') IS NULL
     OR to_regnamespace('${LEGACY_JOB_QUEUE_SCHEMA}') IS NOT NULL THEN
    RETURN;
  END IF;
  EXECUTE 'SELECT version FROM ${JOB_QUEUE_SCHEMA}.version' INTO version;
  IF version < 25 THEN
    ALTER SCHEMA ${JOB_QUEUE_SCHEMA} RENAME TO ${LEGACY_JOB_QUEUE_SCHEMA};
  END IF;
END $$;
COMMIT;`;

/**
 * Once the new schema and its queues exist, the old schema's jobs move over with their ids (the
 * app's tables name some: a code's message, a support copy), state, tries and output, and the old
 * schema goes. A job a pg-boss 10 worker held when its server stopped is tried again now. Jobs
 * pg-boss 10 had archived (done more than a day ago) are history, and go with the old schema.
 */
const moveLegacyJobs = `
BEGIN;
${legacyLock};
DO $$
BEGIN
  IF to_regnamespace('${LEGACY_JOB_QUEUE_SCHEMA}') IS NULL THEN
    RETURN;
  END IF;
  EXECUTE $move$
    INSERT INTO ${JOB_QUEUE_SCHEMA}.job (id, name, priority, data, state, retry_limit, retry_count,
      retry_delay, retry_backoff, expire_seconds, deletion_seconds, singleton_key, singleton_on,
      start_after, created_on, started_on, completed_on, keep_until, output, policy)
    SELECT j.id, j.name, j.priority, j.data,
      (CASE WHEN j.state::text = 'active' THEN 'retry' ELSE j.state::text END)::${JOB_QUEUE_SCHEMA}.job_state,
      j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
      q.expire_seconds, q.deletion_seconds, j.singleton_key, j.singleton_on,
      CASE WHEN j.state::text = 'active' THEN now() ELSE j.start_after END,
      j.created_on, j.started_on, j.completed_on, j.keep_until, j.output, q.policy
    FROM ${LEGACY_JOB_QUEUE_SCHEMA}.job j JOIN ${JOB_QUEUE_SCHEMA}.queue q ON q.name = j.name
    ON CONFLICT DO NOTHING
  $move$;
  DROP SCHEMA ${LEGACY_JOB_QUEUE_SCHEMA} CASCADE;
END $$;
COMMIT;`;
