import { listingStatus, type ListingStatus } from '#common/listing-rules';
import type { UserRow } from '../../db/schema';
import type { ListingWrites } from './listing-writes';
import { ownedListing } from './owner-listings';

/**
 * A listing its owner let (issue 21): it leaves search at once, its page tells visitors "This
 * place has been rented" for RENTED_PAGE_DAYS (service.ts visibleTo), and its owner makes it
 * available again in one step. Neither needs a review: nothing renters rely on changed, and
 * an approved listing comes back as it was approved.
 */

type Answer = { id: string; status: ListingStatus };

/** Marks the owner's listing rented; marking it again changes nothing. */
export async function markRented(
  writes: ListingWrites,
  user: UserRow,
  id: string,
  now: Date,
): Promise<Answer> {
  return writes.transaction(async (write, tx) => {
    const current = await ownedListing(tx, user, id);
    const rentedAt = current.rentedAt ?? now;
    if (!current.rentedAt) await write.update(id, { rentedAt, isActive: false });
    return { id, status: statusOf(current, { rentedAt, isActive: false }) };
  });
}

/**
 * Makes the owner's rented listing available again: live at once if it was approved (Pending
 * Approval if an edit sent it back meanwhile), unless an administrator or renters' reports hid
 * it meanwhile: it then stays hidden, and comes back when an administrator restores it.
 */
export async function markAvailable(
  writes: ListingWrites,
  user: UserRow,
  id: string,
): Promise<Answer> {
  return writes.transaction(async (write, tx) => {
    const current = await ownedListing(tx, user, id);
    if (!current.rentedAt) return { id, status: statusOf(current, {}) };
    const hidden = current.hiddenByAdminAt !== null;
    const reported = current.hiddenForReportsAt !== null;
    const isActive = !hidden && !reported;
    await write.update(id, {
      rentedAt: null,
      isActive,
      ...(reported ? { activeBeforeReports: true } : {}),
    });
    return { id, status: statusOf(current, { rentedAt: null, isActive }) };
  });
}

type Current = Awaited<ReturnType<typeof ownedListing>>;

function statusOf(
  current: Current,
  change: { rentedAt?: Date | null; isActive?: boolean },
): ListingStatus {
  const rentedAt = change.rentedAt === undefined ? current.rentedAt : change.rentedAt;
  return listingStatus({
    isVerified: current.isVerified,
    isActive: change.isActive ?? current.isActive,
    hiddenByAdmin: current.hiddenByAdminAt !== null,
    hiddenForReports: current.hiddenForReportsAt !== null,
    rentedAt: rentedAt?.toISOString() ?? null,
  });
}
