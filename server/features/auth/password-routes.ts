import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  messageSchema,
  resetPasswordBodySchema,
  resetTokenBodySchema,
  resetTokenStateSchema,
} from '#common/auth';
import { apiErrorSchema } from '#common/api-error';
import { requestLocale } from '../../lib/messenger';
import { ipLimit, keyedLimiter, rateLimits } from '../../lib/rate-limits';
import { isResetTokenLive, resetPassword, sendPasswordReset } from './password-reset';
import { type AccountDeps, assertPasswordAllowed, findUserByEmail } from './service';

const neutralAnswer = {
  message: 'If an account exists for that address, we sent a link to reset its password.',
};

/** Forgot password and reset by e-mailed link (spec: Forgot password; docs/design.md). */
export function passwordRoutes(deps: AccountDeps) {
  const { db, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perAccount = keyedLimiter(
      fastify,
      'password-resets',
      rateLimits.forgotPasswordPerAccount,
      (request) => (request.body as { email: string }).email,
    );

    /** Looks the address up and mails a link, after the answer has gone. */
    async function mailResetLink(request: FastifyRequest, email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user?.email || !(await perAccount.take(request))) return;
      await sendPasswordReset(
        deps,
        { ...user, email: user.email },
        requestLocale(request),
        clock(),
      );
    }

    app.post(
      '/api/auth/forgot-password',
      {
        config: ipLimit(rateLimits.forgotPasswordPerIp),
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link (same answer whether or not the account exists)',
          body: forgotPasswordBodySchema,
          response: { 200: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
        // The lookup and the mail happen after the answer has gone, so neither its content
        // nor its timing tells whether the address has an account.
        onResponse: async (request, reply) => {
          if (reply.statusCode !== 200) return;
          const { email } = request.body as { email: string };
          mailResetLink(request, email).catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not send a password reset link'),
          );
        },
      },
      async () => neutralAnswer,
    );

    app.post(
      '/api/auth/reset-password/check',
      {
        config: ipLimit(rateLimits.resetPasswordPerIp),
        schema: {
          tags: ['auth'],
          summary: 'Whether a reset link still works (not used, not expired)',
          body: resetTokenBodySchema,
          response: { 200: resetTokenStateSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => ({ valid: await isResetTokenLive(db, request.body.token, clock()) }),
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: ipLimit(rateLimits.resetPasswordPerIp),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the token of a reset link; ends every session',
          body: resetPasswordBodySchema,
          response: { 200: messageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => {
        assertPasswordAllowed(request.body.password, 'password');
        await resetPassword(db, request.body.token, request.body.password, clock());
        return { message: 'Your password has been reset. Sign in with the new one.' };
      },
    );
  };
}
