import { and, eq, lte, or } from 'drizzle-orm';
import { VIEWING_ANSWER_HOURS } from '#common/viewings';
import type { Database } from '../../db/client';
import type { JobQueue, JobResult } from '../../lib/job-queue';
import { expireViewing } from './answers';
import { viewings, type ViewingRow } from './schema';
import type { ViewingDeps } from './viewings';

/**
 * A request nobody answers expires after VIEWING_ANSWER_HOURS, or at its time if that comes
 * first (issue 38): one job per request, written with it and due then, which one worker of
 * whichever server takes. The hourly sweep catches any the queue lost.
 */
export const EXPIRY_QUEUE = 'viewing-expiries';

export type ExpiryJob = { viewingId: string };

/** Plans `viewing`'s expiry in the transaction that wrote the request. */
export function planExpiry(jobs: JobQueue) {
  return async (tx: Database, viewing: ViewingRow, now: Date): Promise<void> => {
    const due = Math.min(
      viewing.startsAt.getTime(),
      viewing.createdAt.getTime() + VIEWING_ANSWER_HOURS * 3_600_000,
    );
    const job: ExpiryJob = { viewingId: viewing.id };
    await jobs.send(EXPIRY_QUEUE, job, {
      db: tx,
      startAfterSeconds: Math.max(0, Math.ceil((due - now.getTime()) / 1000)),
    });
  };
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
