import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '#common/fields';
import { listingStatsQuerySchema, listingStatsSchema } from '#common/listing-stats';
import type { Database } from '../../db/client';
import { errorResponses } from '../../lib/error-responses';
import { idParam } from '../../lib/ids';
import { accountAndAddress } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import { rateLimits } from './rate-limits';
import { listingStats } from './stats';

/** GET /api/user/properties/{id}/stats (issue 51): a listing's figures for its lister. */
export function listingStatsRoutes({ db, clock }: { db: Database; clock: () => Date }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const reads = accountAndAddress(
      fastify,
      'listing-stats',
      rateLimits.listingStatsPerAccount,
      rateLimits.listingStatsPerIp,
    );
    app.get(
      '/api/user/properties/:id/stats',
      {
        config: { ...signedIn, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['properties'],
          summary: 'A listing’s own figures for its lister, over the last 7, 30 or 90 days',
          description:
            'Views of its page (not the lister’s own), enquiries, viewing requests, those ' +
            'confirmed, viewings held and reviews. 403 only_own_listings for anyone but its ' +
            'lister, 404 for an unknown listing, 400 for another span.',
          params: z.object({ id: pathId() }),
          querystring: listingStatsQuerySchema,
          response: { 200: listingStatsSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await reads.check(request);
        await reads.consume(request);
        reply.header('cache-control', 'no-store');
        return listingStats(
          db,
          requireUser(request),
          request.params.id,
          request.query.days,
          clock(),
        );
      },
    );
  };
}
