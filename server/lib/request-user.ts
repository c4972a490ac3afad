import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { forbidden, notSignedIn } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie by the auth feature. */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('admin_required');
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: checked when the request arrives, before its body is read or
     * validated, so a visitor cannot make the server parse a large body (registerAccessCheck).
     */
    access?: 'user' | 'admin';
  }
}

/** Route config: signed-in users only (401 to visitors before the body is read). */
export const signedIn = { access: 'user' } as const;
/** Route config: administrators only (401 to visitors, 403 to others, before the body). */
export const adminOnly = { access: 'admin' } as const;

/**
 * Answers 401 or 403 in onRequest for routes whose config names an `access`; runs after the
 * session loader. Handlers still call requireUser / requireAdmin for the typed user.
 */
export function registerAccessCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'admin') requireAdmin(request);
    else if (access === 'user') requireUser(request);
  });
}
