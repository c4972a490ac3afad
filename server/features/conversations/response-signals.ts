import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { RESPONSE_SIGNALS_DAYS } from '#common/conversations';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { conversations } from './schema';

/**
 * A lister's response signals (issue 37: the spec's "Response Time" made real): over the
 * conversations started with them in the last 90 days, the median minutes to their first reply
 * and the share answered within 24 hours. Kept on the lister's row (users.response_*), worked
 * out again for that lister alone when one of their conversations starts or gets its first
 * reply, and when a conversation leaves the window (the hourly sweep): never a count over
 * everyone per request. Listings read them with their lister's badges (property-json.ts).
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
      medianMinutes: sql<
        number | null
      >`round(percentile_cont(0.5) within group (order by ${replyMinutes})
        filter (where ${conversations.firstReplyAt} is not null))::int`,
    })
    .from(conversations)
    .where(and(eq(conversations.listerId, listerId), gt(conversations.createdAt, since)));
  const count = signals?.conversations ?? 0;
  await db
    .update(users)
    .set({
      responseConversations: count,
      responseMedianMinutes: count > 0 ? (signals?.medianMinutes ?? null) : null,
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
