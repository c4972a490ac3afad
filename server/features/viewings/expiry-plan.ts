import { VIEWING_ANSWER_HOURS } from '#common/viewings';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import type { ViewingRow } from './schema';

/**
 * A request nobody answers expires after VIEWING_ANSWER_HOURS, or at its time if that comes
 * first (issue 38): one job per request, written with it and due then, which one worker of
 * whichever server takes (expiry.ts works it).
 */
export const EXPIRY_QUEUE = 'viewing-expiries';

export type ExpiryJob = { viewingId: string };

/** Plans `viewing`'s expiry in the transaction that wrote the request. */
export async function planExpiry(
  tx: Database,
  jobs: JobQueue,
  viewing: ViewingRow,
  now: Date,
): Promise<void> {
  const due = Math.min(
    viewing.startsAt.getTime(),
    viewing.createdAt.getTime() + VIEWING_ANSWER_HOURS * 3_600_000,
  );
  const job: ExpiryJob = { viewingId: viewing.id };
  await jobs.send(EXPIRY_QUEUE, job, {
    db: tx,
    startAfterSeconds: Math.max(0, Math.ceil((due - now.getTime()) / 1000)),
  });
}
