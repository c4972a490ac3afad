import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#common/api-error';
import {
  savedSearchIdParamsSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchPatchSchema,
  savedSearchSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '#common/saved-searches';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { accountLimiter, ipLimit, rateLimits } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import type { SignedTokens } from '../../lib/signed-tokens';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  unsubscribe,
  updateSavedSearch,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Saved searches (issue 21): a user's own, and the one-tap unsubscribe of their alerts. */
export function savedSearchRoutes(deps: { db: Database; tokens: SignedTokens }) {
  const { db, tokens } = deps;
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
          response: { 200: savedSearchListSchema, 401: apiErrorSchema },
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
        config: writeConfig,
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
        config: writeConfig,
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

    app.get(
      '/api/saved-searches/unsubscribe',
      {
        config: ipLimit(rateLimits.unsubscribesPerIp),
        schema: {
          tags: ['saved-searches'],
          summary:
            'The one-tap unsubscribe link of an alert (signed, no sign-in): the saved search is deleted. A browser is sent to /alerts/stopped',
          querystring: unsubscribeQuerySchema,
          response: {
            200: unsubscribedSchema,
            302: z.null(),
            400: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const token = request.query.token;
        const stopped = token ? await unsubscribe(db, tokens, token) : null;
        // A person tapped it in a message: a page in their language, not JSON.
        if (request.headers.accept?.includes('text/html')) {
          const page = stopped
            ? `/alerts/stopped?${new URLSearchParams({ name: stopped.name })}`
            : '/alerts/stopped?invalid=1';
          return reply.header('cache-control', 'no-store').redirect(page, 302);
        }
        if (!stopped) throw new AppError('unsubscribe_link_invalid');
        return { unsubscribed: true as const, name: stopped.name };
      },
    );
  };
}
