import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it is answered: method, URL, status and time, in place of
 * Fastify's two ("incoming request", "request completed"). At `info` in production, where it
 * is the access log; at `debug` in development, where a page's forty requests buried what the
 * server had to say (issue 51): `LOG_LEVEL=debug` shows them.
 */
export function registerRequestLog(app: FastifyInstance, { production }: { production: boolean }) {
  const level = production ? 'info' : 'debug';
  app.addHook('onResponse', async (request, reply) => {
    request.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
