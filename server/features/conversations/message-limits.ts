import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimit } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { conversationMessages, conversations } from './schema';

/**
 * The limits counted in the database (rate-limits.ts): exact across servers, in the sending
 * transaction, by the clock the rows were written with.
 */

/**
 * Two-key advisory locks (as contact-reveals.ts): an account's sends take turns until they
 * commit, so two at once cannot both take the last place of a limit.
 */
const SENDER_LOCK_SPACE = 37;

/**
 * The seconds until a place of `limit` frees, when the rows of `table` that `where` picks,
 * timed by `at`, have used it up in the window ending `now`; null while there is room.
 */
async function secondsUntilRoom(
  tx: Database,
  table: PgTable,
  at: PgColumn,
  where: SQL,
  limit: RateLimit,
  now: Date,
): Promise<number | null> {
  const since = new Date(now.getTime() - limit.timeWindow);
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${at})` })
    .from(table)
    .where(and(where, gt(at, since)));
  if (!recent || recent.count < limit.max) return null;
  const oldest = recent.oldest ? new Date(recent.oldest).getTime() : now.getTime();
  return Math.max(1, Math.ceil((oldest + limit.timeWindow - now.getTime()) / 1000));
}

/**
 * Refuses with 429 when `sender` has sent its budget in the window: every line it caused,
 * viewing step lines included, never the other party's (issue 50).
 */
export async function assertMessageBudget(
  tx: Database,
  senderId: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${SENDER_LOCK_SPACE}::int, hashtext(${senderId}::text))`,
  );
  const wait = await secondsUntilRoom(
    tx,
    conversationMessages,
    conversationMessages.sentAt,
    eq(conversationMessages.senderId, senderId),
    rateLimits.messagesPerAccount,
    now,
  );
  if (wait !== null) {
    throw new AppError('messages_limit', {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      retryAfterSeconds: wait,
    });
  }
}

/** Refuses with 429 `enquiries_limit` past the new conversations a renter may start a day. */
export async function assertNewConversationBudget(
  tx: Database,
  renterId: string,
  now: Date,
): Promise<void> {
  const limit = rateLimits.newConversationsPerAccount;
  const wait = await secondsUntilRoom(
    tx,
    conversations,
    conversations.createdAt,
    eq(conversations.renterId, renterId),
    limit,
    now,
  );
  if (wait !== null) {
    throw new AppError('enquiries_limit', { params: { max: limit.max }, retryAfterSeconds: wait });
  }
}
