import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE, type AdminReviewList, type ReviewDecision } from '#common/reviews';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { tellUser } from '../../lib/notifier';
import { recordAudit } from '../admin/service';
import { properties } from '../listings/service';
import { refreshListingRating } from './listing-rating';
import { reviewJson } from './review-json';
import { reviewReports, reviews } from './schema';
import { reviewStatusOf, type ReviewDeps } from './write-reviews';

/**
 * The admin panel's Reviews tab (issue 40): reviews a lister reported and nobody has decided
 * on yet (`reported`), those whose words or answer wait for an administrator (`held`, issue
 * 50), or those hidden (`hidden`); hiding one takes it out of every reading and of its
 * listing's rating, restoring puts it back (a held one: publishes it, with its answer). Both close its open reports, are
 * audit-logged, and tell its author.
 */
const openReport = exists(
  sql`(select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.resolvedAt} is null)`,
);

/** Held for an administrator: the review's words, or the lister's answer (issue 50). */
const held = or(isNotNull(reviews.heldAt), isNotNull(reviews.replyHeldAt))!;
const groups = {
  reported: and(openReport, isNull(reviews.hiddenAt)),
  held: and(held, isNull(reviews.hiddenAt)),
  not_counted: and(isNotNull(reviews.notCountedReason), isNull(reviews.hiddenAt)),
  hidden: isNotNull(reviews.hiddenAt),
};

export async function listAdminReviews(
  db: Database,
  status: keyof typeof groups,
  page: number,
): Promise<AdminReviewList> {
  const where = groups[status];
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, author: users, title: properties.title })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .innerJoin(properties, eq(properties.id, reviews.propertyId))
      .where(where)
      .orderBy(
        status === 'hidden' ? desc(reviews.hiddenAt) : asc(reviews.createdAt),
        asc(reviews.id),
      )
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  const ids = rows.map((row) => row.review.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(reviewReports)
          .where(inArray(reviewReports.reviewId, ids))
          .orderBy(sql`${reviewReports.resolvedAt} is not null`, desc(reviewReports.createdAt));
  return {
    reviews: rows.map(({ review, author, title }) => ({
      ...reviewJson(review, author.firstName),
      askedForMoney: review.askedForMoney,
      property: { id: review.propertyId, title },
      author: {
        id: author.id,
        firstName: author.firstName,
        name: `${author.firstName} ${author.lastName}`.trim(),
        phone: author.phone,
      },
      hiddenAt: review.hiddenAt?.toISOString() ?? null,
      hiddenReason: review.hiddenReason,
      status:
        review.notCountedReason && !review.hiddenAt && !review.heldAt
          ? ('not_counted' as const)
          : reviewStatusOf(review),
      notCountedReason: review.notCountedReason,
      heldReasons: review.heldReasons,
      heldReply:
        review.replyHeldAt && review.replyText !== null && review.repliedAt
          ? { text: review.replyText, createdAt: review.repliedAt.toISOString() }
          : null,
      reports: reports
        .filter((report) => report.reviewId === review.id)
        .map((report) => ({
          id: report.id,
          reason: report.reason,
          note: report.note,
          createdAt: report.createdAt.toISOString(),
          resolvedAt: report.resolvedAt?.toISOString() ?? null,
        })),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * POST /api/admin/reviews/{id}/decision. Hiding a hidden review, or restoring a visible one
 * with no open report, is 409 `review_decision_conflict`: someone decided already.
 */
export async function decideReview(
  deps: ReviewDeps,
  admin: UserRow,
  id: string,
  body: ReviewDecision,
): Promise<void> {
  if (!isUuid(id)) throw notFound('review_not_found');
  const now = deps.clock();
  await deps.writes.transaction(async (write, tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!review) throw notFound('review_not_found');
    const hide = body.action === 'hide';
    const closed = await tx
      .update(reviewReports)
      .set({ resolvedAt: now, resolution: body.action })
      .where(and(eq(reviewReports.reviewId, id), isNull(reviewReports.resolvedAt)))
      .returning({ id: reviewReports.id });
    const isHidden = review.hiddenAt !== null;
    // Restoring a held review (or answer) publishes it (issue 50).
    const isHeld = review.heldAt !== null || review.replyHeldAt !== null;
    const changes = hide ? !isHidden : isHidden || isHeld;
    if (!changes && closed.length === 0) throw new AppError('review_decision_conflict');
    if (changes) {
      await tx
        .update(reviews)
        .set(
          hide
            ? { hiddenAt: now, hiddenReason: body.reason ?? null, hiddenBy: admin.id }
            : {
                hiddenAt: null,
                hiddenReason: null,
                hiddenBy: null,
                heldAt: null,
                heldReasons: [],
                replyHeldAt: null,
              },
        )
        .where(eq(reviews.id, id));
      await refreshListingRating(write, review.propertyId);
    }
    await recordAudit(tx, admin, hide ? 'review-hide' : 'review-restore', 'review', id, {
      propertyId: review.propertyId,
      reports: closed.length,
      ...(body.reason ? { reason: body.reason } : {}),
    });
    const [listing] = await tx
      .select({ title: properties.title })
      .from(properties)
      .where(eq(properties.id, review.propertyId));
    if (hide ? !isHidden : isHidden || review.heldAt !== null) {
      await tellUser(
        deps,
        review.authorId,
        (firstName) => ({
          kind: 'review-decision',
          firstName,
          title: listing?.title ?? '',
          hidden: hide,
          reason: hide ? (body.reason ?? null) : null,
        }),
        { db: tx },
      );
    }
  });
}
