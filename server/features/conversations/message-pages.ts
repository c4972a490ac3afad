import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { conversationMessages, type ConversationMessageRow } from './schema';

/**
 * One page of a conversation's messages, newest first: `size` of them sent before the message
 * `before` (a message id of this conversation; 404 otherwise), or the newest.
 */
export async function messagePage(
  db: Database,
  conversationId: string,
  before: string | undefined,
  size: number,
): Promise<{ rows: ConversationMessageRow[]; hasMore: boolean }> {
  let older = undefined;
  if (before !== undefined) {
    if (!isUuid(before)) throw notFound('not_found');
    const [anchor] = await db
      .select({ sentAt: conversationMessages.sentAt, id: conversationMessages.id })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.id, before),
          eq(conversationMessages.conversationId, conversationId),
        ),
      );
    if (!anchor) throw notFound('not_found');
    older = or(
      lt(conversationMessages.sentAt, anchor.sentAt),
      and(eq(conversationMessages.sentAt, anchor.sentAt), lt(conversationMessages.id, anchor.id)),
    );
  }
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), older))
    .orderBy(desc(conversationMessages.sentAt), desc(conversationMessages.id))
    .limit(size + 1);
  return { rows: rows.slice(0, size), hasMore: rows.length > size };
}
