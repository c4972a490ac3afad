import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifyStep, type NoticeListing, type NotifyDeps } from './notify';
import { viewings, type ViewingRow } from './schema';

/**
 * What a lister is told of a renter's requests and cancels (issue 50), so that nobody can make
 * Abode text a lister by requesting and cancelling:
 * - a request's notice is held REQUEST_NOTICE_HOLD_SECONDS before it leaves; a renter who
 *   cancels within that time, or a lister who answers first (the dashboard shows requests at
 *   once), withdraws it, and a request cancelled so sends no notice at all;
 * - one renter's requests and cancels on one listing tell the lister once in PAIR_NOTICE_HOURS:
 *   the rest show in the app and the conversation only.
 * The cancellation of a confirmed viewing is not of these: both are told, with the calendar's
 * cancelled event, as before.
 */
export const REQUEST_NOTICE_HOLD_SECONDS = 10 * 60;
export const PAIR_NOTICE_HOURS = 24;

/** Whether the lister was told of this renter's requests on this listing in the last day. */
async function pairToldRecently(tx: Database, viewing: ViewingRow, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - PAIR_NOTICE_HOURS * 3_600_000);
  const [told] = await tx
    .select({ id: viewings.id })
    .from(viewings)
    .where(
      and(
        eq(viewings.renterId, viewing.renterId),
        eq(viewings.propertyId, viewing.propertyId),
        gt(viewings.listerNoticedAt, since),
      ),
    )
    .limit(1);
  return Boolean(told);
}

/** Tells the lister of a new request, held for its time, unless the pair was told today. */
export async function noticeRequest(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  listing: NoticeListing,
  now: Date,
): Promise<void> {
  if (await pairToldRecently(tx, viewing, now)) return;
  const [noticeId] = await notifyStep(
    tx,
    deps,
    viewing,
    listing,
    {
      step: 'requested',
      actorId: viewing.renterId,
      suggestedStartsAt: null,
      cause: null,
      wasConfirmed: false,
    },
    now,
    { startAfterSeconds: REQUEST_NOTICE_HOLD_SECONDS },
  );
  if (!noticeId) return;
  await tx
    .update(viewings)
    .set({ requestNoticeId: noticeId, listerNoticedAt: now })
    .where(eq(viewings.id, viewing.id));
}

/**
 * Withdraws the request's notice while it is held (the renter cancelled, or the lister
 * answered first). True when it was withdrawn: the lister was never told of the request.
 */
export async function withdrawRequestNotice(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
): Promise<boolean> {
  if (!viewing.requestNoticeId) return false;
  const withdrawn = (await deps.notifier.withdraw?.(viewing.requestNoticeId, { db: tx })) ?? false;
  await tx
    .update(viewings)
    .set(withdrawn ? { requestNoticeId: null, listerNoticedAt: null } : { requestNoticeId: null })
    .where(eq(viewings.id, viewing.id));
  return withdrawn;
}

/**
 * Whether the renter's cancel of a pending request is told to the lister: not when its
 * notice was still held (withdrawn: the lister never heard of it), nor when the lister was told
 * of the pair today. Records the notice when it is.
 */
export async function shouldTellCancel(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  now: Date,
): Promise<boolean> {
  if (await withdrawRequestNotice(tx, deps, viewing)) return false;
  if (await pairToldRecently(tx, viewing, now)) return false;
  await tx.update(viewings).set({ listerNoticedAt: now }).where(eq(viewings.id, viewing.id));
  return true;
}
