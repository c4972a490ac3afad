/**
 * `npm run footprint:live`: what open live update streams cost one server (issue 35; goal:
 * 500 streams add under 50 MB of resident memory). Starts the server on a fresh embedded
 * database, signs up 100 accounts (each from its own address, through TRUST_PROXY, as a
 * proxy in front would say), then measures memory after a full garbage collection (through
 * the inspector, scripts/resilience/inspector.ts says why) before and after each account opens
 * 5 streams.
 *
 *   npm run footprint:live -- [--streams 500]
 *
 * Exits 1 when the streams add 50 MB or more.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEventStream, type TestEventStream } from '../server/testing/event-stream';
import { cleanupAll, freePort, mib, startServer, tempDir } from './resilience/harness';
import { memoryAfterFullGc } from './resilience/inspector';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '500' } } });
const streams = Number(values.streams);
const PER_ACCOUNT = 5;
const GOAL_BYTES = 50 * 1024 * 1024;

const addressOf = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;

async function signUp(url: string, n: number): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': addressOf(n) },
    body: JSON.stringify({
      registrationMethod: 'email',
      email: `stream.${n}.${randomBytes(3).toString('hex')}@example.com`,
      password: `streams-${randomBytes(8).toString('hex')}`,
      firstName: 'Stream',
      lastName: `Holder ${n}`,
      userType: 'renter',
    }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up ${n}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('abode_session='))!
    .split(';')[0]!;
}

async function main() {
  const inspectPort = await freePort();
  const server = await startServer({
    port: await freePort(),
    inspectPort,
    dataDir: tempDir('live-streams'),
    logFile: path.join(tempDir('live-streams-logs'), 'server.log'),
  });
  const open: TestEventStream[] = [];
  try {
    const accounts = Math.ceil(streams / PER_ACCOUNT);
    const cookies: string[] = [];
    for (let n = 0; n < accounts; n++) cookies.push(await signUp(server.url, n));
    const before = await memoryAfterFullGc(inspectPort, server.pid);
    const started = performance.now();
    for (let i = 0; i < streams; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, streams - i) }, async (_, j) => {
          const n = Math.floor((i + j) / PER_ACCOUNT);
          const stream = await openEventStream(`${server.url}/api/events`, {
            cookie: cookies[n]!,
            headers: { 'x-forwarded-for': addressOf(n) },
          });
          if (stream.status !== 200) {
            throw new Error(`stream ${i + j}: ${stream.status} ${JSON.stringify(stream.refusal)}`);
          }
          await stream.next('ready', 10_000);
          return stream;
        }),
      );
      open.push(...batch);
    }
    const openedMs = performance.now() - started;
    const after = await memoryAfterFullGc(inspectPort, server.pid);
    const added = after.rss - before.rss;
    console.log(
      `${streams} live update streams of ${accounts} accounts, opened in ${Math.round(openedMs)} ms`,
    );
    console.log(
      `  resident memory before ${mib(before.rss)}, after ${mib(after.rss)}: ${mib(added)} more (${Math.round(added / streams / 1024)} KiB a stream)`,
    );
    console.log(
      `  JavaScript heap in use before ${mib(before.heapUsed)}, after ${mib(after.heapUsed)}`,
    );
    console.log(`  goal: under ${mib(GOAL_BYTES)} more: ${added < GOAL_BYTES ? 'met' : 'NOT met'}`);
    if (added >= GOAL_BYTES) process.exitCode = 1;
  } finally {
    for (const stream of open) stream.close();
    await server.stop();
    await cleanupAll();
  }
}

await main();
