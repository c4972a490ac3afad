import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { NO_SHOW_HOURS } from '#common/viewings';
import { rowsOf, type Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { isUuid } from '../../lib/ids';
import { notifyNoShow } from './notify';
import { plannedReminders } from './reminders';
import { viewings, type ViewingRow } from './schema';
import { zonedIso } from './slots';
import { shouldTellCancel, withdrawRequestNotice } from './request-notices';
import {
  addToConversation,
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

const HOUR_MS = 3_600_000;

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
  // A confirmation's SMS signs its calendar link in the transaction: the key is read first.
  await deps.tokens?.ready();
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
      // Answered before its notice left: the lister needs no notice of it (request-notices.ts).
      await withdrawRequestNotice(tx, deps, viewing);
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
        await withdrawRequestNotice(tx, deps, other);
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
    await withdrawRequestNotice(tx, deps, viewing);
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
    // A renter's cancel of a request: told once a day, and never within its notice's hold.
    if (side === 'renter' && !wasConfirmed && !(await shouldTellCancel(tx, deps, viewing, now))) {
      await addToConversation(tx, deps, listing, viewing, user.id, event, answer.reason ?? '', now);
      return { id: viewing.id, side };
    }
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
 * Only after its time began and within NO_SHOW_HOURS of its end (409 no_show_window_closed),
 * and never once the renter has reviewed it (409 no_show_after_review): a lister may not mark
 * a visit missed to take away a review it fears (issue 50). It counts in the renter's record,
 * which other listers see, unless the renter disputes it; the renter is told, with the link to
 * answer "I was there". Saying it twice changes nothing.
 */
export async function markNoShow(
  deps: ViewingDeps,
  lister: UserRow,
  id: string,
): Promise<Answered> {
  const now = deps.clock();
  return onViewing(deps, lister, id, async (tx, listing, viewing, side) => {
    if (side !== 'lister') throw forbidden();
    if (viewing.status !== 'confirmed' || now < viewing.startsAt) {
      throw new AppError('viewing_no_show_refused');
    }
    if (now.getTime() - viewing.endsAt.getTime() > NO_SHOW_HOURS * HOUR_MS) {
      throw new AppError('no_show_window_closed');
    }
    if (await reviewed(tx, viewing.id)) throw new AppError('no_show_after_review');
    if (!viewing.renterNoShowAt) {
      await tx.update(viewings).set({ renterNoShowAt: now }).where(eq(viewings.id, viewing.id));
      await notifyNoShow(tx, deps, viewing, listing, now);
    }
    return { id: viewing.id, side };
  });
}

/**
 * Whether the renter has reviewed `viewingId`. Reviews rest on viewings (features/reviews
 * imports viewings), so viewings may not import reviews (eslint.config.js: the graph would
 * have a cycle); it asks the table by its SQL name instead, the one place viewings knows of
 * it. A review saved first holds a key-share lock on the viewing row (its foreign key) until
 * it commits, so this step, which locks the row for update, then reads it; one whose renter
 * was checked before this mark but saved after it still lands (write-reviews.ts checks the
 * viewing without a lock).
 */
async function reviewed(tx: Database, viewingId: string): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    tx,
    sql`select 1 as one from reviews where viewing_id = ${viewingId} limit 1`,
  );
  return rows.length > 0;
}

/**
 * POST /api/viewings/{id}/dispute-no-show (the renter): "I was there". Only on a viewing its
 * lister marked as missed (409 conflict otherwise); the no-show then leaves the renter's record
 * and their right to review (issue 50). The lister reads it as a line of the pair's
 * conversation, and hears of it as of any step. Saying it twice changes nothing.
 */
export async function disputeNoShow(
  deps: ViewingDeps,
  renter: UserRow,
  id: string,
): Promise<Answered> {
  const now = deps.clock();
  return onViewing(deps, renter, id, async (tx, listing, viewing, side) => {
    if (side !== 'renter') throw forbidden();
    if (!viewing.renterNoShowAt) throw new AppError('conflict');
    if (!viewing.noShowDisputedAt) {
      await tx.update(viewings).set({ noShowDisputedAt: now }).where(eq(viewings.id, viewing.id));
      const event = eventOf(viewing, 'no_show_disputed');
      await recordStep(tx, deps, listing, viewing, renter.id, event, '', now);
    }
    return { id: viewing.id, side };
  });
}
