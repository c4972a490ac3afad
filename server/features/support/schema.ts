import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactMethods, contactUserTypes, inboxSources, supportCategories } from '#common/inbox';
import { languageCodes } from '#common/languages';
import { users } from '../../db/schema';

/** Support and contact form messages (spec: Support message, Contact message). */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: inboxSources }).notNull(),
    // The support form's name, or the contact form's first and last name.
    name: text('name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    contactMethod: text('contact_method', { enum: contactMethods }),
    userType: text('user_type', { enum: contactUserTypes }),
    category: text('category', { enum: supportCategories }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Set once the copy to the support address was handed over (messages before issue 18).
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    // The queued copy to the support address (pgboss job id): forwarded once it is sent.
    forwardDeliveryId: uuid('forward_delivery_id'),
    // The language the sender wrote in (the page's), which an answer by e-mail is framed in.
    locale: text('locale', { enum: languageCodes }).notNull().default('en'),
    // Marked handled by an administrator (issue 51), or answered; null while open.
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledById: uuid('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbox_messages_created_idx').on(table.createdAt)],
);

/**
 * An administrator's answer to a support or contact message by e-mail (issue 51): who, when,
 * what, to which address, and the queued e-mail (pgboss job id), which says whether it left.
 */
export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    body: text('body').notNull(),
    deliveryId: uuid('delivery_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbox_replies_message_idx').on(table.messageId, table.createdAt)],
);
