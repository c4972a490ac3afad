import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { JOB_QUEUE_SCHEMA } from '../db/migrate';

/**
 * The job queue of decision 013: pg-boss on the app's own database, PGlite or PostgreSQL alike,
 * in its own schema (created by `migrateDatabase`). Work that must happen once however many
 * servers share the database goes through it; messages follow (issue 18).
 */
export type JobQueue = {
  /**
   * Runs `work` once per period of `everySeconds`, whatever the number of servers: each server
   * asks for a run now and then, and the queue keeps one job per period (a singleton slot), which
   * one worker takes. A failed run is tried again twice, a minute and then about two later.
   * Resolves once the queue has started (it waits for the database if it is down).
   */
  every(name: string, everySeconds: number, work: () => Promise<void>): Promise<void>;
  /** Stops asking and working; waits for a run under way. */
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  /** How often a worker looks for work (seconds; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How long to wait before trying to start again when the database did not answer. */
  restartDelayMs?: number;
};

/**
 * pg-boss's SQL (`$1`-style values) run through drizzle, so the same code serves both drivers
 * and, given a transaction, runs in it.
 */
export function queueDb(db: Database): PgBoss.Db {
  return {
    executeSql: async (text, values = []) =>
      (await db.execute(
        sql.join(
          text
            .split(/\$(\d+)/)
            .map((part, i) => (i % 2 === 1 ? sql.param(values[Number(part) - 1]) : sql.raw(part))),
        ),
      )) as unknown as { rows: unknown[] },
  };
}

/**
 * The queue, starting in the background: a server whose database is down at start-up still
 * starts (and answers 503), and its queue starts once the database answers.
 */
export function createJobQueue(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  options: JobQueueOptions = {},
): JobQueue {
  let stopping = false;
  const timers: NodeJS.Timeout[] = [];
  const polling = options.pollingIntervalSeconds ?? 5;

  const started = (async (): Promise<PgBoss | null> => {
    while (!stopping) {
      // A pg-boss whose start failed half-way will not start again: a new one each time.
      const boss = new PgBoss({
        db: queueDb(db),
        schema: JOB_QUEUE_SCHEMA,
        // Created and upgraded with the other migrations (server/db/migrate.ts).
        migrate: false,
        // No cron: periods are singleton slots (below). Maintenance stays on: it expires jobs
        // of a server that died mid-run, so another takes them.
        schedule: false,
        maintenanceIntervalSeconds: 30,
      });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      try {
        await boss.start();
        return boss;
      } catch (error) {
        log.warn({ err: error }, 'the job queue could not start; trying again');
        await sleep(options.restartDelayMs ?? 5_000);
      }
    }
    return null;
  })();

  return {
    async every(name, everySeconds, work) {
      const boss = await started;
      if (!boss) return;
      await boss.createQueue(name, {
        name,
        retryLimit: 2,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
      await boss.work(name, { pollingIntervalSeconds: polling }, async () => {
        await work();
      });
      // One job per slot of `everySeconds` (pg-boss's singleton index): asking again within
      // the slot, from this server or another, adds nothing.
      const ask = () =>
        boss
          .sendThrottled(name, {}, {}, everySeconds)
          .catch((error: unknown) =>
            log.warn({ err: error, job: name }, 'could not ask for a run'),
          );
      await ask();
      const askEvery = Math.max(1, Math.min(everySeconds / 4, 15 * 60)) * 1000;
      timers.push(setInterval(() => void ask(), askEvery).unref());
    },

    async stop() {
      stopping = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      const boss = await started;
      await boss?.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
