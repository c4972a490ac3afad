import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { messageWarningsOf } from '#common/payment-warnings';
import { readingsOf } from '#common/text-unmask';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { JobQueue, JobResult } from '../../lib/job-queue';
import { noticeContact } from '../../lib/notice-channels';
import { NotDelivered, type Notifier } from '../../lib/notifier';
import { messageLink, type ShortLinks } from '../../lib/short-links';
import { properties } from '../listings/service';
import { conversationMessages, conversations, listerBlocks, type ConversationRow } from './schema';

/**
 * Reminders of unread messages (issue 37): a party who has not read a message within 5 minutes
 * is told by e-mail (a verified address), else by SMS (a verified number), as their Account
 * Settings' choice for enquiries allows (issue 50: email, sms, both or none; the first enquiry's
 * reminder is the lister's notice of it); at most once per conversation and side in 30 minutes.
 *
 * A message plans its recipient's reminder in its own transaction: the time it is due on the
 * conversation (`<side>_reminder_due_at`) and a job in the queue that waits until then, so a
 * message that rolls back plans nothing. While a reminder is planned, further messages add
 * nothing: it tells of them all. Reading clears the plan, and a job whose plan has gone or moved
 * does nothing. When it runs, the reminder goes only if something is still unread and nobody
 * blocked anybody in the conversation; a reminder sent less than 30 minutes before moves the
 * next one to 30 minutes after it, so messages that arrive in between are told of once, then.
 */

export const REMINDER_QUEUE = 'conversation-reminders';
/**
 * How long a message may stay unread before its recipient is told: 5 minutes, the
 * configuration's default (MESSAGE_REMINDER_SECONDS, which the browser journeys shorten).
 */
export const REMIND_AFTER_MS = 5 * 60_000;
/** The least time between two reminders of one conversation to one side. */
export const REMINDER_GAP_MS = 30 * 60_000;
/** How much of a message an e-mail quotes, in characters. */
const EXCERPT_LENGTH = 120;
/** How long an SMS's short link to the conversation works. */
const LINK_DAYS = 30;

export type Side = 'renter' | 'lister';
export type ReminderJob = { conversationId: string; side: Side; dueAt: string };

