import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import '../../lib/request-user';
import { findSessionUser, SESSION_COOKIE } from './sessions';
import { deviceCookieOf, recordSighting } from './sightings';

/**
 * Resolves `request.user` from the session cookie before any API handler runs, and records
 * where a signed-in account is used from (sightings.ts: once a day per address and device).
 */
export function registerSessionLoader(
  app: FastifyInstance,
  db: Database,
  options: { clock: () => Date },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    request.sessionToken = token;
    request.user = await findSessionUser(db, token);
    // The device cookie comes with a sign-in's answer, never an error's (a 503 sets nothing).
    if (request.user) {
      await recordSighting(
        db,
        request.user.id,
        request.ip,
        deviceCookieOf(request),
        options.clock(),
      );
    }
  });
}
