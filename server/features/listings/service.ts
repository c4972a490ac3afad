import { and, asc, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { RENTED_PAGE_DAYS } from '#common/listing-rules';
import type { Property } from '#common/properties';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { propertyColumns, toPropertyJson, ownersView } from './property-json';
import { rateLimits } from './rate-limits';
import { isLive } from './listing-events';
import { listingReports, properties } from './schema';

/**
 * The feature's tables, for the features that read them (eslint.config.js serverFeatures): the
 * listings themselves, saved listings (the favorites feature writes them) and listing reports
 * (the reports feature's).
 */
export { favorites, listingReports, properties, type PropertyRow } from './schema';
export { isLive, publicStateOf, stateColumns, type PublicState } from './listing-events';
export {
  createListingWrites,
  type ListingColumns,
  type ListingWriter,
  type ListingWrites,
} from './listing-writes';
export {
  listerBadgeColumns,
  listerResponseTime,
  propertyColumns,
  toPropertyJson,
  ownersView,
} from './property-json';
export {
  createListing,
  deleteListing,
  heldPhotos,
  ownerContact,
  updateListing,
  userListings,
} from './owner-listings';
export { markAvailable, markRented } from './rented';
// A listing's figures (listing-stats) count its page's loads as the dashboard does.
export { listingPagePath } from './page-views';
export {
  hiddenByAdmin,
  hiddenForReports,
  reportsResolved,
  shownByAdmin,
} from './listing-visibility';
import { isUuid } from '../../lib/ids';
export { freshnessRoutes } from './freshness-routes';
export { runListingFreshness, type FreshnessDeps } from './freshness';

/** The per-IP budget of listing writes, which other features' writes to a listing share. */
export const { listingWritesPerIp } = rateLimits;

export const isPropertyId = isUuid;

/** Live featured listings in the administrators' order. */
export async function featuredProperties(
  db: Database,
  viewerId: string | null,
): Promise<Property[]> {
  const rows = await db
    .select(propertyColumns(viewerId))
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(and(isLive, eq(properties.isFeatured, true)))
    .orderBy(asc(properties.featuredOrder), desc(properties.createdAt))
    .limit(50);
  return rows.map(toPropertyJson);
}

/**
 * How many listers have a live listing (issue 50: the home page's "Landlords and agents" says
 * this, not a made-up "500+"). Counted at most once a minute per server: the home page asks on
 * every first visit, and a count over every live listing is no work to repeat per request.
 */
export function listerCounter(db: Database, now: () => Date = () => new Date()) {
  let cached: { count: number; at: number } | null = null;
  return async function listersWithLiveListings(): Promise<number> {
    const at = now().getTime();
    if (cached && at - cached.at < 60_000) return cached.count;
    const [row] = await db
      .select({ count: sql<number>`count(distinct ${properties.ownerId})::int` })
      .from(properties)
      .where(isLive);
    cached = { count: row?.count ?? 0, at };
    return cached.count;
  };
}

/**
 * Who may see a listing: everybody when it is live, or was approved and rented in the last
 * RENTED_PAGE_DAYS (its page says so, issue 21); its owner and administrators always (the
 * owner's preview of a listing under review).
 */
export function visibleTo(viewer: UserRow | null, now: Date): SQL {
  if (viewer?.isAdmin) return sql`true`;
  const since = new Date(now.getTime() - RENTED_PAGE_DAYS * 86_400_000);
  const recentlyRented = and(
    eq(properties.isVerified, true),
    isNull(properties.hiddenByAdminAt),
    isNull(properties.hiddenForReportsAt),
    gte(properties.rentedAt, since),
  )!;
  if (viewer) return or(isLive, recentlyRented, eq(properties.ownerId, viewer.id))!;
  return or(isLive, recentlyRented)!;
}

/** The listing, or 404 when it does not exist or the viewer may not see it. */
export async function getVisibleProperty(
  db: Database,
  id: string,
  viewer: UserRow | null,
  now: Date,
): Promise<Property> {
  // An id that cannot exist is simply not found, like any other unknown listing.
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  const [[row], reportedAt] = await Promise.all([
    db
      .select({ ...propertyColumns(viewer?.id ?? null), pendingChanges: properties.pendingChanges })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(and(eq(properties.id, id), visibleTo(viewer, now))),
    viewer ? reportedBy(db, viewer.id, id) : undefined,
  ]);
  if (!row) throw notFound('listing_not_found');
  const listing = toPropertyJson(row);
  // What waits for review is its owner's and administrators' to see; renters read the
  // approved listing alone (issue 34).
  const property =
    viewer?.isAdmin || listing.isOwn ? ownersView(listing, row, row.pendingChanges) : listing;
  // The reader's own report (issue 34), for signed-in readers only: this answer is never
  // kept for others (visitors' listings come from the search index's renderings).
  return reportedAt === undefined ? property : { ...property, reportedByMe: reportedAt };
}

/**
 * Whether the viewer may open listing `id` (getVisibleProperty would answer it, not 404): the
 * web app's page for a listing that is not there answers 404 (issue 51).
 */
export async function isVisibleProperty(
  db: Database,
  id: string,
  viewer: UserRow | null,
  now: Date,
): Promise<boolean> {
  if (!isPropertyId(id)) return false;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), visibleTo(viewer, now)))
    .limit(1);
  return row !== undefined;
}

/** When `userId` reported listing `propertyId` (one report per account and listing), or null. */
async function reportedBy(
  db: Database,
  userId: string,
  propertyId: string,
): Promise<string | null> {
  const [report] = await db
    .select({ createdAt: listingReports.createdAt })
    .from(listingReports)
    .where(and(eq(listingReports.reporterId, userId), eq(listingReports.propertyId, propertyId)))
    .orderBy(desc(listingReports.createdAt))
    .limit(1);
  return report?.createdAt.toISOString() ?? null;
}
