import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPagePath } from '#common/page-paths';
import type { ServerRenderedPage } from './page-render';
import { pageTemplate } from './page-template';

/** The route of every page: any path the API and the files do not answer. */
export const PAGE_ROUTE = '/*';

/**
 * The head tags of the page a request is for (title, description, share cards…), and whether
 * what it names is there: a listing or a lister that does not exist for this reader is a page
 * not found (HTTP 404), though the app still renders its not-found state.
 */
export type PageHead = (
  request: FastifyRequest,
) => Promise<{ tags: readonly string[]; found: boolean }>;

/** The body of the page a request is for, rendered on the server, or null (server/lib/page-render.ts). */
export type PageBody = (request: FastifyRequest) => Promise<ServerRenderedPage | null>;

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, and index.html
 * (never cached, so a deploy is picked up at once) for every client route, with the head of
 * that page when `pageHead` is given (features/seo), so crawlers and link previews, which run
 * no script, see it; and with the page's body rendered on the server when `pageBody` renders
 * it (the home page, search, a listing: issue 22). Requests that are not for a page fall
 * through to the not-found handler.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  pageHead?: PageHead,
  pageBody?: PageBody,
): Promise<void> {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const template = pageTemplate(indexHtml);
  if (pageHead && !template.hasAnchor) {
    // The head still goes before the scripts, but index.html changed shape: have a look.
    app.log.warn('index.html has no <title> before its scripts (server/lib/page-template.ts)');
  }
  if (pageBody && !template.hasRoot) {
    app.log.warn('index.html has no empty <div id="root"></div>: pages render in the browser');
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

  async function head(
    request: FastifyRequest,
  ): Promise<{ tags: readonly string[]; found: boolean } | null> {
    if (!pageHead) return null;
    try {
      return await pageHead(request);
    } catch (error) {
      // The page works without its head; a crawler then sees the static one.
      request.log.error({ err: error }, 'page head not written');
      return null;
    }
  }

  async function body(request: FastifyRequest): Promise<ServerRenderedPage | null> {
    if (!pageBody || !template.hasRoot) return null;
    try {
      return await pageBody(request);
    } catch (error) {
      // The browser renders the page itself, as it always could.
      request.log.error({ err: error }, 'page not rendered on the server');
      return null;
    }
  }

  async function page(
    request: FastifyRequest,
  ): Promise<{ html: string; rendered: boolean; found: boolean }> {
    const path = request.url.split('?', 1)[0]!;
    const [pageHead, rendered] = await Promise.all([head(request), body(request)]);
    const found = isPagePath(path) && (pageHead?.found ?? true);
    if (!pageHead && !rendered) return { html: indexHtml, rendered: false, found };
    return {
      html: template.render(pageHead?.tags ?? null, rendered),
      rendered: rendered !== null,
      found,
    };
  }

  // A route rather than the not-found handler, so the page goes through the route hooks:
  // @fastify/compress only compresses routes (a 5 KB page is under 2 KB in brotli). More
  // specific routes (the API, the assets) win over the wildcard.
  app.get(PAGE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    if (!isPageRequest(request)) return reply.callNotFound();
    const { html, rendered, found } = await page(request);
    // A rendered page may show who is signed in, in the language they chose: only their own
    // browser keeps it, and only after asking again.
    if (rendered) reply.header('vary', 'cookie, accept-language, save-data');
    // A path that is no page, or names a listing or lister that is not there: the app's own
    // not-found page, with the status that tells crawlers and link checkers so.
    return reply
      .code(found ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', rendered ? 'private, no-cache' : 'no-cache')
      .send(html);
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
