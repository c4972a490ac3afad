import { and, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageViews } from '../analytics/service';

/** The path the web app reports when a listing's page is opened (analytics' page_views). */
export const listingPagePath = (id: string) => `/property/${id}`;

/**
 * How many times others opened each of an owner's listings' pages, from the page loads the web
 * app reports for visitor analytics (the owner's own signed-in loads are not counted). One
 * grouped read on page_views' path index; listings never opened are absent.
 */
export async function pageViewsOf(
  db: Database,
  ownerId: string,
  listingIds: readonly string[],
): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const byPath = new Map(listingIds.map((id) => [listingPagePath(id), id]));
  const rows = await db
    .select({ path: pageViews.path, views: sql<number>`count(*)::int` })
    .from(pageViews)
    .where(
      and(
        inArray(pageViews.path, [...byPath.keys()]),
        or(isNull(pageViews.userId), ne(pageViews.userId, ownerId)),
      ),
    )
    .groupBy(pageViews.path);
  return new Map(rows.map((row) => [byPath.get(row.path) ?? row.path, row.views]));
}
