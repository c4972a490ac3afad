import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '#common/error-codes';
import { notFound } from './app-error';

/**
 * The one check of an id in a path or a query (issue 35): a UUID, as the database makes them.
 * Checked before any query, since PostgreSQL refuses a malformed uuid with an error; a
 * malformed id answers as an unknown one does (404 with the resource's own code), on every
 * route: a route names its id params in its config (`ids`), and registerIdCheck answers for
 * them before the body is read.
 */
export const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => uuidShape.test(id);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path params that are ids, each with the code a malformed one answers (404). */
    ids?: Readonly<Record<string, ErrorCode>>;
  }
}

/** Route config: `param` is an id, answered `code` (a 404 code) when malformed. */
export const idParam = (param: string, code: ErrorCode) => ({ ids: { [param]: code } });

/**
 * Answers 404 with the route's code for a malformed id, in onRequest: after the access check
 * (who asks comes first), before the body is read or the params validated.
 */
export function registerIdCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const ids = request.routeOptions.config.ids;
    if (!ids) return;
    const params = request.params as Record<string, string | undefined>;
    for (const [param, code] of Object.entries(ids)) {
      const value = params[param];
      if (value !== undefined && !isUuid(value)) throw notFound(code);
    }
  });
}
