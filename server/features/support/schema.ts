import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactMethods, contactUserTypes, inboxSources, supportCategories } from '#common/inbox';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbox_messages_created_idx').on(table.createdAt)],
);
