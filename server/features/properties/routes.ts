import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#common/api-error';
import {
  propertyIdParamsSchema,
  propertyListSchema,
  propertySchema,
  searchQuerySchema,
  searchResultSchema,
} from '#common/properties';
import type { Database } from '../../db/client';
import { featuredProperties, getVisibleProperty, type ListingSearch } from './service';

const jsonType = 'application/json; charset=utf-8';

export function propertyRoutes(deps: { db: Database; listingSearch: ListingSearch }) {
  const { db, listingSearch } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

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
          response: { 200: searchResultSchema, 400: apiErrorSchema },
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

    app.get(
      '/api/properties/:id',
      {
        schema: {
          tags: ['properties'],
          summary: 'One listing: live, or the viewer’s own, or any for administrators',
          params: propertyIdParamsSchema,
          response: { 200: propertySchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => getVisibleProperty(db, request.params.id, request.user),
    );
  };
}
