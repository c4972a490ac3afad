import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResultSchema,
  loginBodySchema,
  type LoginInput,
  messageSchema,
  registerBodySchema,
  safeAfterSignIn,
  safeNextPath,
  signUpMethodsSchema,
  userSchema,
} from '#common/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { explicitRequestLocale, requestLocale, type Notifier } from '../../lib/notifier';
import { requireUser, signedIn } from '../../lib/request-user';
import { loginDelayMs, rateLimits } from './rate-limits';
import { SESSION_ABSOLUTE_MS } from './sessions';
import { deviceOf, recordSighting, rememberDevice } from './sightings';
import {
  assertSmsAvailable,
  authenticate,
  deleteSession,
  loginIdentifier,
  registerUser,
  rememberLocale,
  replaceSession,
  sendVerificationCode,
  SESSION_COOKIE,
  type Channel,
  toPublicUser,
} from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 409, 429);

export function authRoutes(deps: {
  db: Database;
  config: Config;
  notifier: Notifier;
  clock: () => Date;
}) {
  const { db, config, notifier, clock } = deps;

  /** Whether the account still has to verify, and how (the channel it signed up with). */
  const verificationState = (user: UserRow) => {
    const verified = user.emailVerified || user.phoneVerified;
    const method: Channel = user.email ? 'email' : 'phone';
    return { requiresVerification: !verified, verificationMethod: verified ? null : method };
  };

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    const startSession = async (
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      oldToken: string | null,
    ) => {
      // Where the account signs in from (issue 50: reviews' independence), written first:
      // once the session below replaced the old one, nothing may fail before its cookie is
      // set, or the reader is left with a deleted session and a 503 (the resilience scenario's
      // PostgreSQL restart: a sign-up while signed in, then 401s).
      const { device, fresh } = deviceOf(request);
      await recordSighting(db, user.id, request.ip, device, clock());
      // A fresh token at every sign-in: a token planted before it (fixation) is worth nothing.
      const { token } = await replaceSession(db, user.id, oldToken);
      if (fresh) rememberDevice(reply, device, config.isProduction);
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
    };

    app.post(
      '/api/auth/register',
      {
        config: ipLimit(rateLimits.registerPerIp),
        schema: {
          tags: ['auth'],
          summary: 'Create an account and sign in',
          body: registerBodySchema,
          response: { 201: authResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        // Before anything is made: an account whose number no code can reach is no account.
        if (request.body.registrationMethod === 'phone') assertSmsAvailable(notifier);
        const method = request.body.registrationMethod;
        const locale = requestLocale(request);
        const now = clock();
        // The account and its code (queued for the mail or SMS worker) are made together: no
        // account is left without its code, and no code goes to an account that is not made.
        const user = await registerUser(db, request.body, locale, now, (tx, created) =>
          sendVerificationCode(
            { db: tx, notifier, publicUrl: config.publicUrl },
            created,
            method,
            locale,
            now,
            { force: true },
          ),
        );
        await startSession(request, reply, user, request.sessionToken);
        return reply.code(201).send({
          user: toPublicUser(user),
          requiresVerification: true,
          verificationMethod: method,
        });
      },
    );

    // The handler has validated the body by the time the limiters read it.
    const identifierOf = (request: FastifyRequest) => loginIdentifier(request.body as LoginInput);
    // A guesser's address is refused after its failures; the account's owner elsewhere is not.
    const failedLoginsHere = keyedLimiter(
      fastify,
      'login-failures',
      rateLimits.loginFailuresPerAccountAndIp,
      (request) => `${identifierOf(request)}|${request.ip}`,
    );
    // Failures from every address together only slow the account's sign-ins down.
    const failedLoginsAnywhere = keyedLimiter(
      fastify,
      'login-failures-account',
      rateLimits.loginFailuresPerAccount,
      identifierOf,
    );

    app.post(
      '/api/auth/login',
      {
        config: ipLimit(rateLimits.loginPerIp),
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email or phone and password',
          body: loginBodySchema,
          response: { 200: authResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        await failedLoginsHere.check(request);
        const delay = loginDelayMs(await failedLoginsAnywhere.spent(request));
        if (delay > 0) await setTimeout(delay);
        const user = await authenticate(db, request.body);
        if (!user) {
          await failedLoginsHere.consume(request);
          await failedLoginsAnywhere.consume(request);
          // One message for an unknown account and a wrong password alike.
          throw new AppError('invalid_credentials');
        }
        await startSession(request, reply, user, request.sessionToken);
        await rememberLocale(db, user, explicitRequestLocale(request));
        return { user: toPublicUser(user), ...verificationState(user) };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        if (request.sessionToken) await deleteSession(db, request.sessionToken);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: 'Signed out' };
      },
    );

    app.get(
      '/api/auth/user',
      {
        config: signedIn,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user (401 when signed out)',
          response: { 200: userSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        reply.header('cache-control', 'no-store');
        return toPublicUser(user);
      },
    );

    app.get(
      '/api/auth/sign-up-methods',
      {
        schema: {
          tags: ['auth'],
          summary: 'Which ways of signing up this server offers (phone only when SMS can be sent)',
          response: { 200: signUpMethodsSchema },
        },
      },
      async () => ({ email: true as const, phone: notifier.smsAvailable }),
    );

    app.get(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send the browser to the sign-in page, then back to `next`',
          description:
            '`then` is what the visitor was doing, done once they have signed in (issue 51): ' +
            '`save-listing:{id}` or `save-search`; anything else is left out.',
          querystring: z.object({
            next: z.string().max(2000).optional(),
            then: z.string().max(100).optional(),
          }),
        },
      },
      async (request, reply) => {
        const next = safeNextPath(request.query.next);
        const then = safeAfterSignIn(request.query.then);
        const query = new URLSearchParams({
          ...(next === '/' ? {} : { next }),
          ...(then ? { then } : {}),
        }).toString();
        return reply.redirect(query ? `/login?${query}` : '/login', 302);
      },
    );
  };
}
