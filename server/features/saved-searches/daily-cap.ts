import { and, count, eq, gte, sql } from 'drizzle-orm';
import { MAX_ALERTS_PER_DAY } from '#common/saved-searches';
import type { Database } from '../../db/client';
import { alertSends } from './schema';

/**
 * At most MAX_ALERTS_PER_DAY alert messages per user per day (Ghana's day: UTC), saved
 * searches and price drops together (issue 21). Callers hold `lockAlertsOf` for the user in
 * their transaction, so two servers cannot both take the last place.
 */
export async function lockAlertsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`alerts:${userId}`}))`);
}

/** How many more alert messages the user may get today. */
export async function alertsLeftToday(tx: Database, userId: string, now: Date): Promise<number> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [row] = await tx
    .select({ n: count() })
    .from(alertSends)
    .where(and(eq(alertSends.userId, userId), gte(alertSends.sentAt, dayStart)));
  return Math.max(0, MAX_ALERTS_PER_DAY - (row?.n ?? 0));
}

export async function recordAlertSent(
  tx: Database,
  userId: string,
  kind: 'saved-search' | 'price-drop',
  now: Date,
): Promise<void> {
  await tx.insert(alertSends).values({ userId, kind, sentAt: now });
}
