import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { NO_SHOW_DAYS } from '#common/viewings';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { isUuid } from '../../lib/ids';
import { plannedReminders } from './reminders';
import { viewings, type ViewingRow } from './schema';
import { zonedIso } from './slots';
import {
  eventOf,
  lockedViewing,
  recordStep,
  assertFreeSlot,
  type Listing,
  type ViewingDeps,
} from './viewings';

/**
 * A viewing's answers and ends (issue 38): the lister confirms or declines a request, either
 * party cancels until it starts. Each runs in one transaction that locks the listing, then the
 * viewing (viewings.ts says why).
 */

type Side = 'renter' | 'lister';
/** Which viewing was answered, and on which side its reader is. */
export type Answered = { id: string; side: Side };

/**
 * Runs `step` on the viewing `id` as `user` sees it, the listing and the viewing locked: 404
 * for anyone but its two parties, as for a viewing that never was.
 */
async function onViewing<T>(
  deps: ViewingDeps,
  user: UserRow,
  id: string,
  step: (tx: Database, listing: Listing, viewing: ViewingRow, side: Side) => Promise<T>,
): Promise<T> {
  if (!isUuid(id)) throw notFound('viewing_not_found');
  const [found] = await deps.db
    .select({
      propertyId: viewings.propertyId,
      renterId: viewings.renterId,
      listerId: viewings.listerId,
    })
    .from(viewings)
    .where(eq(viewings.id, id));
  const side: Side | null =
    found?.renterId === user.id ? 'renter' : found?.listerId === user.id ? 'lister' : null;
  if (!found || !side) throw notFound('viewing_not_found');
  return deps.db.transaction(async (tx) => {
    const locked = await lockedViewing(tx, found.propertyId, id);
    if (!locked) throw notFound('viewing_not_found');
    return step(tx, locked.listing, locked.viewing, side);
  });
}

function assertPendingAndAhead(viewing: ViewingRow, now: Date): void {
  if (viewing.status !== 'pending') throw new AppError('viewing_not_pending');
  if (viewing.startsAt <= now) throw new AppError('viewing_started');
}

/** POST /api/viewings/{id}/confirm (the lister): declines every other request for its time. */
export async function confirmViewing(
  deps: ViewingDeps,
  lister: UserRow,
  id: string,
): Promise<Answered> {
  const now = deps.clock();
  try {
    return await onViewing(deps, lister, id, async (tx, listing, viewing, side) => {
      if (side !== 'lister') throw forbidden();
      assertPendingAndAhead(viewing, now);
      const clash = await tx
        .select({ id: viewings.id })
        .from(viewings)
        .where(overlapping(viewing, 'confirmed'));
      if (clash.length > 0) throw new AppError('viewing_slot_taken');
      await tx
        .update(viewings)
        .set({ status: 'confirmed', answeredAt: now, ...plannedReminders(viewing, now) })
        .where(eq(viewings.id, viewing.id));
      await recordStep(
        tx,
        deps,
        listing,
        viewing,
        lister.id,
        eventOf(viewing, 'confirmed'),
        '',
        now,
      );
      // The others who asked for that time hear at once that it went.
      const others = await tx
        .update(viewings)
        .set({ status: 'declined', answeredAt: now })
        .where(and(overlapping(viewing, 'pending'), ne(viewings.id, viewing.id)))
        .returning();
      for (const other of others) {
        const event = eventOf(other, 'declined', { cause: 'slot_taken' });
        await recordStep(tx, deps, listing, other, lister.id, event, '', now);
      }
      return { id: viewing.id, side };
    });
  } catch (error) {
    // Confirmed elsewhere at the same moment: the database kept the first (the slot index).
    if (isUniqueViolation(error)) throw new AppError('viewing_slot_taken');
    throw error;
  }
}

/** Requests of the same listing in `status` whose time overlaps `viewing`'s. */
function overlapping(viewing: ViewingRow, status: ViewingRow['status']) {
  return and(
    eq(viewings.propertyId, viewing.propertyId),
    eq(viewings.status, status),
    lt(viewings.startsAt, viewing.endsAt),
    gt(viewings.endsAt, viewing.startsAt),
  );
}

/** POST /api/viewings/{id}/decline (the lister), with a reason and another time, if given. */
export async function declineViewing(
  deps: ViewingDeps,
  lister: UserRow,
  id: string,
  answer: { reason?: string; suggestedStartsAt?: string },
): Promise<Answered> {
  const now = deps.clock();
  return onViewing(deps, lister, id, async (tx, listing, viewing, side) => {
    if (side !== 'lister') throw forbidden();
    if (viewing.status !== 'pending') throw new AppError('viewing_not_pending');
    const suggested = answer.suggestedStartsAt ? new Date(answer.suggestedStartsAt) : null;
    if (suggested) await assertFreeSlot(tx, listing, suggested, now, 'suggestedStartsAt');
    await tx
      .update(viewings)
      .set({
        status: 'declined',
        answeredAt: now,
        reason: answer.reason ?? null,
        suggestedStartsAt: suggested,
      })
      .where(eq(viewings.id, viewing.id));
    const event = eventOf(viewing, 'declined', {
      suggestedStartsAt: suggested ? zonedIso(suggested, viewing.timeZone) : null,
    });
    await recordStep(tx, deps, listing, viewing, lister.id, event, answer.reason ?? '', now);
    return { id: viewing.id, side };
  });
}

/** POST /api/viewings/{id}/cancel: either party, until it starts. */
export async function cancelViewing(
  deps: ViewingDeps,
  user: UserRow,
  id: string,
  answer: { reason?: string },
): Promise<Answered> {
  const now = deps.clock();
  return onViewing(deps, user, id, async (tx, listing, viewing, side) => {
    if (viewing.status !== 'pending' && viewing.status !== 'confirmed') {
      throw new AppError('viewing_not_pending');
    }
    if (viewing.startsAt <= now) throw new AppError('viewing_started');
    await tx
      .update(viewings)
      .set({ status: 'cancelled', cancelledBy: side, reason: answer.reason ?? null })
      .where(eq(viewings.id, viewing.id));
    const event = eventOf(viewing, 'cancelled');
    const wasConfirmed = viewing.status === 'confirmed';
    await recordStep(
      tx,
      deps,
      listing,
      viewing,
      user.id,
      event,
      answer.reason ?? '',
      now,
      wasConfirmed,
    );
    return { id: viewing.id, side };
  });
}

/**
 * POST /api/viewings/{id}/no-show (the lister): the renter did not come to a confirmed viewing.
 * Only after its time and within NO_SHOW_DAYS of it; it counts in the renter's record, which
 * other listers see. Saying it twice changes nothing.
 */
export async function markNoShow(
  deps: ViewingDeps,
  lister: UserRow,
  id: string,
): Promise<Answered> {
  const now = deps.clock();
  return onViewing(deps, lister, id, async (tx, _listing, viewing, side) => {
    if (side !== 'lister') throw forbidden();
    const since = now.getTime() - viewing.startsAt.getTime();
    if (viewing.status !== 'confirmed' || since < 0 || since > NO_SHOW_DAYS * 86_400_000) {
      throw new AppError('viewing_no_show_refused');
    }
    if (!viewing.renterNoShowAt) {
      await tx.update(viewings).set({ renterNoShowAt: now }).where(eq(viewings.id, viewing.id));
    }
    return { id: viewing.id, side };
  });
}
