import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import { isLive, properties } from '../listings/service';
import { publicPages } from './site';

/**
 * /sitemap.xml: the public pages, the pages of listers with a live listing, and every live
 * listing. A sitemap holds at most 50 000 URLs
 * (sitemaps.org), so past that /sitemap.xml becomes a sitemap index naming
 * /sitemaps/pages.xml and /sitemaps/listings-1.xml, -2, … of 50 000 listings each, in id order
 * so a listing stays in its file while others come and go.
 */
export const URLS_PER_SITEMAP = 50_000;

export type SitemapUrl = { path: string; lastModified?: Date };
export type SitemapFile = { kind: 'pages' } | { kind: 'listings'; number: number };

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlSetXml(publicUrl: string, urls: readonly SitemapUrl[]): string {
  const entries = urls.map((url) => {
    const lastmod = url.lastModified ? `<lastmod>${url.lastModified.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(publicUrl + url.path)}</loc>${lastmod}</url>\n`;
  });
  return `${xmlHead}<urlset xmlns="${namespace}">\n${entries.join('')}</urlset>\n`;
}

export function sitemapIndexXml(publicUrl: string, paths: readonly string[]): string {
  const entries = paths.map(
    (path) => `  <sitemap><loc>${escapeHtml(publicUrl + path)}</loc></sitemap>\n`,
  );
  return `${xmlHead}<sitemapindex xmlns="${namespace}">\n${entries.join('')}</sitemapindex>\n`;
}

export const pageUrls = (): SitemapUrl[] => publicPages.map((page) => ({ path: page.path }));

export async function countLiveListings(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(properties).where(isLive);
  return row?.count ?? 0;
}

/** Live listings in id order, `limit` from `offset`, as sitemap URLs. */
export async function liveListingUrls(
  db: Database,
  offset: number,
  limit: number,
): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(isLive)
    .orderBy(asc(properties.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ path: `/property/${row.id}`, lastModified: row.updatedAt }));
}

/**
 * The pages of listers with a live listing (issue 40), by handle; with the site's own pages,
 * in the pages file: listers are far fewer than listings.
 */
export async function listerUrls(db: Database): Promise<SitemapUrl[]> {
  const rows = await db
    .selectDistinct({ handle: users.handle })
    .from(users)
    .innerJoin(properties, eq(properties.ownerId, users.id))
    .where(isLive)
    .orderBy(asc(users.handle));
  return rows.map((row) => ({ path: `/listers/${encodeURIComponent(row.handle)}` }));
}

/** The file a /sitemaps/<name> request names, or null. */
export function sitemapFile(name: string): SitemapFile | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  const match = /^listings-([1-9]\d{0,3})\.xml$/.exec(name);
  return match ? { kind: 'listings', number: Number(match[1]) } : null;
}

export const sitemapFilePath = (file: SitemapFile) =>
  file.kind === 'pages' ? '/sitemaps/pages.xml' : `/sitemaps/listings-${file.number}.xml`;
