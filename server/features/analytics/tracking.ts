import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageViews, visitors } from './schema';
import type { GeoLookup } from './geo';
import { truncateIp } from './ip';

export type PageLoad = {
  visitorId: string;
  pageUrl: string;
  pageTitle: string;
  userId: string | null;
  /** The full client address: used for the place, then truncated before it is stored. */
  ip: string | undefined;
};

const MAX_PATH = 500;
const MAX_TITLE = 200;

/** The path of a page URL: no origin, query or fragment (a search's terms are not ours to keep). */
export function pagePath(pageUrl: string): string {
  let path: string;
  try {
    path = new URL(pageUrl, 'http://localhost').pathname;
  } catch {
    path = '/';
  }
  return path.slice(0, MAX_PATH);
}

/**
 * Records one page load: the visitor's record (created on the first, otherwise its last visit,
 * page count, account and place refreshed) and the page view, in one transaction.
 */
export async function recordPageLoad(
  db: Database,
  geo: GeoLookup,
  load: PageLoad,
  now: Date,
): Promise<void> {
  const path = pagePath(load.pageUrl);
  const place = load.ip ? geo(load.ip) : { city: null, country: null };
  const ipAddress = truncateIp(load.ip);
  await db.transaction(async (tx) => {
    await tx
      .insert(visitors)
      .values({
        visitorId: load.visitorId,
        userId: load.userId,
        ipAddress,
        city: place.city,
        country: place.country,
        landingPage: path,
        pagesViewed: 1,
        firstVisit: now,
        lastVisit: now,
      })
      .onConflictDoUpdate({
        target: visitors.visitorId,
        set: {
          userId: sql`coalesce(excluded.user_id, ${visitors.userId})`,
          ipAddress: sql`excluded.ip_address`,
          city: sql`coalesce(excluded.city, ${visitors.city})`,
          country: sql`coalesce(excluded.country, ${visitors.country})`,
          pagesViewed: sql`${visitors.pagesViewed} + 1`,
          lastVisit: sql`greatest(${visitors.lastVisit}, excluded.last_visit)`,
        },
      });
    await tx.insert(pageViews).values({
      visitorId: load.visitorId,
      userId: load.userId,
      path,
      title: load.pageTitle.slice(0, MAX_TITLE),
      viewedAt: now,
    });
  });
}
