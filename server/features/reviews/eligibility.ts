import { REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS, type ReviewRefusal } from '#common/reviews';
import type { UserRow } from '../../db/schema';
import type { ViewingRow } from '../viewings/service';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * When a viewing can be reviewed (issue 40): from its time, once it has happened, until 30
 * days after; the renter's memory of the visit is what a review is worth.
 */
export function reviewWindow(viewing: Pick<ViewingRow, 'startsAt'>) {
  return {
    opensAt: viewing.startsAt,
    closesAt: new Date(viewing.startsAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS),
  };
}

/**
 * Why `reader` may not review `viewing` at `now`, or null when they may. Only its renter, of a
 * viewing the lister confirmed and did not mark as missed (or whose mark the renter disputed),
 * inside the window, with a verified phone: a phone costs a scammer more than a mailbox.
 */
export function reviewRefusal(
  viewing: ViewingRow,
  reader: UserRow,
  now: Date,
): ReviewRefusal | null {
  if (viewing.renterId !== reader.id) return 'not_renter';
  if (viewing.status === 'cancelled') return 'cancelled';
  if (viewing.status !== 'confirmed') return 'not_confirmed';
  // A no-show the renter disputed ("I was there", issue 50) keeps their right to review: a
  // lister's word alone does not silence them.
  if (viewing.renterNoShowAt && !viewing.noShowDisputedAt) return 'no_show';
  const { opensAt, closesAt } = reviewWindow(viewing);
  if (now < opensAt) return 'too_early';
  if (now > closesAt) return 'too_late';
  if (!reader.phoneVerified) return 'phone_not_verified';
  return null;
}

/** Until when a review written at `createdAt` may be changed by its author. */
export const editableUntil = (createdAt: Date) =>
  new Date(createdAt.getTime() + REVIEW_EDIT_HOURS * HOUR_MS);
