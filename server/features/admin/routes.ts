import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#common/api-error';
import { updatedListingSchema } from '#common/listings';
import { propertyIdParamsSchema } from '#common/properties';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../lib/request-user';
import type { ListingSearch } from '../properties/service';
import { approveListing } from './service';

/** Administrators' endpoints (spec: Admin panel, Property approval): 401 visitors, 403 others. */
export function adminRoutes(deps: { db: Database; listingSearch: ListingSearch }) {
  const { db, listingSearch } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/admin/properties/:id/approve',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve a listing’s images: it goes live if its owner keeps it active',
          params: propertyIdParamsSchema,
          response: {
            200: updatedListingSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        requireAdmin(request);
        return approveListing(db, listingSearch, request.params.id);
      },
    );
  };
}
