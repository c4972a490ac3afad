import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedSearchIdParamsSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchPatchSchema,
  savedSearchSchema,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  oneClickBodySchema,
  unsubscribeInputSchema,
  unsubscribeQuerySchema,
  unsubscribeTargetSchema,
} from '#common/saved-searches';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import { accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import type { SignedTokens } from '../../lib/signed-tokens';
import { rateLimits } from './rate-limits';
import {
  createSavedSearch,
  deleteSavedSearch,
  checkUnsubscribeLink,
  describeUnsubscribe,
  listSavedSearches,
  unsubscribe,
  unsubscribeTargetKey,
  updateSavedSearch,
} from './service';
import { registerFormParsers } from './form-body';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Saved searches (issue 21): a user's own, and the unsubscribe links of their alerts. */
export function savedSearchRoutes(deps: { db: Database; tokens: SignedTokens; clock: () => Date }) {
  const { db, tokens, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const writesPerAccount = accountLimiter(
      fastify,
      'saved-search-writes',
      rateLimits.savedSearchWritesPerAccount,
    );
    const writeConfig = { ...ipLimit(rateLimits.savedSearchWritesPerIp), ...signedIn };
    /** Checks and spends the account's budget before the write. */
    const spend = async (request: Parameters<typeof writesPerAccount.check>[0]) => {
      await writesPerAccount.check(request);
      await writesPerAccount.consume(request);
    };

    app.get(
      '/api/saved-searches',
      {
        config: signedIn,
        schema: {
          tags: ['saved-searches'],
          summary: 'The signed-in user’s saved searches, newest first, with their last alert',
          response: { 200: savedSearchListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ savedSearches: await listSavedSearches(db, requireUser(request)) }),
    );

    app.post(
      '/api/saved-searches',
      {
        config: writeConfig,
        schema: {
          tags: ['saved-searches'],
          summary:
            'Save a search (its URL parameters) with alerts by e-mail or SMS, instant or daily (at most 20)',
          body: savedSearchInputSchema,
          response: { 201: savedSearchSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await spend(request);
        return reply.code(201).send(await createSavedSearch(db, user, request.body));
      },
    );

    app.patch(
      '/api/saved-searches/:id',
      {
        config: { ...writeConfig, ...idParam('id', 'saved_search_not_found') },
        schema: {
          tags: ['saved-searches'],
          summary: 'Change one’s own saved search (name, search, channel, frequency)',
          params: savedSearchIdParamsSchema,
          body: savedSearchPatchSchema,
          response: { 200: savedSearchSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await spend(request);
        return updateSavedSearch(db, user, request.params.id, request.body);
      },
    );

    app.delete(
      '/api/saved-searches/:id',
      {
        config: { ...writeConfig, ...idParam('id', 'saved_search_not_found') },
        schema: {
          tags: ['saved-searches'],
          summary: 'Delete one’s own saved search (its alerts stop)',
          params: savedSearchIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await spend(request);
        await deleteSavedSearch(db, user, request.params.id);
        return reply.code(204).send(null);
      },
    );

    // Unsubscribing (issue 34): the link's GET only reads; the page's button and a mail
    // provider's one-click post. Per address, and per saved search or favourite of a token
    // checked first (a forged token spends only the address's budget).
    const unsubscribesPerTarget = keyedLimiter(
      fastify,
      'unsubscribes',
      rateLimits.unsubscribesPerTarget,
      (request) =>
        unsubscribeTargetKey(
          (request.body as { token?: unknown } | undefined)?.token ??
            (request.query as { token?: unknown } | undefined)?.token,
        ),
    );
    const spendOnTarget = async (request: FastifyRequest, token: string) => {
      await checkUnsubscribeLink(tokens, token, clock());
      await unsubscribesPerTarget.check(request);
      await unsubscribesPerTarget.consume(request);
    };
    const unsubscribeErrors = {
      ...errorResponses(400, 410, 429),
    };

    app.get(
      '/api/saved-searches/unsubscribe',
      {
        config: ipLimit(rateLimits.unsubscribesPerIp),
        schema: {
          tags: ['saved-searches'],
          summary:
            'What an alert’s unsubscribe link would stop (signed, no sign-in); changes nothing. A browser is sent to the page /alerts/unsubscribe, whose button stops them',
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeTargetSchema, 302: z.null(), ...unsubscribeErrors },
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        // A person tapped a link sent before the page existed: the page asks them.
        if (request.headers.accept?.includes('text/html')) {
          const page = `/alerts/unsubscribe?${new URLSearchParams({ token })}`;
          return reply.header('cache-control', 'no-store').redirect(page, 302);
        }
        if (!token) throw new AppError('unsubscribe_link_invalid');
        reply.header('cache-control', 'no-store');
        return describeUnsubscribe(db, tokens, token, clock());
      },
    );

    app.post(
      '/api/saved-searches/unsubscribe',
      {
        config: ipLimit(rateLimits.unsubscribesPerIp),
        schema: {
          tags: ['saved-searches'],
          summary:
            'Stop the alerts an unsubscribe link names (signed, no sign-in): the saved search stays, without alerts; a favourite stays, without price alerts',
          body: unsubscribeInputSchema,
          response: { 200: unsubscribeTargetSchema, ...unsubscribeErrors },
        },
      },
      async (request) => {
        await spendOnTarget(request, request.body.token);
        return unsubscribe(db, tokens, request.body.token, clock());
      },
    );

    app.post(
      '/api/saved-searches/resubscribe',
      {
        config: ipLimit(rateLimits.unsubscribesPerIp),
        schema: {
          tags: ['saved-searches'],
          summary:
            'Undo an unsubscribe from the same link: the saved search alerts as it did, or the favourite’s price alerts are on again',
          body: unsubscribeInputSchema,
          response: { 200: unsubscribeTargetSchema, ...unsubscribeErrors },
        },
      },
      async (request) => {
        await spendOnTarget(request, request.body.token);
        return unsubscribe(db, tokens, request.body.token, clock(), { undo: true });
      },
    );

    // RFC 8058: a mail provider's "Unsubscribe" posts `List-Unsubscribe=One-Click`, form-encoded
    // or multipart, from its own servers (no cookie; any Origin), to the address of the
    // e-mail's List-Unsubscribe header. Its own scope, so only this route reads form bodies.
    await fastify.register(async (scope) => {
      registerFormParsers(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        ONE_CLICK_UNSUBSCRIBE_PATH,
        {
          config: { ...ipLimit(rateLimits.oneClickUnsubscribesPerIp), anyOrigin: true },
          schema: {
            tags: ['saved-searches'],
            summary:
              'RFC 8058 one-click unsubscribe of an alert e-mail (List-Unsubscribe-Post): stops its alerts, keeps the saved search',
            consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
            querystring: unsubscribeQuerySchema,
            body: oneClickBodySchema,
            response: { 200: unsubscribeTargetSchema, ...unsubscribeErrors },
          },
        },
        async (request) => {
          const token = request.query.token;
          if (!token) throw new AppError('unsubscribe_link_invalid');
          await spendOnTarget(request, token);
          return unsubscribe(db, tokens, token, clock());
        },
      );
    });
  };
}
