import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { NotCountedReason } from '#common/reviews';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { accountSightings, phoneHistory } from '../auth/service';
import { reviews } from './schema';

/**
 * Whether a review counts toward a listing's rating (issue 50): a rating a lister can buy from
 * friends, or write themselves from a second account, is worth nothing. A review counts only
 * when its author is independent of the lister:
 * - the author's number is no number any account of the lister uses or used (`same_phone`);
 * - one number counts once per lister, whatever accounts it moved through (`phone_counted`);
 * - no account of theirs was used from the same address (`shared_address`) or device
 *   (`shared_device`) in the 30 days before the viewing. An address more than 5 accounts used
 *   in that time is a mobile network's shared address, and says nothing.
 * A renter who signs up and books the same day is independent: that is the common case. A
 * review that does not count is kept, and shown to administrators with the reason.
 */
const WINDOW_DAYS = 30;
const SHARED_ADDRESS_ACCOUNTS = 5;

type ReviewParties = {
  authorId: string;
  listerId: string;
  authorPhone: string | null;
  viewedAt: Date;
};

export async function notCountedReason(
  db: Database,
  review: ReviewParties,
): Promise<NotCountedReason | null> {
  return (await phoneReason(db, review)) ?? (await sightingReason(db, review));
}

/** The author's number against the lister's numbers, and against reviews that count. */
async function phoneReason(
  db: Database,
  { authorId, listerId, authorPhone }: ReviewParties,
): Promise<NotCountedReason | null> {
  if (!authorPhone) return null;
  const [listerNumber] = await db
    .select({ phone: phoneHistory.phone })
    .from(phoneHistory)
    .where(and(eq(phoneHistory.userId, listerId), eq(phoneHistory.phone, authorPhone)))
    .union(
      db
        .select({ phone: sql<string>`${users.phone}` })
        .from(users)
        .where(and(eq(users.id, listerId), eq(users.phone, authorPhone))),
    )
    .limit(1);
  if (listerNumber) return 'same_phone';
  const [counted] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.listerId, listerId),
        eq(reviews.authorPhone, authorPhone),
        ne(reviews.authorId, authorId),
        isNull(reviews.notCountedReason),
        isNull(reviews.hiddenAt),
      ),
    )
    .limit(1);
  if (counted) return 'phone_counted';
  return null;
}

/** Where the author and the lister were seen in the 30 days before the viewing. */
async function sightingReason(
  db: Database,
  { authorId, listerId, viewedAt }: ReviewParties,
): Promise<NotCountedReason | null> {
  const to = viewedAt.toISOString().slice(0, 10);
  const from = new Date(viewedAt.getTime() - WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const inWindow = and(gte(accountSightings.day, from), lte(accountSightings.day, to));
  const authorSeen = await db
    .select({ address: accountSightings.address, deviceHash: accountSightings.deviceHash })
    .from(accountSightings)
    .where(and(eq(accountSightings.userId, authorId), inWindow));
  if (authorSeen.length === 0) return null;
  const addresses = [...new Set(authorSeen.map((seen) => seen.address))];
  const devices = [...new Set(authorSeen.map((seen) => seen.deviceHash).filter(Boolean))];
  const sharedRows = await db
    .select({ address: accountSightings.address, deviceHash: accountSightings.deviceHash })
    .from(accountSightings)
    .where(
      and(
        eq(accountSightings.userId, listerId),
        inWindow,
        or(
          devices.length > 0 ? inArray(accountSightings.deviceHash, devices) : sql`false`,
          inArray(accountSightings.address, addresses),
        ),
      ),
    );
  if (sharedRows.length === 0) return null;
  if (sharedRows.some((row) => row.deviceHash && devices.includes(row.deviceHash))) {
    return 'shared_device';
  }
  // An address shared with the lister, unless many accounts used it (a mobile network's).
  const sharedAddresses = [...new Set(sharedRows.map((row) => row.address))].filter((address) =>
    addresses.includes(address),
  );
  if (sharedAddresses.length === 0) return null;
  const crowds = await db
    .select({
      address: accountSightings.address,
      accounts: sql<number>`count(distinct ${accountSightings.userId})::int`,
    })
    .from(accountSightings)
    .where(and(inArray(accountSightings.address, sharedAddresses), inWindow))
    .groupBy(accountSightings.address);
  const personal = crowds.some((crowd) => Number(crowd.accounts) <= SHARED_ADDRESS_ACCOUNTS);
  return personal ? 'shared_address' : null;
}
