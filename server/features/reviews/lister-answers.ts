import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { contentFlagsOf } from '#common/content-checks';
import { REVIEWS_PAGE_SIZE, type ListerReviews, type ReviewReportBody } from '#common/reviews';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { properties, type ListingWrites } from '../listings/service';
import { refreshListingRating } from './listing-rating';
import { reviewPage, reviewSummary } from './read-reviews';
import { reviewReports, reviews, type ReviewRow } from './schema';

/**
 * What a lister does with the reviews of their listings (issue 40): reads them on the
 * dashboard, answers each once, and reports one to the administrators. A review hidden by an
 * administrator is no longer theirs to answer.
 */

/** A visible review of the lister's, or: 404 when there is none, 403 when it is another's. */
async function listersReview(db: Database, lister: UserRow, id: string): Promise<ReviewRow> {
  if (!isUuid(id)) throw notFound('review_not_found');
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)));
  if (!review) throw notFound('review_not_found');
  if (review.listerId !== lister.id) throw new AppError('review_lister_only');
  return review;
}

/**
 * POST /api/reviews/{id}/reply: once (409 `review_reply_exists`), shown under the review. The
 * listing is written again with it (its rating, unchanged): what visitors' pages show of it
 * changed, and the pages servers keep for visitors follow the listing's changes.
 */
export async function replyToReview(
  deps: { db: Database; writes: ListingWrites },
  lister: UserRow,
  id: string,
  text: string,
  now: Date,
): Promise<void> {
  const review = await listersReview(deps.db, lister, id);
  await deps.writes.transaction(async (write, tx) => {
    // Words with contact details, a payment request or a link wait for an administrator
    // (issue 50): the review shows without the answer meanwhile.
    const held = contentFlagsOf(text).length > 0;
    const answered = await tx
      .update(reviews)
      .set({ replyText: text, repliedAt: now, replyHeldAt: held ? now : null })
      .where(and(eq(reviews.id, id), isNull(reviews.replyText)))
      .returning({ id: reviews.id });
    if (answered.length === 0) throw new AppError('review_reply_exists');
    await refreshListingRating(write, review.propertyId);
  });
}

/** POST /api/reviews/{id}/reports: once per review (409 `review_report_exists`). */
export async function reportReview(
  db: Database,
  lister: UserRow,
  id: string,
  body: ReviewReportBody,
  now: Date,
): Promise<{ id: string }> {
  await listersReview(db, lister, id);
  const [report] = await db
    .insert(reviewReports)
    .values({
      reviewId: id,
      reporterId: lister.id,
      reason: body.reason,
      note: body.note ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (!report) throw new AppError('review_report_exists');
  return report;
}

/** GET /api/user/reviews: the visible reviews of the reader's listings, newest first. */
export async function listerReviews(
  db: Database,
  lister: UserRow,
  page: number,
): Promise<ListerReviews> {
  const mine = eq(reviews.listerId, lister.id);
  const [summary, list] = await Promise.all([
    reviewSummary(db, mine),
    reviewPage(db, mine, page, REVIEWS_PAGE_SIZE),
  ]);
  const ids = list.map((review) => review.id);
  const about =
    ids.length === 0
      ? []
      : await db
          .select({
            id: reviews.id,
            propertyId: properties.id,
            title: properties.title,
            reported: sql<boolean>`exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.reporterId} = ${lister.id})`,
          })
          .from(reviews)
          .innerJoin(properties, eq(properties.id, reviews.propertyId))
          .where(inArray(reviews.id, ids));
  const byId = new Map(about.map((row) => [row.id, row]));
  return {
    reviews: list.map((review) => {
      const row = byId.get(review.id)!;
      return {
        ...review,
        property: { id: row.propertyId, title: row.title },
        reportedByMe: Boolean(row.reported),
      };
    }),
    summary,
    page,
    totalPages: Math.ceil(summary.reviewCount / REVIEWS_PAGE_SIZE),
  };
}
