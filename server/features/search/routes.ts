import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  marketplaceStatsSchema,
  propertyListSchema,
  searchQuerySchema,
  searchResultSchema,
} from '#common/properties';
import type { Database } from '../../db/client';
import { errorResponses } from '../../lib/error-responses';
import { featuredProperties, listerCounter } from '../listings/service';
import type { ListingSearch } from './listing-search';

const jsonType = 'application/json; charset=utf-8';

/**
 * What renters browse, live listings only: the featured listings (the listings feature's query,
 * in the administrators' order) and the search, answered by the index (listing-search.ts).
 */
export function searchRoutes(deps: {
  db: Database;
  listingSearch: ListingSearch;
  clock?: () => Date;
}) {
  const { db, listingSearch } = deps;
  const listersWithLiveListings = listerCounter(db, deps.clock);
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/properties/stats',
      {
        schema: {
          tags: ['properties'],
          summary: 'What the home page says of the marketplace: listers with a live listing',
          description:
            'Counted again at most once a minute. The home page shows the number, or "500+" from 500 on.',
          response: { 200: marketplaceStatsSchema },
        },
      },
      async () => ({ listers: await listersWithLiveListings() }),
    );

    app.get(
      '/api/properties/featured',
      {
        schema: {
          tags: ['properties'],
          summary: 'Live featured listings in featured order',
          response: { 200: propertyListSchema },
        },
      },
      async (request) => featuredProperties(db, request.user?.id ?? null),
    );

    app.get(
      '/api/properties/search',
      {
        schema: {
          tags: ['properties'],
          summary: 'Search live listings (12 a page, limit up to 50)',
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema, ...errorResponses(400) },
        },
        // A visitor's URL that gave a page before is answered from it at once: it was valid
        // then, and the page is current (listing-search.ts).
        preValidation: async (request, reply) => {
          if (request.user) return;
          const page = listingSearch.cachedPage(request.url);
          if (page) return (reply as FastifyReply).type(jsonType).send(page);
        },
      },
      async (request, reply) => {
        const result = await listingSearch.search(
          request.query,
          request.user?.id ?? null,
          request.url,
        );
        // A visitor's page comes already written as JSON, from listings rendered once.
        if (Buffer.isBuffer(result)) {
          return (reply as FastifyReply).type(jsonType).send(result);
        }
        return result;
      },
    );
  };
}
