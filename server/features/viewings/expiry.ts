import { and, eq, lte, or } from 'drizzle-orm';
import { VIEWING_ANSWER_HOURS } from '#common/viewings';
import type { JobResult } from '../../lib/job-queue';
import type { ExpiryJob } from './expiry-plan';
import { viewings } from './schema';
import { eventOf, lockedViewing, recordStep, type ViewingDeps } from './viewings';

/**
 * Expiry of requests nobody answered (issue 38): the job planned with each request
 * (expiry-plan.ts), and the hourly sweep that catches any the queue lost.
 */

/**
 * A request nobody answered within VIEWING_ANSWER_HOURS, or whose time came, expires; the
 * renter reads it in the conversation (from the lister's side: it is their silence). Safe to
 * run again: an answered or already expired request is left alone. Whether it expired.
 */
export async function expireViewing(deps: ViewingDeps, id: string): Promise<boolean> {
  const now = deps.clock();
  const [found] = await deps.db
    .select({ propertyId: viewings.propertyId })
    .from(viewings)
    .where(eq(viewings.id, id));
  if (!found) return false;
  return deps.db.transaction(async (tx) => {
    const locked = await lockedViewing(tx, found.propertyId, id);
    if (!locked || locked.viewing.status !== 'pending') return false;
    const { listing, viewing } = locked;
    const unansweredAt = viewing.createdAt.getTime() + VIEWING_ANSWER_HOURS * 3_600_000;
    const cause =
      viewing.startsAt <= now ? 'time_passed' : unansweredAt <= now.getTime() ? 'unanswered' : null;
    if (!cause) return false;
    await tx.update(viewings).set({ status: 'expired' }).where(eq(viewings.id, viewing.id));
    const event = eventOf(viewing, 'expired', { cause });
    await recordStep(tx, deps, listing, viewing, viewing.listerId, event, '', now);
    return true;
  });
}

export async function runExpiry(deps: ViewingDeps, job: ExpiryJob): Promise<JobResult> {
  const expired = await expireViewing(deps, job.viewingId);
  return { done: { expired } };
}

/** The hourly sweep: requests past their answer time or their start still pending. */
export async function expireOverdue(deps: ViewingDeps): Promise<number> {
  const now = deps.clock();
  const unansweredSince = new Date(now.getTime() - VIEWING_ANSWER_HOURS * 3_600_000);
  const overdue = await deps.db
    .select({ id: viewings.id })
    .from(viewings)
    .where(
      and(
        eq(viewings.status, 'pending'),
        or(lte(viewings.startsAt, now), lte(viewings.createdAt, unansweredSince)),
      ),
    )
    .limit(500);
  let expired = 0;
  for (const { id } of overdue) if (await expireViewing(deps, id)) expired += 1;
  return expired;
}
