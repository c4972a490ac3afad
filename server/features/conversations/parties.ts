import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { conversations, type ConversationRow } from './schema';

/** The side `userId` is on, or null when it is not a party. */
function sideOf(row: ConversationRow, userId: string): 'renter' | 'lister' | null {
  if (row.renterId === userId) return 'renter';
  if (row.listerId === userId) return 'lister';
  return null;
}

/** The conversation if `userId` is one of its parties; 404 otherwise. Locked when `forUpdate`. */
export async function partyConversation(
  db: Database,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<{ row: ConversationRow; side: 'renter' | 'lister' }> {
  if (!isUuid(id)) throw notFound('conversation_not_found');
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  const side = row ? sideOf(row, userId) : null;
  if (!row || !side) throw notFound('conversation_not_found');
  return { row, side };
}
