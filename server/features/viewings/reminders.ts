import { and, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { listingOf, tellParties, type NotifyDeps } from './notify';
import { viewings, type ViewingRow } from './schema';

/**
 * Both parties of a confirmed viewing are reminded (issue 38) the evening before, at 18:00
 * where the place is, and 2 hours before. A confirmation writes when each is due (none for a
 * time already past: the confirmation itself has just told them); a scan every minute, run by
 * one server at a time through the job queue, sends what is due by the app's clock, each once
 * (`reminders_sent`, in the transaction that queues the notices). A cancelled viewing is
 * simply no longer confirmed.
 */
export const REMINDER_QUEUE = 'viewing-reminders';
export const REMINDER_SCAN_SECONDS = 60;

export type Reminder = 'evening' | 'soon';

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

/** The reminder columns a confirmation sets: each time still ahead, else none. */
export function plannedReminders(viewing: ViewingRow, now: Date) {
  const times = reminderTimes(viewing.startsAt, viewing.timeZone);
  return {
    eveningReminderAt: times.evening > now ? times.evening : null,
    soonReminderAt: times.soon > now ? times.soon : null,
  };
}

export type RemindDeps = NotifyDeps & { db: Database };

const due = (column: AnyPgColumn, reminder: Reminder, now: Date) =>
  and(isNotNull(column), lte(column, now), sql`not (${reminder} = any(${viewings.remindersSent}))`);

/** Sends the reminders due at `now`; answers how many viewings were reminded. */
export async function remindDue(deps: RemindDeps, now: Date): Promise<number> {
  let reminded = 0;
  for (;;) {
    const sent = await deps.db.transaction(async (tx) => {
      // One at a time, skipping a row another server holds: each reminder goes once.
      const [viewing] = await tx
        .select()
        .from(viewings)
        .where(
          and(
            eq(viewings.status, 'confirmed'),
            gt(viewings.startsAt, now),
            or(
              due(viewings.eveningReminderAt, 'evening', now),
              due(viewings.soonReminderAt, 'soon', now),
            ),
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      if (!viewing) return false;
      // The nearer reminder says it all: "in 2 hours" makes "tomorrow" pointless.
      const soon = viewing.soonReminderAt !== null && viewing.soonReminderAt <= now;
      await remindOne(tx, deps, viewing, soon ? 'soon' : 'evening', now);
      await tx
        .update(viewings)
        .set({
          remindersSent: soon
            ? ['evening', 'soon']
            : sql`array_append(${viewings.remindersSent}, 'evening')`,
        })
        .where(eq(viewings.id, viewing.id));
      return true;
    });
    if (!sent) return reminded;
    reminded += 1;
  }
}

async function remindOne(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  when: Reminder,
  now: Date,
): Promise<void> {
  const listing = await listingOf(tx, viewing.propertyId);
  if (!listing) return;
  await tellParties(
    tx,
    deps,
    viewing,
    listing,
    now,
    ({ base }) => ({ kind: 'viewing-reminder', ...base, when }),
    viewing.status === 'confirmed',
  );
}

/**
 * Development only (the journeys' clock, routes.ts): moves a viewing `hours` earlier, its
 * reminder times with it; its ISO start after. 404 when there is no such viewing.
 */
export async function moveViewingEarlier(db: Database, id: string, hours: number) {
  const by = sql`make_interval(hours => ${hours})`;
  const [moved] = await db
    .update(viewings)
    .set({
      startsAt: sql`${viewings.startsAt} - ${by}`,
      endsAt: sql`${viewings.endsAt} - ${by}`,
      eveningReminderAt: sql`${viewings.eveningReminderAt} - ${by}`,
      soonReminderAt: sql`${viewings.soonReminderAt} - ${by}`,
    })
    .where(eq(viewings.id, id))
    .returning({ startsAt: viewings.startsAt });
  if (!moved) throw notFound('viewing_not_found');
  return moved.startsAt.toISOString();
}
