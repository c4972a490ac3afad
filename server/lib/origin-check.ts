import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may be posted from anywhere: it acts on a signed token in its address alone,
     * never on a session cookie, and its callers are other sites' servers (the RFC 8058
     * one-click unsubscribe, posted by mail providers). Set on that one route only.
     */
    anyOrigin?: true;
  }
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site (on top of the
 * SameSite=Lax cookie). A request is same-origin when its Origin (or, without one, its
 * Referer) is the public URL or the host it was sent to. Requests with neither header do not
 * come from a browser page (curl, server-to-server) and carry no ambient cookie risk. A route
 * configured `anyOrigin` (one that no cookie authorises) is not checked.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;

  const isAllowed = (request: FastifyRequest, origin: string | null): boolean => {
    if (origin === null) return false;
    if (origin === publicOrigin) return true;
    const host = request.headers.host;
    return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  };

  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (request.routeOptions.config.anyOrigin === true) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    if (origin !== undefined) {
      if (!isAllowed(request, origin === 'null' ? null : originOf(origin))) {
        throw new AppError('cross_origin_refused');
      }
    } else if (referer !== undefined && !isAllowed(request, originOf(referer))) {
      throw new AppError('cross_origin_refused');
    }
  });
}
