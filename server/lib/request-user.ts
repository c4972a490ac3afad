import type { FastifyRequest } from 'fastify';
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
  if (!user.isAdmin) throw forbidden('Administrator access required');
  return user;
}
