import { and, desc, eq, exists, sql } from 'drizzle-orm';
import {
  LISTER_LATEST_REVIEWS,
  type ListerProfile,
  type PropertyReviews,
  type ReviewSummary,
} from '#common/reviews';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import {
  isLive,
  listerBadgeColumns,
  listerResponseTime,
  properties,
  propertyColumns,
  toPropertyJson,
} from '../listings/service';
import { pagedReviews, reviewPage, reviewSummary, visibleReviews } from './read-reviews';
import { reviews } from './schema';

/** The most listings a lister's page shows (an agency's whole stock is a search away). */
const LISTER_PAGE_LISTINGS = 48;

/** An agent's business name, else the first name and the initial of the last. */
export function displayNameOf(user: Pick<UserRow, 'businessName' | 'firstName' | 'lastName'>) {
  const business = user.businessName?.trim();
  if (business) return business;
  const initial = user.lastName.trim().charAt(0);
  return initial ? `${user.firstName.trim()} ${initial.toUpperCase()}.` : user.firstName.trim();
}

/** Accounts that have a page: a live listing, or a visible review of them as lister. */
export const hasListerPage = sql<boolean>`(${exists(
  sql`(select 1 from ${properties} where ${properties.ownerId} = ${users.id} and ${isLive})`,
)} OR ${exists(
  sql`(select 1 from ${reviews} where ${reviews.listerId} = ${users.id} and ${visibleReviews})`,
)})`;

/** The account of `handle` if it has a page, with its badges and its live listings' count. */
async function listerOf(db: Database, handle: string) {
  const [lister] = await db
    .select({
      user: users,
      badges: listerBadgeColumns,
      shown: hasListerPage,
      // Qualified by hand: drizzle writes a single table's columns unqualified in a select
      // list, where the subquery would read them as its own.
      liveListings: sql<number>`(select count(*)::int from ${properties} where ${properties.ownerId} = ${sql.identifier('users')}.${sql.identifier('id')} and ${isLive})`,
    })
    .from(users)
    .where(eq(users.handle, handle.toLowerCase()));
  return lister?.shown ? lister : null;
}

/**
 * GET /api/listers/{handle} (issue 40): a lister's public page, by the handle their listings
 * carry. Null (404 `lister_not_found`) for an unknown handle and for an account with nothing
 * to show (no live listing, no review): a renter's handle names no page.
 */
export async function listerProfile(
  db: Database,
  handle: string,
  viewer: UserRow | null,
): Promise<ListerProfile | null> {
  const lister = await listerOf(db, handle);
  if (!lister) return null;
  const { user } = lister;
  const ofLister = eq(reviews.listerId, user.id);
  const [listings, summary, latest] = await Promise.all([
    db
      .select(propertyColumns(viewer?.id ?? null))
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(and(eq(properties.ownerId, user.id), isLive))
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(LISTER_PAGE_LISTINGS),
    reviewSummary(db, ofLister),
    reviewPage(db, ofLister, 1, LISTER_LATEST_REVIEWS),
  ]);
  return {
    handle: user.handle,
    displayName: displayNameOf(user),
    userType: user.userType,
    badges: {
      emailVerified: Boolean(lister.badges.emailVerified),
      phoneVerified: Boolean(lister.badges.phoneVerified),
      identityVerified: Boolean(lister.badges.identityVerified),
      licensedAgent: Boolean(lister.badges.licensedAgent),
    },
    responseTime: listerResponseTime(user),
    memberSince: user.createdAt.toISOString(),
    listings: listings.map(toPropertyJson),
    reviews: { ...summary, latest },
  };
}

/**
 * GET /api/listers/{handle}/reviews?page= (issue 51): every visible review of the lister's
 * listings, newest first, 10 a page, as a listing's are (the page shows the latest five with
 * the profile, then all of them). Null (404 `lister_not_found`) where the page is.
 */
export async function publicListerReviews(
  db: Database,
  handle: string,
  page: number,
  now: Date,
): Promise<PropertyReviews | null> {
  const lister = await listerOf(db, handle);
  if (!lister) return null;
  return pagedReviews(db, eq(reviews.listerId, lister.user.id), page, now);
}

/**
 * What a lister's page's head says (features/seo): their name, how many live listings and how
 * rated; two small reads, not the page's listings, which the page's own render reads.
 */
export async function listerFacts(db: Database, handle: string): Promise<ListerFacts | null> {
  const lister = await listerOf(db, handle);
  if (!lister) return null;
  const { user } = lister;
  return {
    handle: user.handle,
    displayName: displayNameOf(user),
    userType: user.userType,
    liveListings: Number(lister.liveListings),
    reviews: await reviewSummary(db, eq(reviews.listerId, user.id)),
  };
}

export type ListerFacts = Pick<ListerProfile, 'handle' | 'displayName' | 'userType'> & {
  liveListings: number;
  reviews: ReviewSummary;
};
