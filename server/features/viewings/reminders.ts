import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database } from '../../db/client';
import type { JobQueue, JobResult } from '../../lib/job-queue';
import { contactOf, deliver, listingOf, noticeFor, partiesOf, type NotifyDeps } from './notify';
import { viewings, type ViewingRow } from './schema';

/**
 * Both parties of a confirmed viewing are reminded (issue 38) the evening before, at 18:00
 * where the place is, and 2 hours before. Each reminder is a job planned when the viewing is
 * confirmed, due then; it reminds only if the viewing is still confirmed for that time, once
 * (`reminders_sent`), and waits again if a server's clock runs it early.
 */
export const REMINDER_QUEUE = 'viewing-reminders';

export type Reminder = 'evening' | 'soon';
export type ReminderJob = { viewingId: string; when: Reminder; startsAt: string };

/** When each reminder of a viewing at `startsAt` in `timeZone` is due. */
export function reminderTimes(startsAt: Date, timeZone: string): Record<Reminder, Date> {
  const evening = DateTime.fromJSDate(startsAt, { zone: timeZone })
    .minus({ days: 1 })
    .set({ hour: 18, minute: 0, second: 0, millisecond: 0 });
  return {
    evening: evening.toJSDate(),
    soon: new Date(startsAt.getTime() - 2 * 3_600_000),
  };
}

/** Plans the reminders still ahead of a viewing just confirmed, in its transaction. */
export async function planReminders(
  tx: Database,
  jobs: JobQueue,
  viewing: ViewingRow,
  now: Date,
): Promise<void> {
  const times = reminderTimes(viewing.startsAt, viewing.timeZone);
  for (const when of ['evening', 'soon'] as const) {
    // One already past is not sent late: the confirmation itself has just told them.
    if (times[when] <= now) continue;
    await sendReminderJob(
      tx,
      jobs,
      { viewingId: viewing.id, when, startsAt: viewing.startsAt.toISOString() },
      times[when],
      now,
    );
  }
}

function sendReminderJob(tx: Database, jobs: JobQueue, job: ReminderJob, due: Date, now: Date) {
  return jobs.send(REMINDER_QUEUE, job, {
    db: tx,
    startAfterSeconds: Math.max(0, Math.ceil((due.getTime() - now.getTime()) / 1000)),
  });
}

export type RemindDeps = NotifyDeps & { db: Database; jobs: JobQueue; clock: () => Date };

/** The job: reminds both parties if the viewing is still confirmed for that time. */
export async function remind(deps: RemindDeps, job: ReminderJob): Promise<JobResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [viewing] = await tx
      .select()
      .from(viewings)
      .where(eq(viewings.id, job.viewingId))
      .for('update');
    if (
      !viewing ||
      viewing.status !== 'confirmed' ||
      viewing.startsAt.toISOString() !== job.startsAt
    ) {
      return { done: { skipped: 'no longer confirmed for that time' } };
    }
    if (viewing.remindersSent.includes(job.when)) return { done: { skipped: 'already sent' } };
    if (viewing.startsAt <= now) return { done: { skipped: 'started' } };
    const due = reminderTimes(viewing.startsAt, viewing.timeZone)[job.when];
    if (due.getTime() > now.getTime()) {
      await sendReminderJob(tx, deps.jobs, job, due, now);
      return { done: { skipped: 'not due yet' } };
    }
    const listing = await listingOf(tx, viewing.propertyId);
    const { renter, lister } = await partiesOf(tx, viewing);
    const sent: string[] = [];
    for (const [recipient, other] of [
      [renter, lister],
      [lister, renter],
    ] as const) {
      const contact = recipient ? contactOf(recipient) : null;
      if (!recipient || !contact || !listing) continue;
      const base = await noticeFor(
        tx,
        deps,
        viewing,
        listing,
        recipient,
        other,
        contact.channel,
        now,
      );
      await deliver(tx, deps, recipient, contact, {
        kind: 'viewing-reminder',
        ...base,
        when: job.when,
      });
      sent.push(contact.channel);
    }
    await tx
      .update(viewings)
      .set({ remindersSent: sql`array_append(${viewings.remindersSent}, ${job.when})` })
      .where(eq(viewings.id, viewing.id));
    return { done: { sent } };
  });
}
