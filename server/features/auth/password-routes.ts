import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  messageSchema,
  resetPasswordBodySchema,
  resetTokenBodySchema,
  resetTokenStateSchema,
} from '#common/auth';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/notifier';
import { ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { isResetTokenLive, resetPassword, sendPasswordReset } from './password-reset';
import { assertSmsAvailable, normalizePhone } from './phone';
import { resetPasswordByPhone, sendPhoneResetCode } from './phone-reset';
import { rateLimits } from './rate-limits';
import {
  type AccountDeps,
  assertPasswordAllowed,
  findUserByEmail,
  findUserByPhone,
} from './service';
import { assertCodeBudget } from './verification';
import { errorResponses } from '../../lib/error-responses';

// The answers say the same for an account and for none: only the channel changes the words.
const neutralAnswers = {
  email: {
    message: 'If an account exists for that address, we sent a link to reset its password.',
  },
  phone: { message: 'If an account has that number, we sent it a code to reset its password.' },
};

type ForgotInput = { email?: string; phone?: string };

/**
 * Where the reset goes, in its stored form: the address, or `phone:` and the number in E.164
 * (the handler has refused a number that does not parse before anything reads this).
 */
function resetTarget(body: ForgotInput): string {
  if (body.email) return body.email;
  try {
    return `phone:${normalizePhone(body.phone ?? '')}`;
  } catch {
    return `phone:${body.phone}`;
  }
}

/**
 * Forgot password and reset, by e-mailed link or by a code texted to a verified number (spec:
 * Forgot password; issue 34; docs/design.md).
 */
export function passwordRoutes(deps: AccountDeps) {
  const { db, clock, notifier } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Links or codes per address or number (silently past it: no enumeration).
    const perAccount = keyedLimiter(
      fastify,
      'password-resets',
      rateLimits.forgotPasswordPerAccount,
      (request) => resetTarget(request.body as ForgotInput),
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

    /**
     * Texts a reset code to the number when a verified account holds it, after the answer has
     * gone. Past the number's budget (the codes of every route to it: one a minute, five an
     * hour) nothing is sent and nothing said, since a refusal would tell the number has an
     * account.
     */
    async function textResetCode(request: FastifyRequest, phone: string): Promise<void> {
      const user = await findUserByPhone(db, phone);
      if (!user?.phone || !user.phoneVerified) return;
      const now = clock();
      const phoneNumber = user.phone;
      // Checked under the number's lock with the send: two requests a moment apart (their codes
      // leave after the answers, so at once) cannot both find the minute free.
      await sendPhoneResetCode(
        deps,
        { ...user, phone: phoneNumber },
        requestLocale(request),
        now,
        async (tx) => {
          try {
            await assertCodeBudget(tx, phoneNumber, now, user.id);
          } catch (error) {
            if (error instanceof AppError && error.code === 'rate_limited') return false;
            throw error;
          }
          // Spent only by a code that leaves: a request inside the minute costs the number nothing.
          return perAccount.take(request);
        },
      );
    }

    app.post(
      '/api/auth/forgot-password',
      {
        config: ipLimit(rateLimits.forgotPasswordPerIp),
        schema: {
          tags: ['auth'],
          summary:
            'Mail a reset link (`email`) or text a 6-digit reset code (`phone`); the same ' +
            'answer whether or not the account exists',
          description:
            'A phone number gets a code only when an account has verified it; the code lasts ' +
            '10 minutes and takes 5 tries, like verification codes. A production server ' +
            'without an SMS provider answers 400 `sms_unavailable` to a phone number.',
          body: forgotPasswordBodySchema,
          response: { 200: messageSchema, ...errorResponses(400, 429) },
        },
        // The lookup and the message happen after the answer has gone, so neither its content
        // nor its timing tells whether the address or number has an account.
        onResponse: async (request, reply) => {
          if (reply.statusCode !== 200) return;
          const body = request.body as ForgotInput;
          const send = body.email
            ? mailResetLink(request, body.email)
            : textResetCode(request, normalizePhone(body.phone ?? ''));
          send.catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not send a password reset message'),
          );
        },
      },
      async (request) => {
        if (!request.body.phone) return neutralAnswers.email;
        // Whatever the number: the server cannot text anyone, or the number is no number.
        assertSmsAvailable(notifier);
        normalizePhone(request.body.phone);
        return neutralAnswers.phone;
      },
    );

    app.post(
      '/api/auth/reset-password/check',
      {
        config: ipLimit(rateLimits.resetPasswordPerIp),
        schema: {
          tags: ['auth'],
          summary: 'Whether a reset link still works (not used, not expired)',
          body: resetTokenBodySchema,
          response: { 200: resetTokenStateSchema, ...errorResponses(400, 429) },
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
          summary:
            'Set a new password with the token of a reset link, or with the phone number and ' +
            'the code texted to it; ends every session',
          description:
            'A wrong code counts one of its 5 tries (`code_invalid`; then ' +
            '`code_attempts_exceeded` until a new code); an old one answers `code_expired`. ' +
            'The reset signs nobody in: the person signs in with the new password.',
          body: resetPasswordBodySchema,
          response: { 200: messageSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const body = request.body;
        const phone = 'phone' in body ? normalizePhone(body.phone) : null;
        assertPasswordAllowed(body.password, 'password');
        if ('token' in body) await resetPassword(db, body.token, body.password, clock());
        else await resetPasswordByPhone(db, phone!, body.code, body.password, clock());
        return { message: 'Your password has been reset. Sign in with the new one.' };
      },
    );
  };
}
