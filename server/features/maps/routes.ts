import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { landmarksQuerySchema, landmarksSchema, mapSourceSchema } from '#common/maps';
import type { Config } from '../../config';
import { errorResponses } from '../../lib/error-responses';
import { landmarksOf } from './landmarks';

/**
 * The maps' configuration, their landmarks, and the PMTiles basemap when this server holds
 * it (issue 39). Nothing here is per user: answers may be kept by caches.
 */
export function mapRoutes(map: Config['map']) {
  // Where a PMTiles basemap (MAP_PMTILES) is served from: /map/ and its file's name.
  const pmtilesPath = map.pmtiles ? `/map/${path.basename(map.pmtiles)}` : null;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/map',
      {
        schema: {
          tags: ['properties'],
          summary: 'Where the maps’ tiles come from (MAP_STYLE_URL or MAP_PMTILES)',
          response: { 200: mapSourceSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return pmtilesPath
          ? {
              styleUrl: null,
              pmtilesUrl: pmtilesPath,
              attribution: '© OpenStreetMap contributors · Protomaps',
            }
          : {
              styleUrl: map.styleUrl,
              pmtilesUrl: null,
              attribution: '© OpenStreetMap contributors',
            };
      },
    );

    app.get(
      '/api/places',
      {
        schema: {
          tags: ['properties'],
          summary:
            'Landmarks of a city to search near (universities, hospitals, business, transport)',
          querystring: landmarksQuerySchema,
          response: { 200: landmarksSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return { places: [...landmarksOf(request.query.city)] };
      },
    );

    // The basemap file alone, read by the browser in ranges (pmtiles asks for what it needs).
    if (map.pmtiles && pmtilesPath) {
      await fastify.register(fastifyStatic, {
        root: path.dirname(map.pmtiles),
        prefix: '/map/',
        decorateReply: false,
        index: false,
        acceptRanges: true,
        maxAge: 3_600_000,
        allowedPath: (pathName) => `/map${pathName}` === pmtilesPath || pathName === pmtilesPath,
      });
    }
  };
}
