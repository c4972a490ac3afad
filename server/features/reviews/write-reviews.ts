import { and, eq } from 'drizzle-orm';
import { contentFlagsOf } from '#common/content-checks';
import type { ReviewBody, ViewingReviewState } from '#common/reviews';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { isUuid } from '../../lib/ids';
import {
  listingReports,
  properties,
  type ListingWriter,
  type ListingWrites,
} from '../listings/service';
import { fileReport, type ReportDeps } from '../reports/service';
import { viewings, type ViewingRow } from '../viewings/service';
import { editableUntil, reviewRefusal, reviewWindow } from './eligibility';
import { notCountedReason } from './independence';
import { refreshListingRating } from './listing-rating';
import { reviewJson } from './review-json';
import { reviews, type ReviewRow } from './schema';

export type ReviewDeps = ReportDeps & { writes: ListingWrites };

const refused = (reason: string) => new AppError('review_not_allowed', { params: { reason } });

async function viewingOf(db: Database, id: string): Promise<ViewingRow> {
  if (!isUuid(id)) throw notFound('viewing_not_found');
  const [viewing] = await db.select().from(viewings).where(eq(viewings.id, id));
  if (!viewing) throw notFound('viewing_not_found');
  return viewing;
}

/**
 * GET /api/viewings/{id}/review: what the review page shows. Its renter and its lister may
 * ask (anyone else: 404, as the viewing is to them); only the renter can be allowed to write.
 */
export async function viewingReviewState(
  db: Database,
  reader: UserRow,
  viewingId: string,
  now: Date,
): Promise<ViewingReviewState> {
  const viewing = await viewingOf(db, viewingId);
  if (viewing.renterId !== reader.id && viewing.listerId !== reader.id) {
    throw notFound('viewing_not_found');
  }
  const [[listing], [review]] = await Promise.all([
    db
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .where(eq(properties.id, viewing.propertyId)),
    db.select().from(reviews).where(eq(reviews.viewingId, viewing.id)),
  ]);
  const { opensAt, closesAt } = reviewWindow(viewing);
  const refusal = reviewRefusal(viewing, reader, now);
  const mine = review?.authorId === reader.id ? review : undefined;
  return {
    canReview: refusal === null && !review,
    refusal,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    review: mine
      ? {
          ...reviewJson(mine, reader.firstName),
          editableUntil: editableUntil(mine.createdAt).toISOString(),
          status: reviewStatusOf(mine),
        }
      : null,
    property: listing ?? { id: viewing.propertyId, title: '' },
  };
}

/**
 * POST /api/viewings/{id}/review. The review, the listing's new rating and, when the renter
 * says money was asked for before the viewing, an `asked_for_money` report of the listing (it
 * counts toward hiding it as any report does) are one transaction: all hold, or none. A renter
 * who reported the listing already keeps that one report.
 */
export async function createReview(
  deps: ReviewDeps,
  author: UserRow,
  viewingId: string,
  body: ReviewBody,
): Promise<{ id: string; status: 'published' | 'held' }> {
  const now = deps.clock();
  const viewing = await viewingOf(deps.db, viewingId);
  const refusal = reviewRefusal(viewing, author, now);
  if (refusal) throw refused(refusal);
  try {
    return await deps.writes.transaction(async (write, tx) => {
      // Whether it counts (issue 50): its author must be independent of the lister.
      const authorPhone = author.phoneVerified ? author.phone : null;
      const notCounted = await notCountedReason(tx, {
        authorId: author.id,
        listerId: viewing.listerId,
        authorPhone,
        viewedAt: viewing.startsAt,
      });
      const [review] = await tx
        .insert(reviews)
        .values({
          authorPhone,
          notCountedReason: notCounted,
          viewingId: viewing.id,
          propertyId: viewing.propertyId,
          authorId: author.id,
          listerId: viewing.listerId,
          viewedAt: viewing.startsAt,
          rating: body.rating,
          asDescribed: body.asDescribed,
          askedForMoney: body.askedForMoney,
          text: body.text ?? null,
          createdAt: now,
          ...heldIf(body.text, now),
        })
        .returning({ id: reviews.id, heldAt: reviews.heldAt });
      await refreshListingRating(write, viewing.propertyId);
      if (body.askedForMoney) await reportMoneyAsked(deps, write, tx, author, viewing.propertyId);
      return {
        id: review!.id,
        status: review!.heldAt ? ('held' as const) : ('published' as const),
      };
    });
  } catch (error) {
    // One review per viewing, and per renter and listing (a second viewing of the same place).
    if (isUniqueViolation(error)) throw new AppError('review_exists');
    throw error;
  }
}

async function reportMoneyAsked(
  deps: ReviewDeps,
  write: ListingWriter,
  tx: Database,
  author: UserRow,
  propertyId: string,
) {
  const [earlier] = await tx
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(
      and(eq(listingReports.propertyId, propertyId), eq(listingReports.reporterId, author.id)),
    );
  if (earlier) return;
  await fileReport(deps, write, tx, author, propertyId, {
    reason: 'asked_for_money',
    note: 'Said in a review of a viewing booked on Abode.',
  });
}

/**
 * PUT /api/reviews/{id}: its author changes it within 48 hours of writing it (409
 * `review_edit_closed` after). Saying money was asked for files the report then too; taking it
 * back leaves the report for an administrator to close, as any report.
 */
export async function editReview(
  deps: ReviewDeps,
  author: UserRow,
  reviewId: string,
  body: ReviewBody,
): Promise<void> {
  const now = deps.clock();
  const review = await ownReview(deps.db, author, reviewId);
  if (now > editableUntil(review.createdAt)) throw new AppError('review_edit_closed');
  await deps.writes.transaction(async (write, tx) => {
    await tx
      .update(reviews)
      .set({
        rating: body.rating,
        asDescribed: body.asDescribed,
        askedForMoney: body.askedForMoney,
        text: body.text ?? null,
        editedAt: now,
        // Held stays held until an administrator decides, whatever the new words (issue 50);
        // a hidden review stays hidden. Clean words leave a published one published.
        ...(review.heldAt
          ? {
              heldReasons: [
                ...new Set([...review.heldReasons, ...contentFlagsOf(body.text ?? '')]),
              ],
            }
          : heldIf(body.text, now)),
      })
      .where(eq(reviews.id, review.id));
    await refreshListingRating(write, review.propertyId);
    if (body.askedForMoney && !review.askedForMoney) {
      await reportMoneyAsked(deps, write, tx, author, review.propertyId);
    }
  });
}

/** Where the author's own review stands (issue 50): held and hidden ones are not public. */
export function reviewStatusOf(review: ReviewRow): 'published' | 'held' | 'hidden' {
  return review.hiddenAt ? 'hidden' : review.heldAt ? 'held' : 'published';
}

/**
 * What a review's words make of it (issue 50): held for an administrator, with the reasons,
 * when they carry contact details, a payment request or a link (common/content-checks.ts).
 */
function heldIf(text: string | null | undefined, now: Date) {
  const flags = contentFlagsOf(text ?? '');
  return flags.length > 0 ? { heldAt: now, heldReasons: flags } : {};
}

/** The author's review, or 404 (also for everyone else's: a review is changed by its author). */
async function ownReview(db: Database, author: UserRow, reviewId: string): Promise<ReviewRow> {
  if (!isUuid(reviewId)) throw notFound('review_not_found');
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.authorId, author.id)));
  if (!review) throw notFound('review_not_found');
  return review;
}
