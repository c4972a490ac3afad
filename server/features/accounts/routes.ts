import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  messageSchema,
  profileBodySchema,
  profileResultSchema,
} from '#common/auth';
import { apiErrorSchema } from '#common/api-error';
import { AppError } from '../../lib/app-error';
import { explicitRequestLocale, requestLocale } from '../../lib/messenger';
import { keyedLimiter, rateLimits } from '../../lib/rate-limits';
import { requireUser } from '../../lib/request-user';
import {
  type AccountDeps,
  rememberLocale,
  sendVerificationCode,
  toPublicUser,
} from '../auth/service';
import { changePassword, updateProfile } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Account Settings: profile and password (spec: Account Settings; sections 5, 7, 8). */
export function accountRoutes(deps: AccountDeps) {
  const { db, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const failedChanges = keyedLimiter(
      fastify,
      'password-change-failures',
      rateLimits.passwordChangeFailuresPerAccount,
      (request) => request.user?.id ?? request.ip,
    );

    app.put(
      '/api/auth/profile',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Save the profile; a new email or phone is unverified until its code is entered',
          body: profileBodySchema,
          response: { 200: profileResultSchema, ...errors },
        },
      },
      async (request) => {
        const now = clock();
        const { user, changed } = await updateProfile(db, requireUser(request), request.body, now);
        await rememberLocale(db, user, explicitRequestLocale(request));
        const locale = requestLocale(request);
        for (const channel of changed) {
          await sendVerificationCode(deps, user, channel, locale, now, { force: true }).catch(
            // Saved all the same; the verify page can send the code again.
            (error: unknown) => request.log.warn({ err: error }, 'could not send a code'),
          );
        }
        return {
          message: 'Your account information has been saved successfully',
          verificationRequired: changed.length > 0,
          verificationMethods: changed,
          user: toPublicUser(user),
        };
      },
    );

    app.put(
      '/api/auth/change-password',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Change the password; other sessions end, this one stays',
          body: changePasswordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await failedChanges.check(request);
        const changed = await changePassword(db, user, request.body, request.sessionToken, clock());
        if (!changed) {
          await failedChanges.consume(request);
          throw new AppError('invalid_input', 'The current password is not correct', {
            fields: { currentPassword: 'currentPasswordWrong' },
          });
        }
        // Tell the owner, in case it was not them.
        if (user.email) {
          await deps.messenger
            .email(
              user.email,
              { kind: 'password-changed', firstName: user.firstName },
              requestLocale(request),
            )
            .catch((error: unknown) => request.log.warn({ err: error }, 'could not send a notice'));
        }
        return { message: 'Your password has been updated successfully' };
      },
    );
  };
}
