import { and, desc, eq, exists, sql } from 'drizzle-orm';
import { LISTER_LATEST_REVIEWS, type ListerProfile } from '#common/reviews';
import { responseTimeOf, RESPONSE_SIGNALS_MIN_CONVERSATIONS } from '#common/conversations';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import {
  isLive,
  listerBadgeColumns,
  properties,
  propertyColumns,
  toPropertyJson,
} from '../listings/service';
import { reviewPage, reviewSummary, visibleReviews } from './read-reviews';
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

/**
 * GET /api/listers/{handle} (issue 40): a lister's public page, by the handle their listings
 * carry. 404 `lister_not_found` for an unknown handle and for an account with nothing to show
 * (no live listing, no review): a renter's handle names no page.
 */
export async function listerProfile(
  db: Database,
  handle: string,
  viewer: UserRow | null,
): Promise<ListerProfile> {
  const [lister] = await db
    .select({ user: users, badges: listerBadgeColumns, shown: hasListerPage })
    .from(users)
    .where(eq(users.handle, handle.toLowerCase()));
  if (!lister || !lister.shown) throw notFound('lister_not_found');
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
  const enough = user.responseConversations >= RESPONSE_SIGNALS_MIN_CONVERSATIONS;
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
    responseTime: enough ? responseTimeOf(user) : null,
    memberSince: user.createdAt.toISOString(),
    listings: listings.map(toPropertyJson),
    reviews: { ...summary, latest },
  };
}

/** The page of `handle`, or null when there is none (a page's head, features/seo). */
export async function listerProfileOrNull(db: Database, handle: string) {
  try {
    return await listerProfile(db, handle, null);
  } catch (error) {
    if (error instanceof AppError && error.code === 'lister_not_found') return null;
    throw error;
  }
}
