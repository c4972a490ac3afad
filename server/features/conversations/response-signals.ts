import { and, eq, gt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RESPONSE_SIGNALS_DAYS } from '#common/conversations';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { conversations, listerBlocks } from './schema';

const renters = alias(users, 'renter');

/**
 * A lister's response signals (issue 37: the spec's "Response Time" made real): over the
 * enquiries made to them in the last 90 days, the median minutes to their first reply and the
 * share answered within 24 hours. Kept on the lister's row (users.response_*), worked out again
 * for that lister alone when one of their conversations starts, gets its first reply or is
 * blocked, and when a conversation leaves the window (the hourly sweep): never a count over
 * everyone per request. Listings read them with their lister's badges (property-json.ts), and
 * say "Usually replies within …" only as common/conversations.ts `publicResponseTime` allows.
 *
 * What is counted is meant to be true of the lister (issue 50):
 * - an enquiry nobody answered is slower than any answer, so a lister who answers two of ten
 *   has no median of "10 minutes" but none at all (null);
 * - an enquiry does not count against the lister when its renter has no verified e-mail or
 *   phone (anyone can type a name and go), or when the lister blocked them since: a scammer
 *   pretending to rent, or a flood of accounts, cannot make an honest lister look silent.
 */
const DAY_MS = 86_400_000;

export async function updateResponseSignals(
  db: Database,
  listerId: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - RESPONSE_SIGNALS_DAYS * DAY_MS);
  const replyMinutes = sql`extract(epoch from ${conversations.firstReplyAt} - ${conversations.createdAt}) / 60`;
  const [signals] = await db
    .select({
      conversations: sql<number>`count(*)::int`,
      withinADay: sql<number>`count(*) filter (where ${replyMinutes} <= 1440)::int`,
      // Unanswered: infinity, which the median may land on (then: none). The lower middle of
      // an even count, so that a lister who answered exactly half has the median of those.
      medianMinutes: sql<string | number | null>`percentile_disc(0.5) within group
        (order by coalesce(${replyMinutes}::float8, 'Infinity'::float8))`,
    })
    .from(conversations)
    .innerJoin(renters, eq(renters.id, conversations.renterId))
    .where(
      and(
        eq(conversations.listerId, listerId),
        gt(conversations.createdAt, since),
        // Blocked on any of the lister's listings (issue 50; every conversation the lister
        // blocked in has its lister_blocks row): none of that renter's count.
        notExists(
          db
            .select({ one: sql`1` })
            .from(listerBlocks)
            .where(
              and(
                eq(listerBlocks.listerId, conversations.listerId),
                eq(listerBlocks.renterId, conversations.renterId),
              ),
            ),
        ),
        or(eq(renters.emailVerified, true), eq(renters.phoneVerified, true)),
      ),
    );
  const count = signals?.conversations ?? 0;
  const median = signals?.medianMinutes == null ? null : Number(signals.medianMinutes);
  await db
    .update(users)
    .set({
      responseConversations: count,
      responseMedianMinutes:
        count > 0 && median !== null && Number.isFinite(median) ? Math.round(median) : null,
      responseReplyRate: count > 0 ? (signals?.withinADay ?? 0) / count : null,
    })
    .where(eq(users.id, listerId));
}

/**
 * The hourly sweep: listers of conversations that left the 90-day window since the last sweep
 * (two hours back, so a late or failed sweep misses none).
 */
export async function updateSignalsLeavingTheWindow(db: Database, now: Date): Promise<number> {
  const edge = new Date(now.getTime() - RESPONSE_SIGNALS_DAYS * DAY_MS);
  const listers = await db
    .selectDistinct({ listerId: conversations.listerId })
    .from(conversations)
    .where(
      and(
        lte(conversations.createdAt, edge),
        gt(conversations.createdAt, new Date(edge.getTime() - 2 * 60 * 60_000)),
      ),
    );
  for (const { listerId } of listers) await updateResponseSignals(db, listerId, now);
  return listers.length;
}
