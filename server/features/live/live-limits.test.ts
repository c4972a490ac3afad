import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type TestEventStream } from '../../testing/event-stream';
import { createTestApp, signUp } from '../../testing/test-app';
import { rateLimits, streamLimits } from './rate-limits';

/**
 * The limits of live update streams per address (issue 35): how many one address holds open,
 * and how often it opens them, whoever is signed in. An app of its own, so that the other
 * tests' streams do not count.
 */
const { app } = await createTestApp();
let base = '';
const open: TestEventStream[] = [];

beforeAll(async () => {
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const stream of open) stream.close();
});

async function stream(cookie: string) {
  const opened = await openEventStream(`${base}/api/events`, { cookie });
  open.push(opened);
  return opened;
}

describe('live update streams from one address', () => {
  it(`holds at most ${streamLimits.perIp} at once, across accounts`, async () => {
    const accounts = Math.ceil(streamLimits.perIp / streamLimits.perAccount) + 1;
    const cookies = [];
    for (let i = 0; i < accounts; i++) cookies.push((await signUp(app)).cookie);
    for (let i = 0; i < streamLimits.perIp; i++) {
      const opened = await stream(cookies[Math.floor(i / streamLimits.perAccount)]!);
      expect(opened.status, `stream ${i + 1}`).toBe(200);
    }
    // An account with none open is refused too: the address holds its share.
    const refused = await stream(cookies.at(-1)!);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toMatchObject({ code: 'too_many_streams' });
    for (const opened of open.splice(0)) {
      opened.close();
      await opened.ended;
    }
  });

  it('opens at most so many a minute', async () => {
    const { max } = rateLimits.streamOpensPerIp;
    // The first test's opens count (51), then accounts of their own within their own budget.
    let opened = streamLimits.perIp + 1;
    let cookie = '';
    for (; opened < max; opened++) {
      if ((opened - streamLimits.perIp) % 20 === 1) cookie = (await signUp(app)).cookie;
      const one = await stream(cookie);
      expect(one.status, `open ${opened + 1}`).toBe(200);
      one.close();
      await one.ended;
    }
    const refused = await stream((await signUp(app)).cookie);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toMatchObject({ code: 'rate_limited' });
  });
});
