/**
 * An SMS provider outage (issue 18): 200 people sign up by phone while the provider answers
 * 503 for 20 s, and the server is killed with SIGKILL while their codes wait in the queue,
 * then started again. Every sign-up must answer 201 at once (the provider is not on the
 * request's path), and every code must reach its phone exactly once after the provider
 * recovers, and work.
 *
 *   node --import tsx scripts/resilience/sms-outage.ts [--seed N]
 */
import path from 'node:path';
import { startTwilioStandIn } from '../../server/testing/sms-stand-in';
import { json, VirtualUser } from './client';
import {
  check,
  freePort,
  isMain,
  percentile,
  runScenario,
  runStandalone,
  seconds,
  sleep,
  startServer,
  tempDir,
  type ScenarioResult,
} from './harness';

const SIGN_UPS = 200;
const AT_ONCE = 20;
const OUTAGE_MS = 20_000;

export async function smsOutageScenario(): Promise<ScenarioResult> {
  const name = `SMS provider down for ${seconds(OUTAGE_MS)}: ${SIGN_UPS} phone sign-ups, SIGKILL while queued`;
  return runScenario(name, 240_000, async (figures) => {
    const sms = await startTwilioStandIn();
    const dataDir = tempDir('sms-outage');
    const logFile = path.join(tempDir('logs'), 'server.log');
    // The same port after the restart: the people signing up keep their address and session.
    const port = await freePort();
    const start = () => startServer({ port, dataDir, logFile, env: sms.env });
    try {
      sms.down = true;
      const outageStarted = performance.now();
      let server = await start();

      const numbers = Array.from(
        { length: SIGN_UPS },
        (_, i) => `+23324${String(1_000_000 + i).slice(-7)}`,
      );
      const users = numbers.map(
        (_, i) => new VirtualUser(server.url, `10.18.${Math.floor(i / 250)}.${(i % 250) + 1}`),
      );
      const latencies: number[] = [];
      for (let first = 0; first < SIGN_UPS; first += AT_ONCE) {
        await Promise.all(
          users.slice(first, first + AT_ONCE).map(async (user, k) => {
            const answer = await user.send(
              'POST /api/auth/register',
              'POST',
              '/api/auth/register',
              {
                json: {
                  registrationMethod: 'phone',
                  phone: numbers[first + k],
                  password: 'correct horse battery',
                  firstName: 'Kwame',
                  lastName: 'Boateng',
                  userType: 'renter',
                },
              },
            );
            check(answer.status === 201, `a sign-up answered ${answer.status}: ${answer.body}`);
            latencies.push(answer.ms);
          }),
        );
      }
      latencies.sort((a, b) => a - b);
      figures.push(
        ['sign-ups answered 201 during the outage', `${latencies.length} of ${SIGN_UPS}`],
        [
          'sign-up p50 / p99',
          `${latencies[Math.floor(latencies.length / 2)]!.toFixed(0)} ms / ${percentile(latencies, 99).toFixed(0)} ms`,
        ],
      );
      check(
        sms.textsTo(numbers[0]!).length === 0,
        'a text was accepted while the provider was down',
      );

      // Killed while every code waits in the queue for its next try, then started again.
      await server.kill9();
      server = await start();

      await sleep(Math.max(0, OUTAGE_MS - (performance.now() - outageStarted)));
      sms.down = false;
      const recovered = performance.now();
      figures.push(['texts refused (503) during the outage', String(sms.received.length)]);

      while (numbers.some((number) => sms.textsTo(number).length === 0)) {
        check(
          performance.now() - recovered < 150_000,
          `${numbers.filter((n) => sms.textsTo(n).length === 0).length} codes had not arrived 150 s after the provider recovered`,
        );
        await sleep(250);
      }
      const allArrived = performance.now() - recovered;
      // A second copy would come from a job run twice: give it time to show.
      await sleep(3_000);
      const copies = numbers.map((number) => sms.textsTo(number).length);
      check(
        copies.every((n) => n === 1),
        `some phones got ${Math.max(...copies)} texts`,
      );

      // Each code is the account's current one: it verifies the phone.
      let verified = 0;
      await Promise.all(
        users.map(async (user, i) => {
          const code = /\b(\d{6})\b/.exec(sms.textsTo(numbers[i]!)[0]!)?.[1];
          const answer = await user.send(
            'POST /api/auth/verify-phone-code',
            'POST',
            '/api/auth/verify-phone-code',
            { json: { code } },
          );
          if (
            answer.status === 200 &&
            json<{ user: { phoneVerified: boolean } }>(answer).user.phoneVerified
          )
            verified += 1;
        }),
      );
      check(verified === SIGN_UPS, `${verified} of ${SIGN_UPS} codes verified their phone`);
      figures.push(
        ['codes delivered after recovery', `${SIGN_UPS} of ${SIGN_UPS}, each once`],
        ['last code arrived', `${seconds(allArrived)} after the provider recovered`],
        ['codes that verified their phone', `${verified} of ${SIGN_UPS}`],
      );
      for (const user of users) user.close();
      await server.stop();
    } finally {
      await sms.close();
    }
  });
}

if (isMain(import.meta.url)) await runStandalone(() => smsOutageScenario());
