import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The notices each address or number received today (issue 50, server/lib/notice-cap.ts): at
 * most 10 SMS and 30 e-mails a day of everything but security codes and password resets. A row
 * per channel, recipient and day (UTC, which is Ghana's time); the hourly sweep drops old days.
 */
export const noticeTallies = pgTable(
  'notice_tallies',
  {
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    day: date('day').notNull(),
    sent: integer('sent').notNull(),
  },
  (table) => [primaryKey({ columns: [table.channel, table.recipient, table.day] })],
);

/**
 * Notices past a recipient's daily cap, waiting for their daily digest (one message naming how
 * many of each kind there were, with a link to the app, where each is shown).
 */
export const foldedNotices = pgTable(
  'folded_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    kind: text('kind').notNull(),
    /** The notice as it would have been sent, for an administrator who looks into a complaint. */
    notification: jsonb('notification').notNull(),
    foldedAt: timestamp('folded_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('folded_notices_recipient_idx').on(table.channel, table.recipient),
    index('folded_notices_folded_at_idx').on(table.foldedAt),
  ],
);
