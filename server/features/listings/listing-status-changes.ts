import type { ListingStatus } from '#common/listing-rules';
import type { Database } from '../../db/client';
import type { LiveUpdates } from '../../lib/live-updates';
import type { PropertyRow } from './schema';
import { statusOfRow } from './listing-events';

/**
 * What the live updates tell about a write of a listing (issue 35): its owner, where it now
 * stands for them (the dashboard's status, and whether an administrator refused it or its
 * changes); administrators, that the review queue changed. Derived by the listing writer from
 * the row before and after, and published in the write's transaction.
 */
export type StatusChange = {
  /** What its owner is told, if they would see a difference. */
  owner: {
    userId: string;
    data: { listingId: string; title: string; status: ListingStatus; rejected: boolean };
  } | null;
  /** It entered or left the administrators' review queue (a deletion too). */
  queueChanged: boolean;
};

/** Waiting for an administrator: new and not refused, or approved with changes waiting. */
export const awaitingReview = (row: PropertyRow | undefined) =>
  row !== undefined &&
  ((!row.isVerified && row.rejectionReason === null) ||
    (row.isVerified && row.pendingChanges !== null));

/** The change a write made, if its owner or the review queue would see one. */
export function statusChangeOf(
  before: PropertyRow | undefined,
  after: PropertyRow | undefined,
): StatusChange | null {
  const queueChanged = awaitingReview(before) !== awaitingReview(after);
  let owner: StatusChange['owner'] = null;
  if (after) {
    const status = statusOfRow(after);
    const rejected = after.rejectionReason !== null;
    const ownerSees =
      !before ||
      statusOfRow(before) !== status ||
      (before.rejectionReason !== null) !== rejected ||
      (before.pendingChanges !== null) !== (after.pendingChanges !== null);
    if (ownerSees) {
      owner = {
        userId: after.ownerId,
        data: { listingId: after.id, title: after.title, status, rejected },
      };
    }
  }
  return owner || queueChanged ? { owner, queueChanged } : null;
}

/** Tells each owner, and the administrators once if the queue changed, in `tx`. */
export async function publishStatusChanges(
  live: LiveUpdates,
  changes: StatusChange[],
  tx: Database,
): Promise<void> {
  for (const { owner } of changes) {
    if (owner) await live.publish(tx, { userId: owner.userId }, 'listing.status', owner.data);
  }
  if (changes.some((change) => change.queueChanged)) {
    await live.publish(tx, 'administrators', 'moderation.queue-changed', {});
  }
}
