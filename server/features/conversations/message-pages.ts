import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  conversationMessages,
  conversations,
  type ConversationMessageRow,
  type ConversationRow,
} from './schema';

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

/**
 * A conversation of `userId` with a page of its messages (as messagePage), in one statement:
 * reading a conversation is the inbox's most frequent request, and on a busy server each round
 * trip to the database costs more than the reading (scripts/conversations-bench.ts). Null when
 * `userId` is not a party (or there is no such conversation); 404 for a `before` that is not a
 * message of it.
 */
export async function partyMessagePage(
  db: Database,
  userId: string,
  conversationId: string,
  before: string | undefined,
  size: number,
): Promise<{ row: ConversationRow; rows: ConversationMessageRow[]; hasMore: boolean } | null> {
  if (!isUuid(conversationId)) return null;
  if (before !== undefined && !isUuid(before)) throw notFound('not_found');
  // The message `before` names (its columns; the table is named "anchor" where it is read).
  const anchor = alias(conversationMessages, 'anchor');
  const anchorOf = (columns: SQL) =>
    sql`(select ${columns} from ${conversationMessages} as "anchor" where ${anchor.id} = ${before ?? null}
      and ${anchor.conversationId} = ${conversations.id})`;
  const page = db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversations.id),
        before === undefined
          ? undefined
          : sql`(${conversationMessages.sentAt}, ${conversationMessages.id}) <
              ${anchorOf(sql`${anchor.sentAt}, ${anchor.id}`)}`,
      ),
    )
    .orderBy(desc(conversationMessages.sentAt), desc(conversationMessages.id))
    .limit(size + 1)
    .as('page');
  const found = await db
    .select({
      row: conversations,
      anchored:
        before === undefined ? sql<boolean>`true` : sql<boolean>`exists ${anchorOf(sql`1`)}`,
      message: {
        id: page.id,
        conversationId: page.conversationId,
        senderId: page.senderId,
        body: page.body,
        sentAt: page.sentAt,
        readAt: page.readAt,
        warnings: page.warnings,
      },
    })
    .from(conversations)
    .leftJoinLateral(page, sql`true`)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.renterId, userId), eq(conversations.listerId, userId)),
      ),
    )
    .orderBy(desc(page.sentAt), desc(page.id));
  const [first] = found;
  if (!first) return null;
  if (!first.anchored) throw notFound('not_found');
  const rows = found.flatMap(({ message }) => (message ? [message] : []));
  return { row: first.row, rows: rows.slice(0, size), hasMore: rows.length > size };
}
