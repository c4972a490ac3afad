import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorSchema, type Operator } from '#common/legal';

/**
 * The operator the legal pages name (OPERATOR_* in server/config.ts): the same for every
 * reader and for the life of the process, so caches may keep it a while. The server renders
 * the legal pages with it (web/render-page.tsx reads it as a browser would).
 */
export function legalRoutes(operator: Operator) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/legal/operator',
      {
        schema: {
          tags: ['legal'],
          summary:
            'Who runs Abode: name, registered address, jurisdiction, dispute venue and legal e-mail',
          response: { 200: operatorSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return operator;
      },
    );
  };
}
