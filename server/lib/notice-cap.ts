import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { foldedNotices, noticeTallies } from '../db/notice-schema';
import type { Notification, NotificationLocale } from './notifier';

/**
 * Notices nobody can pump (issue 50): whatever someone does to make Abode write to a person
 * (request and cancel viewings, message, review), that person receives at most this many
 * notices a day by each channel; the rest wait, counted by kind, for one daily digest
 * (the notifications feature's `notice-digest`). An SMS costs money and wakes a phone, so its
 * cap is the smaller. Counted per address or number, whichever accounts it belongs to.
 */
export const NOTICES_PER_DAY = { sms: 10, email: 30 } as const;

export type CappedChannel = keyof typeof NOTICES_PER_DAY;

/**
 * Kinds outside the cap: codes and password resets keep their own limits (a person locked out
 * must get their code), a changed password warns of a stolen account, and the digest itself
 * is one a day. A support or contact message goes to Abode's own support address, not to a
 * person anyone could flood (its forms have their own limits), and a digest would say only
 * that messages came: past 30 a day, the support team would stop reading them by e-mail.
 * Support's answer to such a message (issue 51) is what its sender waits for, written by an
 * administrator and bounded by its own limits (per administrator and per message): held for a
 * digest, it would only say that support wrote.
 */
const uncappedKinds: ReadonlySet<string> = new Set([
  'email-verification',
  'phone-verification',
  'password-reset',
  'password-reset-code',
  'password-changed',
  'notice-digest',
  'inbox-message',
  'inbox-reply',
]);

export const isCappedKind = (kind: string): boolean => !uncappedKinds.has(kind);

/** The day a notice counts in: the UTC date, which is Ghana's. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** One address however it is written; a number is stored in one form already (E.164). */
export const recipientKey = (channel: CappedChannel, to: string) =>
  channel === 'email' ? to.trim().toLowerCase() : to.trim();

/**
 * Takes one of today's places of `to` for a notice about to leave: false when the day's are
 * all taken (the notice is folded instead). One statement: two workers cannot both take the
 * last place.
 */
export async function takeNoticePlace(
  db: Database,
  channel: CappedChannel,
  to: string,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .insert(noticeTallies)
    .values({ channel, recipient: recipientKey(channel, to), day: dayOf(now), sent: 1 })
    .onConflictDoUpdate({
      target: [noticeTallies.channel, noticeTallies.recipient, noticeTallies.day],
      set: { sent: sql`${noticeTallies.sent} + 1` },
      setWhere: sql`${noticeTallies.sent} < ${NOTICES_PER_DAY[channel]}`,
    })
    .returning({ sent: noticeTallies.sent });
  return taken.length > 0;
}

/** Gives back the place a notice took when the provider did not take it (it is tried again). */
export async function giveBackNoticePlace(
  db: Database,
  channel: CappedChannel,
  to: string,
  now: Date,
): Promise<void> {
  await db
    .update(noticeTallies)
    .set({ sent: sql`greatest(${noticeTallies.sent} - 1, 0)` })
    .where(
      and(
        eq(noticeTallies.channel, channel),
        eq(noticeTallies.recipient, recipientKey(channel, to)),
        eq(noticeTallies.day, dayOf(now)),
      ),
    );
}

/** Keeps a notice past the cap for the recipient's next digest. */
export async function foldNotice(
  db: Database,
  channel: CappedChannel,
  notice: { to: string; message: Notification; locale: NotificationLocale },
  now: Date,
): Promise<void> {
  await db.insert(foldedNotices).values({
    channel,
    recipient: recipientKey(channel, notice.to),
    locale: notice.locale,
    kind: notice.message.kind,
    notification: notice.message,
    foldedAt: now,
  });
}

/** The hourly sweep: tallies of days before yesterday count for nothing any more. */
export async function deleteOldNoticeTallies(db: Database, now = new Date()): Promise<number> {
  const yesterday = dayOf(new Date(now.getTime() - 24 * 3600_000));
  const deleted = await db
    .delete(noticeTallies)
    .where(lt(noticeTallies.day, yesterday))
    .returning({ day: noticeTallies.day });
  return deleted.length;
}
