import { listingStatus, type ListingStatus } from '#common/listing-rules';
import type { UserRow } from '../../db/schema';
import type { ListingWriter, ListingWrites } from './listing-writes';
import { ownedListing, type lockedListing } from './owner-listings';
import { availableAgain, rented } from './listing-visibility';

/**
 * Whether a listing is still to let (issue 21). A listing its owner let leaves search at once,
 * its page tells visitors "This place has been rented" for RENTED_PAGE_DAYS (service.ts
 * visibleTo), and its owner makes it available again in one step. A listing its owner has not
 * confirmed for LISTING_CONFIRM_DAYS expires (freshness.ts) until renewed, also in one step.
 * None of these needs a review: nothing renters rely on changed, and an approved listing comes
 * back as it was approved.
 *
 * Each action comes in two forms: by the signed-in owner (`user`), and by a signed link of the
 * owner's monthly reminder (confirmations.ts), which names the listing and has no session.
 */

type Answer = { id: string; status: ListingStatus };
type Current = Awaited<ReturnType<typeof lockedListing>>;

/** Marks the owner's listing rented; marking it again changes nothing. */
export function markRented(writes: ListingWrites, user: UserRow, id: string, now: Date) {
  return writes.transaction(async (write, tx) =>
    rent(write, await ownedListing(tx, user, id), now),
  );
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
    return { id, status: await showAgain(write, current, { rentedAt: null }) };
  });
}

/**
 * The owner says the listing is still to let (dashboard "Renew" / "Still available"): it is
 * confirmed for LISTING_CONFIRM_DAYS more and, expired or rented, back in search as
 * markAvailable says.
 */
export function renewListing(writes: ListingWrites, user: UserRow, id: string, now: Date) {
  return writes.transaction(async (write, tx) =>
    renew(write, await ownedListing(tx, user, id), now),
  );
}

/** markRented on a listing already locked (`lockedListing`) by a caller that checked the right. */
export async function rent(write: ListingWriter, current: Current, now: Date): Promise<Answer> {
  const rentedAt = current.rentedAt ?? now;
  if (!current.rentedAt) await write.update(current.id, rented(rentedAt));
  return { id: current.id, status: statusOf(current, rented(rentedAt)) };
}

/** renewListing on a listing already locked by a caller that checked the right. */
export async function renew(
  write: ListingWriter,
  current: Current,
  now: Date,
): Promise<Answer & { confirmedAt: string }> {
  const change = { rentedAt: null, expiredAt: null, confirmedAt: now, confirmRemindedAt: null };
  const status = await showAgain(write, current, change);
  return { id: current.id, status, confirmedAt: now.toISOString() };
}

/**
 * Sets `change` and switches the listing on, unless an administrator or reports hid it (it
 * then comes back on when they restore it). Its status after.
 */
async function showAgain(
  write: ListingWriter,
  current: Current,
  change: { rentedAt: null; expiredAt?: null; confirmedAt?: Date; confirmRemindedAt?: null },
): Promise<ListingStatus> {
  const columns = availableAgain(current, change);
  await write.update(current.id, columns);
  return statusOf(current, { ...change, isActive: columns.isActive });
}

function statusOf(
  current: Current,
  change: { rentedAt?: Date | null; expiredAt?: Date | null; isActive?: boolean },
): ListingStatus {
  const pick = <K extends 'rentedAt' | 'expiredAt'>(key: K) =>
    change[key] === undefined ? current[key] : change[key];
  return listingStatus({
    isVerified: current.isVerified,
    isActive: change.isActive ?? current.isActive,
    hiddenByAdmin: current.hiddenByAdminAt !== null,
    hiddenForReports: current.hiddenForReportsAt !== null,
    rentedAt: pick('rentedAt'),
    expiredAt: pick('expiredAt'),
  });
}
