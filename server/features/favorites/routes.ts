import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '#common/auth';
import { propertyIdParamsSchema } from '#common/properties';
import { savedListingListSchema } from '#common/saved-listings';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import { requireUser, signedIn } from '../../lib/request-user';
import { addFavorite, listFavorites, removeFavorite } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 404);

export function favoriteRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/favorites',
      {
        config: signedIn,
        schema: {
          tags: ['favorites'],
          summary:
            'The signed-in user’s saved listings, newest first: live ones whole, the others with their availability',
          response: { 200: savedListingListSchema, ...errorResponses(401) },
        },
      },
      async (request) => listFavorites(db, requireUser(request).id),
    );

    app.post(
      '/api/favorites/:id',
      {
        config: { ...signedIn, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['favorites'],
          summary: 'Save a listing (idempotent)',
          params: propertyIdParamsSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await addFavorite(db, requireUser(request), request.params.id);
        return { message: 'Saved' };
      },
    );

    app.delete(
      '/api/favorites/:id',
      {
        config: { ...signedIn, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['favorites'],
          summary: 'Forget a saved listing (idempotent)',
          params: propertyIdParamsSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await removeFavorite(db, requireUser(request).id, request.params.id);
        return { message: 'Removed' };
      },
    );
  };
}
