import { openEventStream, type TestEventStream } from '../server/testing/event-stream';
import type { Figure } from './conversations-bench-figures';
import { addressOf, bodies, PAIRS, STREAMS, type Loaded } from './conversations-bench-data';
import { sleep, type Server } from './resilience/harness';

/**
 * The second figure of `npm run bench:conversations` (scripts/conversations-bench.ts): 500
 * accounts hold an event stream each while messages flow between the pairs at `rate` a second
 * for `sendSeconds`; measured from sending the POST to the recipient's stream receiving its
 * `conversation.message`. Goal: p99 under 2 s.
 */
export const DELIVERY_GOAL_MS = 2_000;

export async function delivery(
  server: Server,
  data: Loaded,
  { rate, sendSeconds }: { rate: number; sendSeconds: number },
): Promise<Figure[]> {
  const { streamCookies, pairIds } = data;
  const streams: TestEventStream[] = [];
  /** performance.now() when the recipient's stream had the message, by message id. */
  const received = new Map<string, number>();
  let listening = true;
  try {
    const started = performance.now();
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, STREAMS - i) }, async (_, j) => {
          const n = i + j;
          const stream = await openEventStream(`${server.url}/api/events`, {
            cookie: streamCookies[n]!,
            headers: { 'x-forwarded-for': addressOf(n) },
          });
          if (stream.status !== 200)
            throw new Error(`stream ${n}: ${stream.status} ${JSON.stringify(stream.refusal)}`);
          await stream.next('ready', 10_000);
          return stream;
        }),
      );
      streams.push(...batch);
    }
    console.log(
      `${streams.length} event streams of ${STREAMS} accounts open in ${Math.round(performance.now() - started)} ms`,
    );
    // Each stream takes its messages as they come (the resolution of next() is the arrival).
    for (const stream of streams) {
      void (async () => {
        while (listening) {
          const event = await stream.next('conversation.message', 1_000).catch(() => null);
          const message = (event?.data as { message?: { id: string; fromMe: boolean } } | null)
            ?.message;
          if (message && !message.fromMe) received.set(message.id, performance.now());
        }
      })();
    }

    const sent: { id: string | null; at: number; ms: number; status: number }[] = [];
    const send = async (j: number) => {
      const pair = j % PAIRS;
      // The first round from each renter, the next from each lister, and so on.
      const sender = 2 * pair + (Math.floor(j / PAIRS) % 2);
      const body =
        j % 10 === 9
          ? `Before the viewing, please pay the viewing fee by MoMo to 024 123 4567 (${j}).`
          : `${bodies[j % bodies.length]} (${j})`;
      const at = performance.now();
      const record = { id: null as string | null, at, ms: Number.NaN, status: 0 };
      sent.push(record);
      try {
        const response = await fetch(`${server.url}/api/conversations/${pairIds[pair]}/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: server.url,
            cookie: streamCookies[sender]!,
            'x-forwarded-for': addressOf(sender),
          },
          body: JSON.stringify({ message: body }),
        });
        record.status = response.status;
        record.ms = performance.now() - at;
        const answer = (await response.json()) as { message?: { id: string } };
        if (response.status === 201) record.id = answer.message!.id;
        else console.error(`  POST ${j}: ${response.status} ${JSON.stringify(answer)}`);
      } catch (error) {
        console.error(`  POST ${j}: ${(error as Error).message}`);
      }
    };

    // A few first, not counted (the route's first calls), then the steady flow.
    const warmUp = 10;
    await Promise.all(Array.from({ length: warmUp }, (_, j) => send(j)));
    await sleep(500);
    sent.length = 0;
    const total = Math.round(rate * sendSeconds);
    console.log(`  ${total} messages, ${rate} a second, between ${PAIRS} pairs…`);
    const flowStarted = performance.now();
    const posts: Promise<void>[] = [];
    for (let j = 0; j < total; j++) {
      const due = flowStarted + (j * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      posts.push(send(warmUp + j));
    }
    await Promise.all(posts);
    const flowSeconds = (performance.now() - flowStarted) / 1000;
    // What is still on its way gets the goal's time and a second more.
    const deadline = performance.now() + DELIVERY_GOAL_MS + 1_000;
    while (performance.now() < deadline && sent.some((s) => s.id !== null && !received.has(s.id))) {
      await sleep(50);
    }
    const delivered = sent.flatMap((s) =>
      s.id !== null && received.has(s.id) ? [received.get(s.id)! - s.at] : [],
    );
    const ok = sent.filter((s) => s.status === 201);
    return [
      {
        name: 'POST …/messages (its answer)',
        latencies: ok.map((s) => s.ms),
        failures: sent.length - ok.length,
        seconds: flowSeconds,
      },
      {
        name: `POST → recipient's stream (${streams.length} open)`,
        latencies: delivered,
        failures: sent.length - delivered.length,
        seconds: flowSeconds,
        goalMs: DELIVERY_GOAL_MS,
      },
    ];
  } finally {
    listening = false;
    for (const stream of streams) stream.close();
  }
}
