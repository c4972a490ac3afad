import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * The job queue of decision 013: pg-boss on the app's own database, PGlite or PostgreSQL alike
 * (through `executeSql`), in its own schema. Work that must happen once however many servers
 * share the database goes through it; messages follow (issue 18).
 */
export type JobQueue = {
  /**
   * Runs `work` once per period of `everySeconds`, whatever the number of servers: each server
   * asks for a run now and then, and the queue keeps one job per period (a singleton slot), which
   * one worker takes. A failed run is tried again twice, a minute and then about two later.
   */
  every(name: string, everySeconds: number, work: () => Promise<void>): Promise<void>;
  /** Stops asking and working; waits for a run under way. */
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  /** pg-boss's schema (tests give each queue its own). */
  schema?: string;
  /** How often a worker looks for work (seconds). */
  pollingIntervalSeconds?: number;
};

export async function startJobQueue(
  database: Pick<DatabaseHandle, 'executeSql'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: options.schema ?? 'pgboss',
    // No cron: periods are singleton slots (below). Maintenance stays on: it expires jobs of a
    // server that died mid-run, so another takes them.
    schedule: false,
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const timers: NodeJS.Timeout[] = [];
  const polling = options.pollingIntervalSeconds ?? 5;

  return {
    async every(name, everySeconds, work) {
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
      for (const timer of timers.splice(0)) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
