import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ConversationEvent } from '#common/conversations';
import { timeZoneOf } from '#common/locations';
import { MAX_PENDING_VIEWINGS, type ViewingStep } from '#common/viewings';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { isUuid } from '../../lib/ids';
import { recordEvent, type ConversationDeps } from '../conversations/service';
import { isLive, properties, visibleTo } from '../listings/service';
import { hoursOf, takenTimes } from './hours';
import { planExpiry } from './expiry-plan';
import { noticeListingColumns, notifyStep, type NotifyDeps } from './notify';
import { noticeRequest } from './request-notices';
import { viewings, type ViewingRow } from './schema';
import { freeSlots, zonedIso, type Hours } from './slots';

/**
 * Requests for a viewing and their answers (issue 38). Every step is written with its event
 * line in the pair's conversation, in one transaction, so the conversation tells exactly what
 * happened. Locks are taken listing first, then viewing, by every step: a confirmation that
 * declines the other requests for its time cannot deadlock with an answer to one of them.
 */
export type ViewingDeps = ConversationDeps & NotifyDeps;

const HOUR_MS = 3_600_000;

/** The listing columns a conversation and a viewing need, locked as `lock` says. */
export async function lockedListing(
  tx: Database,
  propertyId: string,
  lock: 'update' | 'key share',
) {
  const [listing] = await tx
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      ...noticeListingColumns,
      city: properties.city,
      country: properties.country,
      photos: properties.photos,
      live: sql<boolean>`${isLive}`,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for(lock, { of: properties });
  return listing;
}
/** A viewing and its listing, both locked (listing first): null when either is gone. */
export async function lockedViewing(tx: Database, propertyId: string, id: string) {
  const listing = await lockedListing(tx, propertyId, 'update');
  const [viewing] = await tx.select().from(viewings).where(eq(viewings.id, id)).for('update');
  return listing && viewing ? { listing, viewing } : null;
}

export type Listing = NonNullable<Awaited<ReturnType<typeof lockedListing>>>;

/** The event line of `viewing`'s `step`. */
export function eventOf(
  viewing: Pick<ViewingRow, 'id' | 'startsAt' | 'timeZone'>,
  step: ViewingStep,
  extra: Partial<Pick<ConversationEvent, 'suggestedStartsAt' | 'cause'>> = {},
): ConversationEvent {
  return {
    kind: 'viewing',
    step,
    viewingId: viewing.id,
    startsAt: zonedIso(viewing.startsAt, viewing.timeZone),
    timeZone: viewing.timeZone,
    suggestedStartsAt: extra.suggestedStartsAt ?? null,
    cause: extra.cause ?? null,
  };
}

/**
 * Adds `viewing`'s step to the pair's conversation, from `actorId`, with their words, and tells
 * whom it concerns (notify.ts). `wasConfirmed`: the viewing was confirmed before this step.
 */
export async function recordStep(
  tx: Database,
  deps: ViewingDeps,
  listing: Listing,
  viewing: ViewingRow,
  actorId: string,
  event: ConversationEvent,
  body: string,
  now: Date,
  wasConfirmed = false,
) {
  await addToConversation(tx, deps, listing, viewing, actorId, event, body, now);
  await notifyStep(
    tx,
    deps,
    viewing,
    listing,
    {
      step: event.step,
      actorId,
      suggestedStartsAt: event.suggestedStartsAt ? new Date(event.suggestedStartsAt) : null,
      cause: event.cause,
      wasConfirmed,
    },
    now,
  );
}

/**
 * The event line of a step in the pair's conversation (started by a first request), without a
 * notice: a step nobody is told of (request-notices.ts).
 */
export function addToConversation(
  tx: Database,
  deps: ViewingDeps,
  listing: Listing,
  viewing: Pick<ViewingRow, 'renterId'>,
  actorId: string,
  event: ConversationEvent,
  body: string,
  now: Date,
) {
  return recordEvent(tx, deps, {
    listing,
    renterId: viewing.renterId,
    actorId,
    event,
    body,
    now,
    // An answer or a cancellation frees or settles a time whatever was said before.
    evenIfBlocked: event.step !== 'requested',
  });
}

