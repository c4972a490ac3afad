import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type ConstructorOptions, type Db } from 'pg-boss';
import { runScript, type Database, type ScriptClient } from '../db/client';
import { JOB_QUEUE_SCHEMA } from '../db/migrate';

/**
 * The job queue of decision 013: pg-boss on the app's own database, PGlite or PostgreSQL alike,
 * in its own schema, with the platform's queues (server/db/job-queues.ts) and the features'
 * (their plugins), created by `migrateDatabase`.
 * Work that must survive a crash or happen once however many servers share the database goes
 * through it: notifications (queued-notifier.ts) and periodic work.
 *
 * pg-boss runs the SQL; the worker loop is ours (decision 013: pg-boss 10's `work()` did not
 * wait for a job's completion to be recorded, and a database that failed at that moment became
 * an unhandled rejection that ended the process). Ours records it, logs a failure, and lets the
 * job's expiry hand it to a worker again, and it runs one recipient's messages in order.
 */
export type JobQueue = {
  /**
   * Adds a job. Given a transaction, the job is written in it: it exists exactly when the
   * action that caused it does. Given `startAfterSeconds`, no worker takes it before that many
   * seconds have passed (by the database's clock): work due later, such as a reminder. Answers
   * the job's id.
   */
  send(
    name: string,
    data: object,
    options?: { db?: Database; startAfterSeconds?: number },
  ): Promise<string>;
  /**
   * Works the queue's jobs in this process, a few at a time, until `stop`. Jobs with the same
   * `inOrderOf` key (messages to one person) run one after another, in the order they were sent.
   */
  work<T>(
    name: string,
    handler: JobHandler<T>,
    options?: { inOrderOf?: (data: T) => string },
  ): void;
  /**
   * Runs `work` once per period of `everySeconds`, whatever the number of servers: each server
   * asks for a run now and then, and the queue keeps one job per period (a singleton slot),
   * which one worker takes. A failed run is tried again as the queue's policy says.
   */
  every(name: string, everySeconds: number, work: () => Promise<void>): void;
  /** Gives a failed job one more try; false when it is not (or no longer) failed. */
  retry(name: string, id: string): Promise<boolean>;
  /** Stops fetching and asking; waits for jobs under way (10 s at most). */
  stop(): Promise<void>;
};

export type Job<T> = {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
  /** A Date or, through drizzle's raw rows, its text. */
  createdOn: Date | string;
};

/**
 * What became of a job: done (with what to record of it, and, given `keep`, the data it keeps
 * from now on: a sent message's code or link goes), or a failure not worth another try
 * (`giveUp`, with the reason). Throwing means "try again later" (until the retry limit).
 */
export type JobResult = { done?: Record<string, unknown>; keep?: object } | { giveUp: string };
export type JobHandler<T> = (job: Job<T>) => Promise<JobResult>;

export type JobQueueOptions = {
  /** How often an idle worker looks for work (ms). */
  pollIntervalMs?: number;
  /** Jobs a worker takes at once. */
  batchSize?: number;
  /** How long to wait before trying to start maintenance again when the database did not answer. */
  restartDelayMs?: number;
  /** How often maintenance expires jobs of dead workers and deletes old ones (seconds). */
  maintenanceIntervalSeconds?: number;
};

/**
 * pg-boss's SQL (`$1`-style values) run through drizzle, so the same code serves both drivers
 * and, given a transaction, runs in it. A script without values (maintenance sends several
 * statements in one, inside BEGIN ... COMMIT) goes to PGlite's `exec`, since a prepared
 * statement holds one command; node-postgres sends such a script as a simple query.
 */
export function queueDb(db: Database): Db {
  const script = scriptRunner(db);
  return {
    executeSql: async (text, values = []) => {
      if (values.length === 0 && script) return script(text);
      return (await db.execute(
        sql.join(
          text
            .split(/\$(\d+)/)
            .map((part, i) => (i % 2 === 1 ? sql.param(values[Number(part) - 1]) : sql.raw(part))),
        ),
      )) as unknown as { rows: unknown[] };
    },
  };
}

