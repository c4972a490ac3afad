import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageTemplate } from './page-template';

/** The route of every page: any path the API and the files do not answer. */
export const PAGE_ROUTE = '/*';

/** The head tags of the page a request is for (title, description, share cards…). */
export type PageHead = (request: FastifyRequest) => Promise<readonly string[]>;

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, and index.html
 * (never cached, so a deploy is picked up at once) for every client route, with the head of
 * that page when `pageHead` is given (features/seo), so crawlers and link previews, which run
 * no script, see it. Requests that are not for a page fall through to the not-found handler.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  pageHead?: PageHead,
): Promise<void> {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const template = pageTemplate(indexHtml);
  if (pageHead && !template.hasAnchor) {
    // The head still goes before the scripts, but index.html changed shape: have a look.
    app.log.warn('index.html has no <title> before its scripts (server/lib/page-template.ts)');
  }

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside each asset at the best compression (vite.config.ts);
    // sending those costs nothing per request and is ~15 % smaller than compressing on the fly.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed names never change content; index.html and the service worker (a new one
      // each deploy) must be revalidated on every visit.
      const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : ['index.html', 'sw.js'].includes(path.basename(filePath))
          ? 'no-cache'
          : 'public, max-age=3600';
      reply.header('cache-control', cacheControl);
    },
  });

  async function page(request: FastifyRequest): Promise<string> {
    if (!pageHead) return indexHtml;
    try {
      return template.render(await pageHead(request));
    } catch (error) {
      // The page works without its head; a crawler then sees the static one.
      request.log.error({ err: error }, 'page head not written');
      return indexHtml;
    }
  }

  // A route rather than the not-found handler, so the page goes through the route hooks:
  // @fastify/compress only compresses routes (a 5 KB page is under 2 KB in brotli). More
  // specific routes (the API, the assets) win over the wildcard.
  app.get(PAGE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    if (!isPageRequest(request)) return reply.callNotFound();
    return reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await page(request));
  });
}

/**
 * Whether a request the API does not answer is for a page of the web app: a GET or HEAD
 * outside /api/ that accepts HTML. Link previews and some crawlers accept any type, or send
 * no Accept at all; they get the page too when the path names no file (an asset that is gone
 * after a deploy must stay a 404, not become a page).
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  if (accept !== '' && !accept.includes('*/*')) return false;
  const path = request.url.split('?', 1)[0]!;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') && !/^\/(?:assets|files)\//.test(path);
}
