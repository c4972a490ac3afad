import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ConversationEvent } from '#common/conversations';
import type { MessageWarning } from '#common/payment-warnings';
import { users } from '../../db/schema';
import { properties } from '../listings/service';

/**
 * Conversations between a renter and a listing's lister (issue 37), one per renter and listing.
 *
 * What the inbox shows is kept on the row as messages arrive (the last message, each side's
 * unread count), so a list of a thousand conversations is one indexed read, not a count over
 * fifty thousand messages. The listing's title, city and photo are copied when it starts: a
 * deleted listing leaves the conversation (and what was said in it, which a report may need)
 * with its name.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listerId: uuid('lister_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyTitle: text('property_title').notNull(),
    propertyCity: text('property_city').notNull(),
    propertyImage: text('property_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastMessageBody: text('last_message_body').notNull(),
    lastMessageEvent: jsonb('last_message_event').$type<ConversationEvent>(),
    lastMessageSenderId: uuid('last_message_sender_id').notNull(),
    renterUnread: integer('renter_unread').notNull().default(0),
    listerUnread: integer('lister_unread').notNull().default(0),
    // Set when that side blocked the other here: the other side's messages are refused.
    renterBlockedAt: timestamp('renter_blocked_at', { withTimezone: true }),
    listerBlockedAt: timestamp('lister_blocked_at', { withTimezone: true }),
    // The lister's first answer: the response signals (median time, share within 24 hours).
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    // Each side's reminder of messages it has not read (unread-reminders.ts): when the next one
    // is due (null: none planned), and when the last one went out (one per 30 minutes at most).
    renterReminderDueAt: timestamp('renter_reminder_due_at', { withTimezone: true }),
    listerReminderDueAt: timestamp('lister_reminder_due_at', { withTimezone: true }),
    renterRemindedAt: timestamp('renter_reminded_at', { withTimezone: true }),
    listerRemindedAt: timestamp('lister_reminded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversations_property_renter_idx')
      .on(table.propertyId, table.renterId)
      .where(sql`property_id IS NOT NULL`),
    index('conversations_renter_idx').on(table.renterId, table.lastMessageAt.desc()),
    index('conversations_lister_idx').on(table.listerId, table.lastMessageAt.desc()),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/**
 * A lister's block of a renter (issue 50): made by blocking them in any one conversation
 * (POST /api/conversations/{id}/block), it refuses the renter on every listing of the lister
 * (enquiries, viewing requests, messages) as a blocked conversation does; unblocking in any of
 * their conversations removes it. `conversations.listerBlockedAt` stays the mark of the
 * conversation it was made in, which is what the inbox shows.
 */
export const listerBlocks = pgTable(
  'lister_blocks',
  {
    listerId: uuid('lister_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.listerId, table.renterId] })],
);

/** What was said, as written; `warnings` are the recipient's (common/payment-warnings.ts). */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    // An event line (a viewing's step, issue 38) rather than words alone; null for a message.
    event: jsonb('event').$type<ConversationEvent>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    warnings: text('warnings')
      .array()
      .$type<MessageWarning[]>()
      .notNull()
      .default(sql`'{}'`),
  },
  (table) => [
    index('conversation_messages_page_idx').on(
      table.conversationId,
      table.sentAt.desc(),
      table.id.desc(),
    ),
    // An account's recent messages: its rate limit (rate-limits.ts).
    index('conversation_messages_sender_idx').on(table.senderId, table.sentAt),
  ],
);
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;
