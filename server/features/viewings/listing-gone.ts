import { and, eq, gt, inArray } from 'drizzle-orm';
import type { ListingGoneCause } from '#common/viewings';
import type { Database } from '../../db/client';
import { conversations, recordEventIn } from '../conversations/service';
import type { PublicState } from '../listings/service';
import { listingOf, tellParties, type NoticeListing } from './notify';
import { withdrawRequestNotice } from './request-notices';
import { viewings, type ViewingRow } from './schema';
import { eventOf, type ViewingDeps } from './viewings';

/**
 * A listing that leaves the site takes its viewings with it (issue 51): a renter must not
 * cross Accra to a house that was rented, switched off, hidden, expired or deleted since they
 * booked. Its pending and confirmed viewings still ahead are cancelled with the cause, its
 * reminders stop (they are read off confirmed viewings only), both parties are told through the
 * notice caps, and the pair's conversation shows it. A listing back under review (`pending`)
 * keeps them: its changes wait for an administrator, the place is still there.
 */
export function goneCauseOf(state: Exclude<PublicState, 'live'>): ListingGoneCause | null {
  switch (state) {
    case 'rented':
      return 'listing_rented';
    case 'switched-off':
      return 'listing_off';
    case 'hidden':
    case 'reported':
      return 'listing_hidden';
    case 'expired':
      return 'listing_expired';
    case 'deleted':
      return 'listing_removed';
    case 'pending':
      return null;
  }
}

/** Cancels the viewings of `listingId` still ahead; answers how many. */
export async function cancelForGoneListing(
  deps: ViewingDeps,
  listingId: string,
  cause: ListingGoneCause,
): Promise<number> {
  const now = deps.clock();
  const ahead = await deps.db
    .select({ id: viewings.id })
    .from(viewings)
    .where(
      and(
        eq(viewings.propertyId, listingId),
        inArray(viewings.status, ['pending', 'confirmed']),
        gt(viewings.startsAt, now),
      ),
    );
  let cancelled = 0;
  // One transaction each: a party who cannot be told holds up nobody else's notice.
  for (const { id } of ahead) {
    if (await deps.db.transaction((tx) => cancelOne(tx, deps, id, cause, now))) cancelled += 1;
  }
  return cancelled;
}

async function cancelOne(
  tx: Database,
  deps: ViewingDeps,
  id: string,
  cause: ListingGoneCause,
  now: Date,
): Promise<boolean> {
  const [viewing] = await tx.select().from(viewings).where(eq(viewings.id, id)).for('update');
  // Answered, cancelled or begun meanwhile: nothing left to cancel.
  if (!viewing || !['pending', 'confirmed'].includes(viewing.status) || viewing.startsAt <= now) {
    return false;
  }
  const wasConfirmed = viewing.status === 'confirmed';
  // A request whose notice is still held: the lister never hears of it, nor of its end.
  const heldBack = !wasConfirmed && (await withdrawRequestNotice(tx, deps, viewing));
  const [ended] = await tx
    .update(viewings)
    .set({
      status: 'cancelled',
      cancelledBy: null,
      cancelledFor: cause,
      reason: null,
      eveningReminderAt: null,
      soonReminderAt: null,
    })
    .where(eq(viewings.id, viewing.id))
    .returning();
  const event = eventOf(viewing, 'cancelled', { cause });
  // The line is the lister's side of the pair's conversation: the renter has it unread.
  await recordEventIn(tx, deps, {
    conversationId: viewing.conversationId,
    actorId: viewing.listerId,
    event,
    now,
  });
  const listing = await noticeListing(tx, viewing);
  await tellParties(tx, deps, ended!, listing, now, ({ recipient, base }) =>
    heldBack && recipient.id === viewing.listerId
      ? null
      : {
          kind: 'viewing-step',
          ...base,
          step: 'cancelled',
          byMe: false,
          suggestedStartsAt: null,
          cause,
          calendar: wasConfirmed ? 'cancel' : null,
          at: now.toISOString(),
        },
  );
  return true;
}

/** The listing as the notices name it; a deleted one by what its conversation kept. */
async function noticeListing(tx: Database, viewing: ViewingRow): Promise<NoticeListing> {
  const listing = await listingOf(tx, viewing.propertyId);
  if (listing) return listing;
  const [kept] = await tx
    .select({ title: conversations.propertyTitle, city: conversations.propertyCity })
    .from(conversations)
    .where(eq(conversations.id, viewing.conversationId));
  return {
    title: kept?.title ?? '',
    address: kept?.city ?? '',
    streetAddress: '',
    ghanaPostGps: null,
    latitude: 0,
    longitude: 0,
  };
}
