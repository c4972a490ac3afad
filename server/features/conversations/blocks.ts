import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { partyConversation } from './parties';
import { updateResponseSignals } from './response-signals';
import { conversations, listerBlocks, type ConversationRow } from './schema';

/**
 * Blocking (issues 37 and 50): either side blocks the other in a conversation; a lister's block
 * is of the renter on all of the lister's listings.
 */

/**
 * Whether the lister blocked the renter (issue 50): on every listing of the lister, whichever
 * conversation the block was made in (lister_blocks).
 */
export async function listerBlocked(
  tx: Database,
  listerId: string,
  renterId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ listerId: listerBlocks.listerId })
    .from(listerBlocks)
    .where(and(eq(listerBlocks.listerId, listerId), eq(listerBlocks.renterId, renterId)));
  return row !== undefined;
}

/**
 * Whether the side that did not send blocked the sender: a renter blocked here or anywhere by
 * the lister (issue 50), a lister blocked here by the renter. One answer for both, 403
 * conversation_blocked, so a renter cannot tell a block made elsewhere from one made here.
 */
export async function blockedFor(
  tx: Database,
  row: ConversationRow,
  senderId: string,
): Promise<boolean> {
  if (senderId !== row.renterId) return row.renterBlockedAt !== null;
  return row.listerBlockedAt !== null || (await listerBlocked(tx, row.listerId, row.renterId));
}

/**
 * POST and DELETE /api/conversations/{id}/block: the reader blocks or unblocks the other side.
 * A lister's block is of the renter on all their listings (issue 50, lister_blocks): the flag
 * marks the conversation it was made in (what the inbox shows, as before), and unblocking in
 * any of the pair's conversations lifts it everywhere, clearing every flag of the pair.
 */
export async function setBlocked(
  db: Database,
  reader: UserRow,
  conversationId: string,
  blocked: boolean,
  now: Date,
): Promise<void> {
  const { row, side } = await partyConversation(db, reader.id, conversationId);
  await db.transaction(async (tx) => {
    if (side === 'renter') {
      await tx
        .update(conversations)
        .set({ renterBlockedAt: blocked ? (row.renterBlockedAt ?? now) : null })
        .where(eq(conversations.id, row.id));
    } else if (blocked) {
      await tx
        .update(conversations)
        .set({ listerBlockedAt: row.listerBlockedAt ?? now })
        .where(eq(conversations.id, row.id));
      await tx
        .insert(listerBlocks)
        .values({ listerId: row.listerId, renterId: row.renterId, createdAt: now })
        .onConflictDoNothing();
    } else {
      await tx
        .update(conversations)
        .set({ listerBlockedAt: null })
        .where(
          and(eq(conversations.listerId, row.listerId), eq(conversations.renterId, row.renterId)),
        );
      await tx
        .delete(listerBlocks)
        .where(
          and(eq(listerBlocks.listerId, row.listerId), eq(listerBlocks.renterId, row.renterId)),
        );
    }
    // A renter the lister blocked no longer counts in the lister's response signals.
    if (side === 'lister') await updateResponseSignals(tx, row.listerId, now);
  });
}
