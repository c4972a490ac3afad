import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { robotsTxt } from './robots';
import {
  URLS_PER_SITEMAP,
  countLiveListings,
  listerUrls,
  liveListingUrls,
  pageUrls,
  sitemapFile,
  sitemapFilePath,
  sitemapIndexXml,
  urlSetXml,
  type SitemapFile,
} from './sitemap';

export { createPageHead } from './page-heads';

/** Crawlers may keep a sitemap this long; the server keeps what it wrote as long. */
const SITEMAP_CACHE_SECONDS = 900;

export type SeoDeps = {
  db: Database;
  publicUrl: string;
  /** Tests make it small to see the sitemap index. */
  urlsPerSitemap?: number;
  /** How long a written sitemap is reused (ms); tests set 0. */
  sitemapCacheMs?: number;
};

/** GET /robots.txt, /sitemap.xml and, past one sitemap's worth of URLs, /sitemaps/<file>. */
export function seoRoutes(deps: SeoDeps) {
  const { db, publicUrl } = deps;
  const perFile = deps.urlsPerSitemap ?? URLS_PER_SITEMAP;
  const cacheMs = deps.sitemapCacheMs ?? SITEMAP_CACHE_SECONDS * 1000;
  const robots = robotsTxt(publicUrl);

  // A sitemap reads every live listing; written once per cache period, however many ask, and
  // again as soon as any listing changed (on any server: the triggers' change log), so a
  // listing hidden by reports or an administrator leaves it at once (issue 19).
  const written = new Map<string, { at: number; mark: string; xml: Promise<string | null> }>();
  async function cached(key: string, write: () => Promise<string | null>): Promise<string | null> {
    const now = Date.now();
    const [last] = await rowsOf<{ mark: string }>(
      db,
      sql`SELECT coalesce(max(id), 0)::text AS mark FROM listing_changes`,
    );
    const mark = last?.mark ?? '0';
    const hit = written.get(key);
    if (hit && hit.mark === mark && now - hit.at < cacheMs) return hit.xml;
    const xml = write();
    written.set(key, { at: now, mark, xml });
    // A failure or a file that does not exist is not kept: the next request tries again.
    xml.then(
      (body) => body === null && written.delete(key),
      () => written.delete(key),
    );
    return xml;
  }

  async function sitemap(): Promise<string> {
    const pages = [...pageUrls(), ...(await listerUrls(db))];
    const listings = await countLiveListings(db);
    if (pages.length + listings <= perFile) {
      return urlSetXml(publicUrl, [...pages, ...(await liveListingUrls(db, 0, listings))]);
    }
    const files: SitemapFile[] = [{ kind: 'pages' }];
    for (let number = 1; number <= Math.ceil(listings / perFile); number++) {
      files.push({ kind: 'listings', number });
    }
    return sitemapIndexXml(publicUrl, files.map(sitemapFilePath));
  }

  async function sitemapPart(file: SitemapFile): Promise<string | null> {
    if (file.kind === 'pages') {
      return urlSetXml(publicUrl, [...pageUrls(), ...(await listerUrls(db))]);
    }
    const urls = await liveListingUrls(db, (file.number - 1) * perFile, perFile);
    return urls.length > 0 ? urlSetXml(publicUrl, urls) : null;
  }

  return async function (app: FastifyInstance) {
    const xml = 'application/xml; charset=utf-8';
    const cacheControl = `public, max-age=${SITEMAP_CACHE_SECONDS}`;

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robots),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const body = await cached('/sitemap.xml', sitemap);
      return reply.type(xml).header('cache-control', cacheControl).send(body);
    });

    app.get<{ Params: { name: string } }>(
      '/sitemaps/:name',
      { schema: { hide: true } },
      async (request, reply) => {
        const file = sitemapFile(request.params.name);
        const body = file && (await cached(sitemapFilePath(file), () => sitemapPart(file)));
        if (!body) throw notFound('not_found');
        return reply.type(xml).header('cache-control', cacheControl).send(body);
      },
    );
  };
}
