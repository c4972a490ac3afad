import { inArray } from 'drizzle-orm';
import type { ConversationListingState } from '#common/conversations';
import type { Database } from '../../db/client';
import type { LiveUpdates } from '../../lib/live-updates';
import { properties, publicStateOf, stateColumns, type PublicState } from '../listings/service';
import { conversations } from './schema';

/**
 * A conversation shows where its listing stands (issue 37): a renter asking about a place that
 * was rented yesterday, or that an administrator hid, should see so above the messages.
 */

/** A listing's public state (listings' listing-events.ts) as its conversations say it. */
export function conversationListingState(state: PublicState): ConversationListingState {
  switch (state) {
    case 'live':
      return 'available';
    case 'rented':
    case 'expired':
      return state;
    case 'deleted':
      return 'removed';
    // Switched off by its owner, hidden (by an administrator or for reports), or back in
    // review: not for rent now, and nothing a renter is told more about.
    default:
      return 'unavailable';
  }
}

/**
 * Tells both parties of every conversation about these listings where each listing stands now,
 * once per person and listing (a lister with thirty enquiries gets one event). Read from the
 * rows, not from the events that called it: a late or repeated event tells the truth of now.
 *
 * A deleted listing's conversations lose their link to it (property_id is set null), so there
 * is no one to tell: they show `removed` when next read.
 */
export async function announceListingStates(
  deps: { db: Database; live: LiveUpdates },
  listingIds: string[],
): Promise<number> {
  const ids = [...new Set(listingIds)];
  if (ids.length === 0) return 0;
  const [listings, parties] = await Promise.all([
    deps.db
      .select({ id: properties.id, ...stateColumns })
      .from(properties)
      .where(inArray(properties.id, ids)),
    deps.db
      .selectDistinct({
        listingId: conversations.propertyId,
        renterId: conversations.renterId,
        listerId: conversations.listerId,
      })
      .from(conversations)
      .where(inArray(conversations.propertyId, ids)),
  ]);
  const stateOf = new Map(
    listings.map((row) => [row.id, conversationListingState(publicStateOf(row))]),
  );
  const told = new Set<string>();
  await deps.db.transaction(async (tx) => {
    for (const { listingId, renterId, listerId } of parties) {
      const state = stateOf.get(listingId!);
      if (!state) continue;
      for (const userId of [renterId, listerId]) {
        const key = `${userId} ${listingId}`;
        if (told.has(key)) continue;
        told.add(key);
        await deps.live.publish(tx, { userId }, 'conversation.listing', {
          listingId: listingId!,
          state,
        });
      }
    }
  });
  return told.size;
}
