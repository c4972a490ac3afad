import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import '../../lib/request-user';
import { findSessionUser, SESSION_COOKIE } from './sessions';

/** Resolves `request.user` from the session cookie before any API handler runs. */
export function registerSessionLoader(app: FastifyInstance, db: Database): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    request.sessionToken = token;
    request.user = await findSessionUser(db, token);
  });
}
