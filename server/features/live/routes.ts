import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENTS_PATH } from '#common/live-events';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { accountLimiter, ipLimit, tooManyAttempts } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import { hashToken } from '../auth/service';
import type { LiveHub } from './hub';
import { rateLimits, streamLimits } from './rate-limits';

/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 5_000;

const headersSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, { error: 'invalidValue' })
    .optional()
    .describe('The id of the last event this browser received: what came after is sent first'),
});

export function liveRoutes(hub: LiveHub) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const opensPerAccount = accountLimiter(
      fastify,
      'live-stream-opens',
      rateLimits.streamOpensPerAccount,
    );

    app.get(
      LIVE_EVENTS_PATH,
      {
        // Negotiated below, so that every refusal (401, 406, 429) is the API's JSON answer.
        sse: 'manual',
        config: { ...signedIn, ...ipLimit(rateLimits.streamOpensPerIp) },
        schema: {
          tags: ['live'],
          summary: 'The signed-in user’s live updates, as Server-Sent Events',
          description:
            'One stream per tab (text/event-stream). Each event names its type (`listing.status`, `moderation.queue-changed`: common/live-events.ts) and carries an id; a browser that reconnects sends the last one back in Last-Event-ID and is first sent what it missed (up to a day). The stream closes when its session ends. At most 5 streams per account and 50 per address are held at once (429 too_many_streams). A request that does not accept text/event-stream is answered 406.',
          headers: headersSchema,
          response: errorResponses(400, 401, 406, 429),
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // What an EventSource asks for; any other client would wait on a stream it cannot read.
        if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
          throw new AppError('not_acceptable', {
            message: 'This address answers text/event-stream only (Accept: text/event-stream)',
          });
        }
        if (!(await opensPerAccount.take(request))) {
          throw tooManyAttempts(rateLimits.streamOpensPerAccount.timeWindow / 1000);
        }
        if (
          hub.count({ userId: user.id }) >= streamLimits.perAccount ||
          hub.count({ ip: request.ip }) >= streamLimits.perIp
        ) {
          throw new AppError('too_many_streams', { retryAfterSeconds: 60 });
        }
        const lastEventId = request.headers['last-event-id'];
        reply.sse.keepAlive();
        const release = await hub.attach(
          {
            userId: user.id,
            administrator: user.isAdmin,
            session: hashToken(request.sessionToken!),
            ip: request.ip,
            send: (event) =>
              void reply.sse
                .send({ id: String(event.id), event: event.type, data: event.data })
                .catch(() => undefined),
            close: () => reply.sse.close(),
          },
          lastEventId === undefined ? null : Number(lastEventId),
        );
        reply.sse.onClose(release);
        // Commits the stream (its headers) and says how soon to come back after a drop.
        await reply.sse.send({ event: 'ready', data: {}, retry: RECONNECT_MS });
      },
    );
  };
}