/** PGlite's `exec` under a drizzle database (its client, never a transaction's); else undefined. */
function scriptRunner(db: Database) {
  const client = (db as unknown as { $client?: { exec?: unknown; dumpDataDir?: unknown } }).$client;
  if (typeof client?.exec !== 'function' || typeof client.dumpDataDir !== 'function') {
    return undefined;
  }
  return (text: string) => runScript(client as unknown as ScriptClient, text);
}

const bossOptions = (db: Database, maintenanceIntervalSeconds = 30): ConstructorOptions => ({
  db: queueDb(db),
  schema: JOB_QUEUE_SCHEMA,
  // Created and upgraded with the other migrations (server/db/migrate.ts).
  migrate: false,
  // No cron: periods are singleton slots (`every`).
  schedule: false,
  // pg-boss 12 fails jobs past their expiry in its monitor pass, run at the supervisor's
  // interval, and deletes old ones in maintenance: all at the one interval pg-boss 10 had.
  superviseIntervalSeconds: maintenanceIntervalSeconds,
  monitorIntervalSeconds: maintenanceIntervalSeconds,
  maintenanceIntervalSeconds,
});

export function createJobQueue(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  options: JobQueueOptions = {},
): JobQueue {
  const pollMs = options.pollIntervalMs ?? 2_000;
  const batchSize = options.batchSize ?? 5;
  // Commands need no started pg-boss: sending, fetching and completing are plain SQL.
  const boss = new PgBoss(bossOptions(db));
  let stopping = false;
  const timers: NodeJS.Timeout[] = [];
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, () => void>();

  // Maintenance (a started pg-boss) fails jobs whose worker died mid-run, so another takes
  // them, and deletes old ones. Started in the background: a server whose database is down
  // at start-up still starts (and answers 503), and maintenance starts once it answers.
  const maintenance = (async (): Promise<PgBoss | null> => {
    while (!stopping) {
      // A pg-boss whose start failed half-way will not start again: a new one each time.
      const supervisor = new PgBoss(bossOptions(db, options.maintenanceIntervalSeconds));
      supervisor.on('error', (error) => log.error({ err: error }, 'job queue error'));
      try {
        await supervisor.start();
        return supervisor;
      } catch (error) {
        log.warn({ err: error }, 'job queue maintenance could not start; trying again');
        await sleep(options.restartDelayMs ?? 5_000);
      }
    }
    return null;
  })();

  /** Resolves after `ms`, or sooner when a job is sent here or the queue stops. */
  const idle = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(name);
        resolve();
      }
      wakers.set(name, done);
    });

  /** Wakes the local worker of `name`; twice, since a job sent in a transaction shows at commit. */
  const nudge = (name: string) => {
    for (const delay of [25, 250]) setTimeout(() => wakers.get(name)?.(), delay).unref();
  };

  async function runJob<T>(name: string, job: Job<T>, handler: JobHandler<T>): Promise<void> {
    let result: JobResult;
    try {
      result = await handler(job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record(name, job, 'fail', { message });
      return;
    }
    if ('giveUp' in result) {
      // No tries left: the failure is final however many the policy allows.
      await record(name, job, 'give up', { message: result.giveUp });
    } else {
      await record(name, job, 'complete', result.done, result.keep);
    }
  }

  /** Records how a job ended; a database that fails now leaves it to expire and run again. */
  async function record(
    name: string,
    job: Job<unknown>,
    outcome: 'complete' | 'fail' | 'give up',
    output?: Record<string, unknown>,
    keep?: object,
  ): Promise<void> {
    try {
      if (outcome === 'complete' && keep) {
        // The data and the completion in one transaction: no moment, and no crash, leaves a
        // job done with what it should no longer hold. pg-boss bound to the transaction.
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`UPDATE ${sql.raw(JOB_QUEUE_SCHEMA)}.job SET data = ${JSON.stringify(keep)}::jsonb
                WHERE name = ${name} AND id = ${job.id} AND state = 'active'
                  AND retry_count = ${job.retryCount}`,
          );
          await new PgBoss(bossOptions(tx)).complete(name, job.id, output);
        });
        return;
      }
      if (outcome === 'complete') {
        await boss.complete(name, job.id, output);
        return;
      }
      if (outcome === 'give up') {
        await db.execute(
          sql`UPDATE ${sql.raw(JOB_QUEUE_SCHEMA)}.job SET retry_limit = retry_count
              WHERE name = ${name} AND id = ${job.id}`,
        );
      }
      await boss.fail(name, job.id, output);
    } catch (error) {
      log.error({ err: error, job: name, id: job.id }, `could not record a job's ${outcome}`);
    }
  }

  return {
    async send(name, data, sendOptions = {}) {
      // In a transaction, a pg-boss of its own: pg-boss 12 looks the queue up before it inserts,
      // through its own database, and on PGlite (one connection) that would wait for the very
      // transaction that is sending. Without one, the shared instance (its lookups are cached).
      const sender = sendOptions.db ? new PgBoss(bossOptions(sendOptions.db)) : boss;
      const delay = Math.max(0, Math.ceil(sendOptions.startAfterSeconds ?? 0));
      const id = await sender.send(name, data, delay > 0 ? { startAfter: delay } : {});
      // pg-boss answers null when the queue does not exist: the job would be lost.
      if (!id) throw new Error(`job queue ${name} does not exist (is the database migrated?)`);
      // A job due later is found by the worker's polling then; one due now wakes it.
      if (delay === 0) nudge(name);
      return id;
    },

    work<T>(
      name: string,
      handler: JobHandler<T>,
      workOptions: { inOrderOf?: (data: T) => string } = {},
    ) {
      const keyOf = workOptions.inOrderOf ?? ((_data: T) => Math.random().toString());
      const loop = async () => {
        while (!stopping) {
          // A database that fails (pg-boss 12 throws, 10 answered no jobs): idle and ask again.
          const jobs = (await boss
            .fetch(name, { batchSize, includeMetadata: true })
            .catch((error: unknown) => {
              log.warn({ err: error, job: name }, 'could not fetch jobs; trying again');
              return [];
            })) as Job<T>[];
          if (jobs.length === 0) {
            await idle(name, pollMs);
            continue;
          }
          // A batch comes back in no particular order (UPDATE ... RETURNING): oldest first.
          const time = (job: Job<T>) => new Date(job.createdOn).getTime();
          jobs.sort((a, b) => time(a) - time(b));
          const lines = new Map<string, Job<T>[]>();
          for (const job of jobs) {
            const key = keyOf(job.data);
            lines.set(key, [...(lines.get(key) ?? []), job]);
          }
          await Promise.all(
            [...lines.values()].map(async (line) => {
              for (const job of line) await runJob(name, job, handler);
            }),
          );
        }
      };
      loops.push(loop());
    },

    every(name, everySeconds, work) {
      this.work(name, async () => {
        await work();
        return {};
      });
      // One job per slot of `everySeconds` (pg-boss's singleton index): asking again within
      // the slot, from this server or another, adds nothing.
      const ask = () =>
        boss
          .sendThrottled(name, {}, { db: queueDb(db) }, everySeconds)
          .then((id) => id && nudge(name))
          .catch((error: unknown) =>
            log.warn({ err: error, job: name }, 'could not ask for a run'),
          );
      void ask();
      const askEvery = Math.max(1, Math.min(everySeconds / 4, 15 * 60)) * 1000;
      timers.push(setInterval(() => void ask(), askEvery).unref());
    },

    async retry(name, id) {
      // pg-boss answers how many jobs changed, though its types do not say so.
      const { affected = 0 } = (await boss.retry(name, id)) as { affected?: number };
      if (affected > 0) nudge(name);
      return affected > 0;
    },

    async stop() {
      stopping = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const wake of [...wakers.values()]) wake();
      await Promise.race([Promise.all(loops), sleep(10_000)]);
      const supervisor = await maintenance;
      await supervisor?.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}
