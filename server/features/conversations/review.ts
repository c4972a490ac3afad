import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REVIEWED_MESSAGES_PAGE_SIZE, type ReviewedConversation } from '#common/reports';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { messagePage } from './message-pages';
import { conversations } from './schema';

/**
 * A conversation as an administrator reads it (issue 37), for the reports feature alone: it
 * calls this for the conversation a report was sent from, and audit-logs each reading. No
 * route of this feature lets an administrator read messages.
 */
export async function conversationForReview(
  db: Database,
  conversationId: string,
  before: string | undefined,
): Promise<ReviewedConversation> {
  const renter = alias(users, 'renter');
  const lister = alias(users, 'lister');
  const [found] = await db
    .select({
      id: conversations.id,
      renter: { id: renter.id, firstName: renter.firstName, lastName: renter.lastName },
      lister: { id: lister.id, firstName: lister.firstName, lastName: lister.lastName },
    })
    .from(conversations)
    .innerJoin(renter, eq(renter.id, conversations.renterId))
    .innerJoin(lister, eq(lister.id, conversations.listerId))
    .where(eq(conversations.id, conversationId));
  if (!found) throw notFound('conversation_not_found');
  const page = await messagePage(db, found.id, before, REVIEWED_MESSAGES_PAGE_SIZE);
  const nameOf = (user: { firstName: string; lastName: string }) =>
    `${user.firstName} ${user.lastName}`.trim();
  return {
    conversationId: found.id,
    renter: { id: found.renter.id, name: nameOf(found.renter) },
    lister: { id: found.lister.id, name: nameOf(found.lister) },
    messages: page.rows.map((row) => ({
      id: row.id,
      body: row.body,
      event: row.event ?? null,
      sentAt: row.sentAt.toISOString(),
      from: row.senderId === found.renter.id ? 'renter' : 'lister',
      readAt: row.readAt?.toISOString() ?? null,
      warnings: row.warnings,
    })),
    hasMore: page.hasMore,
  };
}