/**
 * Checks that `startsAt` is a free time of the listing, and answers its hours: refused with
 * 409 viewing_slot_taken when someone holds it confirmed, else 400 viewing_slot_invalid when it
 * is no time the hours offer, or too close or past. `field` names the field a refusal is about.
 */
export async function assertFreeSlot(
  tx: Database,
  listing: Listing,
  startsAt: Date,
  now: Date,
  field?: string,
): Promise<Hours> {
  const refuse = (code: 'viewing_slot_taken' | 'viewing_slot_invalid') =>
    new AppError(code, field ? { fields: { [field]: code } } : {});
  const hours = await hoursOf(tx, listing.id);
  if (!hours) throw refuse('viewing_slot_invalid');
  const end = new Date(startsAt.getTime() + hours.slotMinutes * 60_000);
  const taken = await takenTimes(tx, listing.id, startsAt, end);
  if (taken.length > 0) throw refuse('viewing_slot_taken');
  // The slots of the hours around that time: the day before to the day after, in any zone.
  const range = {
    from: new Date(startsAt.getTime() - 26 * HOUR_MS),
    to: new Date(startsAt.getTime() + 26 * HOUR_MS),
  };
  const offered = freeSlots(hours, timeZoneOf(listing.country), range, now, []);
  if (!offered.some((slot) => slot.getTime() === startsAt.getTime())) {
    throw refuse('viewing_slot_invalid');
  }
  return hours;
}

/** POST /api/properties/{id}/viewings. */
export async function requestViewing(
  deps: ViewingDeps,
  renter: UserRow,
  propertyId: string,
  request: { startsAt: string; note?: string },
) {
  const now = deps.clock();
  if (!isUuid(propertyId)) throw notFound('listing_not_found');
  const startsAt = new Date(request.startsAt);
  try {
    return await deps.db.transaction(async (tx) => {
      const [visible] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, propertyId), visibleTo(null, now)));
      if (!visible) throw notFound('listing_not_found');
      // Held until the request is written: not deleted, and no confirmation of its time between.
      const listing = (await lockedListing(tx, propertyId, 'key share'))!;
      if (listing.ownerId === renter.id) throw new AppError('own_listing_viewing');
      if (!listing.live) throw new AppError('listing_rented');
      // The lister lets a stranger in: someone Abode can reach in turn.
      if (!renter.emailVerified && !renter.phoneVerified) {
        throw forbidden('viewing_needs_verified_contact');
      }
      // The renter's requests are counted under their own row's lock: two at once count right.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, renter.id)).for('update');
      const pending = await tx
        .select({ propertyId: viewings.propertyId })
        .from(viewings)
        .where(and(eq(viewings.renterId, renter.id), eq(viewings.status, 'pending')));
      if (pending.some((row) => row.propertyId === propertyId)) {
        throw new AppError('viewing_already_requested');
      }
      if (pending.length >= MAX_PENDING_VIEWINGS) {
        throw new AppError('viewing_requests_limit', { params: { max: MAX_PENDING_VIEWINGS } });
      }
      const hours = await assertFreeSlot(tx, listing, startsAt, now);
      const timeZone = timeZoneOf(listing.country);
      // The id first: the conversation's event line names the viewing, which names it.
      const draft = { id: randomUUID(), renterId: renter.id, startsAt, timeZone };
      const { conversationId } = await addToConversation(
        tx,
        deps,
        listing,
        draft,
        renter.id,
        eventOf(draft, 'requested'),
        request.note ?? '',
        now,
      );
      const [inserted] = await tx
        .insert(viewings)
        .values({
          ...draft,
          propertyId,
          listerId: listing.ownerId,
          conversationId,
          endsAt: new Date(startsAt.getTime() + hours.slotMinutes * 60_000),
          note: request.note ?? null,
          createdAt: now,
        })
        .returning();
      const viewing = inserted!;
      // Held 10 minutes, and once a day per renter and listing (request-notices.ts).
      await noticeRequest(tx, deps, viewing, listing, now);
      await planExpiry(tx, deps.jobs, viewing, now);
      return {
        id: viewing.id,
        status: viewing.status,
        startsAt: zonedIso(viewing.startsAt, timeZone),
        conversationId,
      };
    });
  } catch (error) {
    // Two requests of one renter for one listing at once: the second meets the index.
    if (isUniqueViolation(error)) throw new AppError('viewing_already_requested');
    throw error;
  }
}