export type ReminderDeps = {
  db: Database;
  jobs: JobQueue;
  notifier: Notifier;
  links: ShortLinks;
  clock: () => Date;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

const dueAtOf = (row: ConversationRow, side: Side) =>
  side === 'renter' ? row.renterReminderDueAt : row.listerReminderDueAt;
const remindedAtOf = (row: ConversationRow, side: Side) =>
  side === 'renter' ? row.renterRemindedAt : row.listerRemindedAt;
const dueColumn = { renter: 'renterReminderDueAt', lister: 'listerReminderDueAt' } as const;
const remindedColumn = { renter: 'renterRemindedAt', lister: 'listerRemindedAt' } as const;

/** Whether either side blocked the other here, or the lister blocked the renter anywhere. */
async function anyBlock(tx: Database, row: ConversationRow): Promise<boolean> {
  if (row.renterBlockedAt !== null || row.listerBlockedAt !== null) return true;
  const [block] = await tx
    .select({ listerId: listerBlocks.listerId })
    .from(listerBlocks)
    .where(and(eq(listerBlocks.listerId, row.listerId), eq(listerBlocks.renterId, row.renterId)));
  return block !== undefined;
}

/** Queues the job of a planned reminder, waiting until it is due. */
async function queueReminder(tx: Database, jobs: JobQueue, job: ReminderJob, now: Date) {
  const wait = (Date.parse(job.dueAt) - now.getTime()) / 1000;
  await jobs.send(REMINDER_QUEUE, job, { db: tx, startAfterSeconds: Math.max(0, wait) });
}

/**
 * Plans the reminder of `side`, the recipient of a message sent at `sentAt`, in the message's
 * transaction (`row` is the conversation as locked before the message). A plan already due
 * later tells of this message too; an overdue one (its job late or lost) is planned again, due
 * now. Nothing is planned in a conversation where either side blocked the other, nor between a
 * lister and a renter they blocked on any listing (issue 50).
 */
export async function planReminder(
  tx: Database,
  jobs: JobQueue,
  row: ConversationRow,
  side: Side,
  sentAt: Date,
  now: Date,
  remindAfterMs = REMIND_AFTER_MS,
): Promise<void> {
  if (await anyBlock(tx, row)) return;
  const planned = dueAtOf(row, side);
  if (planned && planned.getTime() >= now.getTime()) return;
  const reminded = remindedAtOf(row, side);
  const dueAt = new Date(
    Math.max(
      planned ? now.getTime() : sentAt.getTime() + remindAfterMs,
      reminded ? reminded.getTime() + REMINDER_GAP_MS : 0,
    ),
  );
  await tx
    .update(conversations)
    .set({ [dueColumn[side]]: dueAt })
    .where(eq(conversations.id, row.id));
  await queueReminder(tx, jobs, { conversationId: row.id, side, dueAt: dueAt.toISOString() }, now);
}

/**
 * What to set on a conversation when `side` reads it, `unreadLeft` being its unread count after
 * (in SQL): the planned reminder goes, unless a message came meanwhile and is still unread.
 */
export function readClearsReminder(side: Side, unreadLeft: SQL) {
  const column =
    side === 'renter' ? conversations.renterReminderDueAt : conversations.listerReminderDueAt;
  return { [dueColumn[side]]: sql`case when ${unreadLeft} = 0 then null else ${column} end` };
}

/**
 * Where a reminder to `user` goes: a verified address or number their choice for enquiries
 * allows, e-mail first (lib/notice-channels.ts). An address or number typed in and never
 * verified may be someone else's (docs/design.md: anyone may claim an unverified one), and a
 * message is private.
 */
export function reminderChannel(user: UserRow) {
  return noticeContact(user, 'enquiries');
}

/** The start of a message as an e-mail quotes it: one line, whole characters, "…" if cut. */
export function excerptOf(body: string): string {
  const characters = Array.from(body.replace(/\s+/g, ' ').trim());
  if (characters.length <= EXCERPT_LENGTH) return characters.join('');
  const cut = characters.slice(0, EXCERPT_LENGTH).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A person's first name as Abode may show or relay it (reminders, the inbox, viewings,
 * reviews): not one with digits, even disguised ("Kofi zero two four…"), or words of a payment
 * request ("MoMo 024…" as a name), which we would pass on as surely as a message. Null:
 * unnamed ("A renter", "A lister").
 */
export function relayableName(firstName: string | undefined): string | null {
  const name = firstName?.trim();
  if (!name || messageWarningsOf(name).length > 0) return null;
  if (readingsOf(name).some((reading) => /\p{Nd}/u.test(reading))) return null;
  return name;
}

/**
 * The job of a planned reminder: sends it if it is still the plan, due, and something is still
 * unread; answers what it did. A job that runs before its time (another server's clock) waits
 * again.
 */
export async function remindOfUnread(deps: ReminderDeps, job: ReminderJob): Promise<JobResult> {
  const now = deps.clock();
  const { side } = job;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(conversations)
      .where(eq(conversations.id, job.conversationId))
      .for('update');
    const planned = row ? dueAtOf(row, side) : null;
    if (!row || !planned || planned.getTime() !== Date.parse(job.dueAt)) {
      return { done: { skipped: 'no longer planned' } };
    }
    if (planned.getTime() > now.getTime()) {
      await queueReminder(tx, deps.jobs, job, now);
      return { done: { skipped: 'not due yet' } };
    }
    await tx
      .update(conversations)
      .set({ [dueColumn[side]]: null })
      .where(eq(conversations.id, row.id));
    if ((side === 'renter' ? row.renterUnread : row.listerUnread) === 0) {
      return { done: { skipped: 'read' } };
    }
    // No notification either way once one side blocked the other, nor about the block.
    if (await anyBlock(tx, row)) {
      return { done: { skipped: 'blocked' } };
    }
    const recipientId = side === 'renter' ? row.renterId : row.listerId;
    const senderId = side === 'renter' ? row.listerId : row.renterId;
    const [recipient] = await tx.select().from(users).where(eq(users.id, recipientId));
    const to = recipient ? reminderChannel(recipient) : null;
    if (!recipient || !to) return { done: { skipped: 'no channel' } };
    const [latest] = await tx
      .select({ body: conversationMessages.body, warnings: conversationMessages.warnings })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, row.id),
          ne(conversationMessages.senderId, recipientId),
          isNull(conversationMessages.readAt),
        ),
      )
      .orderBy(desc(conversationMessages.sentAt), desc(conversationMessages.id))
      .limit(1);
    if (!latest) return { done: { skipped: 'read' } };
    const [sender] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, senderId));
    const [listing] = row.propertyId
      ? await tx
          .select({ title: properties.title })
          .from(properties)
          .where(eq(properties.id, row.propertyId))
      : [];
    const path = `/messages/${row.id}`;
    const link = await messageLink(deps.links, deps.publicUrl, to.channel, path, {
      days: LINK_DAYS,
      now,
      db: tx,
    });
    const notification = {
      kind: 'unread-messages' as const,
      firstName: recipient.firstName,
      senderName: relayableName(sender?.firstName),
      title: listing?.title ?? row.propertyTitle,
      count: side === 'renter' ? row.renterUnread : row.listerUnread,
      // A message that asks for money before a viewing is not relayed: "a new message".
      excerpt: latest.warnings.length > 0 ? null : excerptOf(latest.body),
      link,
      settingsLink: new URL('/account-settings', deps.publicUrl).toString(),
    };
    const send =
      to.channel === 'email'
        ? deps.notifier.email(to.to, notification, recipient.locale, { db: tx })
        : deps.notifier.sms(to.to, notification, recipient.locale, { db: tx });
    await send.catch((error: unknown) => {
      if (!(error instanceof NotDelivered)) throw error;
      deps.log.warn({ err: error, userId: recipient.id }, 'could not send a message reminder');
    });
    await tx
      .update(conversations)
      .set({ [remindedColumn[side]]: now })
      .where(eq(conversations.id, row.id));
    return { done: { sent: to.channel } };
  });
}
