import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';

/**
 * GET /files/<key>-<width>.webp: stored photo variants. Names are random and never reused,
 * so an answer may be cached for a year.
 */
export function fileRoutes(storage: FileStorage) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/files/:name',
      {
        schema: {
          tags: ['uploads'],
          summary: 'A stored photo variant',
          params: z.object({
            name: z.string().regex(/^[a-z0-9_]+-\d{2,4}\.webp$/, 'invalidValue'),
          }),
        },
      },
      async (request, reply) => {
        const file = await storage.open(request.params.name);
        if (!file) throw notFound('File');
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', String(file.size))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.stream);
      },
    );
  };
}
