import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactRevealAddresses, contactReveals, properties } from './schema';
import { AppError } from '../../lib/app-error';
import { rateLimits } from './rate-limits';

/**
 * Who revealed a listing's contact details (issue 19). A renter's first reveal of a listing
 * adds a row, later ones move its last_at. An account may reveal at most
 * `contactRevealsPerAccount.max` different listings in any 24 hours, so nobody can harvest
 * every owner's phone number, while going back to a listing already revealed in the window is
 * never refused. The rows also tell owners how many renters reached for their details.
 */

const { max, timeWindow } = rateLimits.contactRevealsPerAccount;
const windowSeconds = timeWindow / 1000;

/**
 * The advisory locks of reveals use the two-key form, whose keys never meet the one-key locks
 * of migrations and the job queue: this fixed first key, then a hash of the account's id.
 */
const REVEALS_LOCK_SPACE = 19;

const perAddress = rateLimits.contactRevealsPerAddress;
const addressWindowSeconds = perAddress.timeWindow / 1000;
/** Another first key for the addresses' locks, so an address never waits on an account. */
const ADDRESS_LOCK_SPACE = 34;

/**
 * Records that listing `propertyId` was revealed from IP address `address`, or refuses with
 * 429 (`contact_reveals_ip_limit`, Retry-After until the oldest reveal counted leaves the
 * window) when it would be one different listing too many for the address today, whichever
 * accounts ask (issue 34). As recordContactReveal: in the caller's transaction, locked per
 * address; its rows are swept once they leave the window (deleteOldAddressReveals).
 */
export async function recordAddressReveal(
  tx: Database,
  address: string,
  propertyId: string,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}::int, hashtext(${address}::text))`,
  );
  const [recent] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      seen: sql<boolean>`coalesce(bool_or(${contactRevealAddresses.propertyId} = ${propertyId}), false)`,
      secondsLeft: sql<number | null>`ceil(extract(epoch FROM
        min(${contactRevealAddresses.lastAt}) + make_interval(secs => ${addressWindowSeconds}::int) - now()))::int`,
    })
    .from(contactRevealAddresses)
    .where(
      and(
        eq(contactRevealAddresses.address, address),
        gt(
          contactRevealAddresses.lastAt,
          sql`now() - make_interval(secs => ${addressWindowSeconds}::int)`,
        ),
      ),
    );
  if (recent && !recent.seen && recent.count >= perAddress.max) {
    const retryAfterSeconds = Math.max(1, recent.secondsLeft ?? addressWindowSeconds);
    throw new AppError('contact_reveals_ip_limit', {
      params: { max: perAddress.max, hours: Math.ceil(retryAfterSeconds / 3600) },
      retryAfterSeconds,
    });
  }
  await tx
    .insert(contactRevealAddresses)
    .values({ address, propertyId })
    .onConflictDoUpdate({
      target: [contactRevealAddresses.address, contactRevealAddresses.propertyId],
      set: { lastAt: sql`now()` },
    });
}

/** Forgets addresses' reveals older than the window (the hourly sweep). */
export async function deleteOldAddressReveals(db: Database): Promise<void> {
  await db
    .delete(contactRevealAddresses)
    .where(
      lt(
        contactRevealAddresses.lastAt,
        sql`now() - make_interval(secs => ${addressWindowSeconds}::int)`,
      ),
    );
}

/**
 * Records that `userId` revealed the contact details of `propertyId`, or refuses with 429
 * (`contact_reveals_limit`, Retry-After until the oldest reveal counted leaves the window)
 * when it would be one different listing too many. Runs in the caller's transaction: the lock
 * makes one account's requests take turns until it commits, so two at once cannot both take
 * the last place. Times are the database's, as the rows' defaults are.
 */
export async function recordContactReveal(
  tx: Database,
  userId: string,
  propertyId: string,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${REVEALS_LOCK_SPACE}::int, hashtext(${userId}::text))`,
  );
  const [recent] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      seen: sql<boolean>`coalesce(bool_or(${contactReveals.propertyId} = ${propertyId}), false)`,
      secondsLeft: sql<number | null>`ceil(extract(epoch FROM
        min(${contactReveals.lastAt}) + make_interval(secs => ${windowSeconds}::int) - now()))::int`,
    })
    .from(contactReveals)
    .where(
      and(
        eq(contactReveals.userId, userId),
        gt(contactReveals.lastAt, sql`now() - make_interval(secs => ${windowSeconds}::int)`),
      ),
    );
  if (recent && !recent.seen && recent.count >= max) {
    const retryAfterSeconds = Math.max(1, recent.secondsLeft ?? windowSeconds);
    throw new AppError('contact_reveals_limit', {
      params: { max, hours: Math.ceil(retryAfterSeconds / 3600) },
      retryAfterSeconds,
    });
  }
  await tx
    .insert(contactReveals)
    .values({ userId, propertyId })
    .onConflictDoUpdate({
      target: [contactReveals.userId, contactReveals.propertyId],
      set: { lastAt: sql`now()` },
    });
}

/** How many accounts ever revealed each listing of `ownerId` (listings none revealed: absent). */
export async function contactViewsOf(db: Database, ownerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ propertyId: contactReveals.propertyId, views: sql<number>`count(*)::int` })
    .from(contactReveals)
    .innerJoin(properties, eq(properties.id, contactReveals.propertyId))
    .where(eq(properties.ownerId, ownerId))
    .groupBy(contactReveals.propertyId);
  return new Map(rows.map((row) => [row.propertyId, row.views]));
}
