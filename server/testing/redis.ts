import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

export type TestRedis = {
  url: string;
  /** A key prefix no other test run uses. */
  keyPrefix: string;
  /** Deletes this run's keys, and stops the server when the helper started one. */
  close(): Promise<void>;
};

async function reachable(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A Redis for the tests: TEST_REDIS_URL, else the one on 127.0.0.1:6379, else a
 * `redis-server` this helper starts on a free loopback port (without persistence); null when
 * there is none of these (the caller skips, saying so).
 */
export async function openTestRedis(): Promise<TestRedis | null> {
  const keyPrefix = `abode-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  let url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let child: ChildProcess | undefined;
  if (!(await reachable(url))) {
    if (spawnSync('redis-server', ['--version']).status !== 0) return null;
    const port = await freePort();
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    url = `redis://127.0.0.1:${port}`;
    const started = Date.now();
    while (!(await reachable(url))) {
      if (Date.now() - started > 10_000) {
        child.kill();
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    keyPrefix,
    async close() {
      if (child) {
        child.kill();
        return;
      }
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        const keys = await client.keys(`${keyPrefix}*`);
        if (keys.length > 0) await client.del(...keys);
      } finally {
        client.disconnect();
      }
    },
  };
}
