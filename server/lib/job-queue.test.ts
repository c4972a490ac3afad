import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { createJobQueue, type JobQueue } from './job-queue';

// Runs on both drivers: PGlite here, PostgreSQL in the server-postgres project (issue 18,
// decision 013). Two queues on one database stand for two servers.
const database = await createTestDatabase();
const log = { warn: () => {}, error: () => {} };
const queues: JobQueue[] = [];
const open = async () => {
  const queue = createJobQueue(database.db, log, { pollingIntervalSeconds: 0.5 });
  queues.push(queue);
  return queue;
};

afterAll(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await database.close();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(50);
  }
}

describe('work once per period, whatever the number of servers', () => {
  it(
    'runs a periodic job once, even when two servers ask for it',
    { timeout: 60_000 },
    async () => {
      const runs: string[] = [];
      const first = await open();
      const second = await open();
      await first.every('sweep-test', 3600, async () => {
        runs.push('first');
      });
      await second.every('sweep-test', 3600, async () => {
        runs.push('second');
      });
      await until(() => runs.length >= 1);
      // Both workers poll twice a second: a second run would show within this wait.
      await sleep(2_000);
      expect(runs).toHaveLength(1);
    },
  );

  it('keeps a failed run to try again, with its error', { timeout: 60_000 }, async () => {
    const queue = await open();
    let attempts = 0;
    await queue.every('flaky-test', 3600, async () => {
      attempts += 1;
      throw new Error('storage down');
    });
    const job = async () => {
      const { rows } = await database.executeSql(
        `SELECT state, output->>'message' AS error FROM pgboss.job WHERE name = $1`,
        ['flaky-test'],
      );
      return rows[0] as { state: string; error: string } | undefined;
    };
    await until(async () => (await job())?.state === 'retry');
    expect(attempts).toBe(1);
    expect((await job())?.error).toBe('storage down');
  });
});
