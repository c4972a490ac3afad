import { and, eq, sql } from 'drizzle-orm';
import type { ListingWriter } from '../listings/service';
import { properties } from '../listings/service';
import { visibleReviews } from './read-reviews';
import { reviews } from './schema';

/**
 * A listing's `averageRating` and `reviewCount` (the specification's fields, and what search's
 * `minRating` and `sort=rating` read) are its visible reviews' (read-reviews.ts), written again in the transaction
 * of every change to them: a review, its edit, the lister's answer, an administrator hiding or
 * restoring it. Through the listing writer, so the search index re-reads the listing and the
 * pages kept for visitors are made again (`reviews_changed_at` changes the row even when the
 * rating does not); updated_at stays, as nothing its owner wrote changed.
 */
export async function refreshListingRating(write: ListingWriter, propertyId: string) {
  const visible = and(eq(reviews.propertyId, propertyId), visibleReviews);
  await write.updateWhere(eq(properties.id, propertyId), {
    averageRating: sql`(SELECT coalesce(round(avg(${reviews.rating}), 2), 0) FROM ${reviews} WHERE ${visible})`,
    reviewCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${visible})`,
    reviewsChangedAt: sql`now()`,
  });
}
