import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from '../conversations/service';
import { listingReports } from '../listings/service';

/**
 * The conversation a report was sent from (issue 37): the administrator who reads that report
 * can read its messages (audit-logged), which no other administrator route shows. One per
 * report; a renter has one conversation per listing and one report of it.
 */
export const reportConversations = pgTable(
  'report_conversations',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => listingReports.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('report_conversations_conversation_idx').on(table.conversationId)],
);
