import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import { parseXml } from '../../testing/markup';
import { createTestApp, signUp } from '../../testing/test-app';
import { seoRoutes } from './routes';
import { urlSetXml } from './sitemap';

const publicUrl = 'https://abode.example';
const { app, database } = await createTestApp({ publicUrl });

const ids = { live: [] as string[], pending: '', hidden: '' };
/** The owner's page (issue 40): a lister with live listings is in the sitemap. */
let listerPage = '';
const updatedAt = new Date('2026-03-04T05:06:07.000Z');

beforeAll(async () => {
  const owner = await signUp(app, { userType: 'owner' });
  for (let i = 0; i < 3; i++) {
    ids.live.push(await createListing(database.db, owner.userId, { updatedAt }));
  }
  ids.pending = await createListing(database.db, owner.userId, { isVerified: false });
  ids.hidden = await createListing(database.db, owner.userId, { isActive: false });
  const [row] = await database.db
    .select({ handle: users.handle })
    .from(users)
    .where(eq(users.id, owner.userId));
  listerPage = `/listers/${row!.handle}`;
});

const locs = (document: Document) =>
  [...document.getElementsByTagName('loc')].map((loc) => loc.textContent);

const mainPages = [
  '/',
  '/search',
  '/services',
  '/contact',
  '/support',
  '/privacy-policy',
  '/terms-of-service',
  '/listing-payment',
];

describe('GET /sitemap.xml', () => {
  it('lists the main pages, listers’ pages and every live listing, as valid XML with absolute URLs', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const document = parseXml(response.body);
    expect(document.documentElement.tagName).toBe('urlset');
    expect(document.documentElement.namespaceURI).toBe(
      'http://www.sitemaps.org/schemas/sitemap/0.9',
    );
    const urls = locs(document);
    expect(urls).toEqual(
      expect.arrayContaining([
        ...mainPages.map((path) => `${publicUrl}${path}`),
        `${publicUrl}${listerPage}`,
        ...ids.live.map((id) => `${publicUrl}/property/${id}`),
      ]),
    );
    expect(urls).toHaveLength(mainPages.length + 1 + ids.live.length);
  });

  it('leaves out listings that are not live', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(body).not.toContain(ids.pending);
    expect(body).not.toContain(ids.hidden);
  });

  it('dates each listing by its last change', async () => {
    const document = parseXml((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const entry = [...document.getElementsByTagName('url')].find((url) =>
      url.textContent!.includes(ids.live[0]!),
    )!;
    expect(entry.getElementsByTagName('lastmod')[0]!.textContent).toBe('2026-03-04T05:06:07.000Z');
  });

  it('escapes what it writes', () => {
    const xml = urlSetXml('https://abode.example', [{ path: '/search?a=1&b=<2>' }]);
    expect(locs(parseXml(xml))).toEqual(['https://abode.example/search?a=1&b=<2>']);
    expect(xml).toContain('a=1&amp;b=&lt;2&gt;');
  });
});

describe('a sitemap index past one sitemap’s worth of URLs', () => {
  const indexed = Fastify();

  beforeAll(async () => {
    // Two listings a file: the three live listings and the pages need an index.
    await indexed.register(
      seoRoutes({ db: database.db, publicUrl, urlsPerSitemap: 2, sitemapCacheMs: 0 }),
    );
  });
  afterAll(() => indexed.close());

  it('names the pages’ sitemap and the listings’ sitemaps', async () => {
    const response = await indexed.inject({ method: 'GET', url: '/sitemap.xml' });
    const document = parseXml(response.body);
    expect(document.documentElement.tagName).toBe('sitemapindex');
    expect(locs(document)).toEqual([
      `${publicUrl}/sitemaps/pages.xml`,
      `${publicUrl}/sitemaps/listings-1.xml`,
      `${publicUrl}/sitemaps/listings-2.xml`,
    ]);
  });

  it('serves each, the listings split in id order', async () => {
    const pages = parseXml((await indexed.inject('/sitemaps/pages.xml')).body);
    expect(locs(pages)).toEqual([...mainPages, listerPage].map((path) => `${publicUrl}${path}`));
    const first = locs(parseXml((await indexed.inject('/sitemaps/listings-1.xml')).body));
    const second = locs(parseXml((await indexed.inject('/sitemaps/listings-2.xml')).body));
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect([...first, ...second]).toEqual(
      [...ids.live].sort().map((id) => `${publicUrl}/property/${id}`),
    );
  });

  it.each(['/sitemaps/listings-3.xml', '/sitemaps/listings-0.xml', '/sitemaps/other.xml'])(
    '%s is not found',
    async (url) => {
      expect((await indexed.inject(url)).statusCode).toBe(404);
    },
  );
});

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps them out of private pages and the API, and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/admin',
      '/admin-*',
      '/account-settings',
      '/dashboard',
      '/list-property',
      '/property/*/edit',
      '/images-pending-approval',
      '/user/',
      '/verify-*',
      '/reset-password',
      '/forgot-password',
      '/dev/',
      '/api/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // A search engine renders listing pages with the listing reads of the API.
    expect(lines).toContain('Allow: /api/properties/');
    expect(lines).toContain('Sitemap: https://abode.example/sitemap.xml');
  });
});
