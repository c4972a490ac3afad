import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_ROUTE } from '../../lib/web-app';
import { SESSION_COOKIE } from './sessions';

/** Sign-in, sign-up, the current user, profile, password and plan: every answer is private. */
const accountRoutes = /^\/api\/(auth|account)(\/|\?|$)/;

function isPrivate(request: FastifyRequest): boolean {
  if (request.url.startsWith('/api/')) {
    return request.user !== null || accountRoutes.test(request.url);
  }
  // A page rendered on the server for a reader with a session shows their account.
  return request.routeOptions.url === PAGE_ROUTE && request.cookies[SESSION_COOKIE] !== undefined;
}

function keepNowhere(reply: FastifyReply): void {
  const current = reply.getHeader('cache-control');
  // `private, no-store` (a video download) already says as much.
  if (typeof current === 'string' && /\bno-store\b/.test(current)) return;
  reply.header('cache-control', 'no-store');
}

/**
 * Answers for a signed-in reader (any API answer to a request with a valid session, a page
 * rendered for them) and every answer of the account routes carry `Cache-Control: no-store`
 * (issue 34): no browser or proxy cache keeps one person's data for the next. Public answers
 * to visitors keep their own caching (the exchange rate's minute, a visitor's page's
 * `private, no-cache`). The service worker's copies for offline use are its own, cleared when
 * the session ends (web/lib/session-end.ts).
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivate(request)) keepNowhere(reply);
    return payload;
  });
}
