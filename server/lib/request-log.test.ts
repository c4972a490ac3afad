import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log';

/** A server that logs at `level` into an array, with the request log registered. */
async function serverLogging(level: string, production: boolean) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, { production });
  app.get('/x', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/x?y=1' });
  await app.close();
  return lines.filter((line) => line.msg === 'request');
}

describe('the request log (issue 51)', () => {
  it('writes nothing per request in development at the default level', async () => {
    expect(await serverLogging('info', false)).toEqual([]);
  });

  it('writes one line per request in development with LOG_LEVEL=debug', async () => {
    const [line, ...more] = await serverLogging('debug', false);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ method: 'GET', url: '/x?y=1', statusCode: 200, level: 20 });
    expect(typeof line!.ms).toBe('number');
  });

  it('keeps one access line per request in production, at info', async () => {
    const lines = await serverLogging('info', true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ statusCode: 200, level: 30 });
  });
});
