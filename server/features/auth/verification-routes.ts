import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeDeliveryQuerySchema,
  codeDeliverySchema,
  messageSchema,
  verifyCodeBodySchema,
  verifyResultSchema,
} from '#common/auth';
import { requestLocale } from '../../lib/notifier';
import { ipLimit, accountLimiter } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import { rateLimits } from './rate-limits';
import { type AccountDeps, toPublicUser } from './service';
import { codeDeliveryStatus, sendVerificationCode, verifyCode, type Channel } from './verification';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 429);

/**
 * Verifying the signed-in account's e-mail address or phone number with a 6-digit code, and
 * sending a new code (spec: Email verification, Phone verification).
 */
export function verificationRoutes(deps: AccountDeps) {
  const { db, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const resends = accountLimiter(fastify, 'code-resends', rateLimits.resendPerAccount);

    const channels: { channel: Channel; verify: string; resend: string; name: string }[] = [
      {
        channel: 'email',
        verify: '/api/auth/verify-email-code',
        resend: '/api/auth/resend-email-verification',
        name: 'email address',
      },
      {
        channel: 'phone',
        verify: '/api/auth/verify-phone-code',
        resend: '/api/auth/resend-phone-verification',
        name: 'phone number',
      },
    ];

    app.get(
      '/api/auth/code-delivery',
      {
        config: signedIn,
        schema: {
          tags: ['auth'],
          summary: 'Whether the code last sent to the signed-in account could be sent',
          description:
            'The verify page asks while a code is on its way, and says so when it `failed` ' +
            '(a number the SMS provider refuses, or every try failed): a new code is the way on.',
          querystring: codeDeliveryQuerySchema,
          response: { 200: codeDeliverySchema, ...errors },
        },
      },
      async (request) => ({
        status: await codeDeliveryStatus(db, requireUser(request), request.query.channel),
      }),
    );

    for (const { channel, verify, resend, name } of channels) {
      app.post(
        verify,
        {
          config: { ...ipLimit(rateLimits.verifyPerIp), ...signedIn },
          schema: {
            tags: ['auth'],
            summary: `Verify the signed-in account’s ${name} with the 6-digit code sent to it`,
            body: verifyCodeBodySchema,
            response: { 200: verifyResultSchema, ...errors },
          },
        },
        async (request) => {
          const user = await verifyCode(
            db,
            requireUser(request),
            channel,
            request.body.code,
            clock(),
          );
          return { message: `Your ${name} is verified`, user: toPublicUser(user) };
        },
      );

      app.post(
        resend,
        {
          config: signedIn,
          schema: {
            tags: ['auth'],
            summary: `Send a new code to the signed-in account’s ${name} (once a minute)`,
            response: { 200: messageSchema, ...errors },
          },
        },
        async (request) => {
          const user = requireUser(request);
          await resends.check(request);
          await sendVerificationCode(deps, user, channel, requestLocale(request), clock());
          await resends.consume(request);
          return { message: `A new code was sent to your ${name}` };
        },
      );
    }
  };
}
