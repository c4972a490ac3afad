import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listingConfirmationSchema,
  listingConfirmedSchema,
  renewedListingSchema,
} from '#common/listing-confirmations';
import { propertyIdParamsSchema } from '#common/properties';
import { accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { requireUser } from '../../lib/request-user';
import type { SignedTokens } from '../../lib/signed-tokens';
import { answerConfirmation } from './confirmations';
import type { ListingWrites } from './listing-writes';
import { rateLimits } from './rate-limits';
import { ownListingWrite } from './route-config';
import { renewListing } from './rented';
import { errorResponses } from '../../lib/error-responses';

/**
 * Keeping listings true (issue 21): the owner renews a listing from the dashboard, or answers
 * the monthly reminder through its signed link, signed out.
 */
export function freshnessRoutes(deps: {
  listingWrites: ListingWrites;
  tokens: SignedTokens;
  clock: () => Date;
}) {
  const { listingWrites, tokens, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const renewalsPerOwner = accountLimiter(
      fastify,
      'listing-renewals',
      rateLimits.renewalsPerAccount,
    );
    // Per listing, read from the token's unsigned payload: a forged one only spends its own
    // budget, and the per-IP limit bounds those.
    const answersPerListing = keyedLimiter(
      fastify,
      'listing-confirmations',
      rateLimits.listingConfirmationsPerListing,
      listingOfToken,
    );

    app.post(
      '/api/properties/:id/renew',
      {
        config: ownListingWrite,
        schema: {
          tags: ['properties'],
          summary:
            'Confirm one’s own listing is still available: 30 more days; an expired or rented one comes back without review',
          params: propertyIdParamsSchema,
          response: {
            200: renewedListingSchema,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await renewalsPerOwner.check(request);
        const answer = await renewListing(listingWrites, user, request.params.id, clock());
        await renewalsPerOwner.consume(request);
        return answer;
      },
    );

    app.post(
      '/api/listing-confirmations',
      {
        config: ipLimit(rateLimits.listingConfirmationsPerIp),
        schema: {
          tags: ['properties'],
          summary:
            'An owner’s one-tap answer to the monthly reminder (signed link, no sign-in): still available or rented',
          body: listingConfirmationSchema,
          response: {
            200: listingConfirmedSchema,
            ...errorResponses(400, 404, 410, 429),
          },
        },
      },
      async (request) => {
        await answersPerListing.check(request);
        await answersPerListing.consume(request);
        return answerConfirmation({ writes: listingWrites, tokens, clock }, request.body);
      },
    );
  };
}

function listingOfToken(request: FastifyRequest): string {
  const token = (request.body as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return 'none';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    return typeof payload?.l === 'string' ? payload.l.slice(0, 64) : 'none';
  } catch {
    return 'none';
  }
}
