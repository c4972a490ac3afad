import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ASKED_FOR_MONEY_DAYS,
  REVIEWS_PAGE_SIZE,
  type PropertyReviews,
  type Review,
  type ReviewSummary,
} from '#common/reviews';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { isPropertyId, properties, visibleTo } from '../listings/service';
import { reviewJson } from './review-json';
import { reviews } from './schema';

/**
 * Hidden reviews, reviews held for an administrator (issue 50: their words carry contact
 * details, a payment request or a link) and reviews that do not count (their author is not
 * independent of the lister: independence.ts) are nobody's reading but the administrators'.
 */
export const visibleReviews = and(
  isNull(reviews.hiddenAt),
  isNull(reviews.heldAt),
  isNull(reviews.notCountedReason),
)!;

/** The summary of the visible reviews `where` selects, as of `now`. */
export async function reviewSummary(
  db: Database,
  where: SQL,
  now: Date = new Date(),
): Promise<ReviewSummary> {
  const since = new Date(now.getTime() - ASKED_FOR_MONEY_DAYS * 86_400_000);
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 2)`,
      reviewCount: count(),
      asDescribed: sql<number>`count(*) filter (where ${reviews.asDescribed} = 'yes')::int`,
      askedForMoney: sql<number>`count(*) filter (where ${reviews.askedForMoney} and ${reviews.createdAt} > ${since.toISOString()})::int`,
    })
    .from(reviews)
    .where(and(where, visibleReviews));
  const reviewCount = row?.reviewCount ?? 0;
  return {
    averageRating: row?.average ? Number(row.average) : 0,
    reviewCount,
    asDescribedShare:
      reviewCount > 0 ? Math.round((Number(row!.asDescribed) / reviewCount) * 100) / 100 : null,
    askedForMoneyRecently: Number(row?.askedForMoney ?? 0),
  };
}

/** A page of the visible reviews `where` selects, newest first, with their authors' names. */
export async function reviewPage(
  db: Database,
  where: SQL,
  page: number,
  size: number,
): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews, firstName: users.firstName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(and(where, visibleReviews))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map(({ review, firstName }) => reviewJson(review, firstName));
}

/**
 * GET /api/properties/{id}/reviews: for whoever may see the listing (404 otherwise, as its
 * page is), hidden reviews left out.
 */
export async function propertyReviews(
  db: Database,
  propertyId: string,
  viewer: UserRow | null,
  page: number,
  now: Date,
): Promise<PropertyReviews> {
  if (!isPropertyId(propertyId)) throw notFound('listing_not_found');
  const [listing] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), visibleTo(viewer, now)));
  if (!listing) throw notFound('listing_not_found');
  return pagedReviews(db, eq(reviews.propertyId, propertyId), page, now);
}

/**
 * A page of the visible reviews `where` selects, REVIEWS_PAGE_SIZE of them, with their summary
 * and page count: a listing's (above) and a lister's (listers.ts) answer alike.
 */
export async function pagedReviews(
  db: Database,
  where: SQL,
  page: number,
  now: Date,
): Promise<PropertyReviews> {
  const [summary, list] = await Promise.all([
    reviewSummary(db, where, now),
    reviewPage(db, where, page, REVIEWS_PAGE_SIZE),
  ]);
  return {
    reviews: list,
    summary,
    page,
    totalPages: Math.ceil(summary.reviewCount / REVIEWS_PAGE_SIZE),
  };
}
