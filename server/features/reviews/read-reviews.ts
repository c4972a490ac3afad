import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
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

/** Hidden reviews are nobody's reading but the administrators'. */
export const visibleReviews = isNull(reviews.hiddenAt);

/** The summary of the visible reviews `where` selects. */
export async function reviewSummary(db: Database, where: SQL): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 2)`,
      reviewCount: count(),
      asDescribed: sql<number>`count(*) filter (where ${reviews.asDescribed} = 'yes')::int`,
    })
    .from(reviews)
    .where(and(where, visibleReviews));
  const reviewCount = row?.reviewCount ?? 0;
  return {
    averageRating: row?.average ? Number(row.average) : 0,
    reviewCount,
    asDescribedShare:
      reviewCount > 0 ? Math.round((Number(row!.asDescribed) / reviewCount) * 100) / 100 : null,
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
  const ofListing = eq(reviews.propertyId, propertyId);
  const [summary, list] = await Promise.all([
    reviewSummary(db, ofListing),
    reviewPage(db, ofListing, page, REVIEWS_PAGE_SIZE),
  ]);
  return {
    reviews: list,
    summary,
    page,
    totalPages: Math.ceil(summary.reviewCount / REVIEWS_PAGE_SIZE),
  };
}
