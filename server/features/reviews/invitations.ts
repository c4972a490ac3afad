import { and, eq, gt, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '#common/reviews';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Notifier } from '../../lib/notifier';
import { messageLink, type ShortLinks } from '../../lib/short-links';
import { properties } from '../listings/service';
import { contactOf, deliver, viewings, type ViewingRow } from '../viewings/service';
import { reviewInvitations, reviews } from './schema';

/**
 * The renter of a confirmed viewing is invited to review it the morning after (issue 40): at
 * 09:00 where the place is, the day after the viewing, by e-mail to a verified address, else by
 * SMS (one segment, a short link) to a verified number. A scan every few minutes, run by one
 * server at a time through the job queue, sends what is due by the app's clock, each once (the
 * invitation's row is written in the transaction that queues it). Not sent for a viewing the
 * lister marked as missed, a place the renter reviewed already, or once the 30 days to review
 * it are over.
 */
export const INVITATION_QUEUE = 'review-invitations';
export const INVITATION_SCAN_SECONDS = 300;

export type InvitationDeps = {
  db: Database;
  notifier: Notifier;
  links: ShortLinks;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

/** 09:00 on the day after the viewing, in the viewing's time zone. */
const morningAfter = sql`((date_trunc('day', ${viewings.startsAt} AT TIME ZONE ${viewings.timeZone}) + interval '1 day 9 hours') AT TIME ZONE ${viewings.timeZone})`;

/** The review page of a viewing, which the invitation links to. */
export const reviewPath = (viewingId: string) => `/viewings/${viewingId}/review`;

/** Sends the invitations due at `now`; answers how many went. */
export async function inviteDue(deps: InvitationDeps, now: Date): Promise<number> {
  const since = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 86_400_000);
  let invited = 0;
  for (;;) {
    const sent = await deps.db.transaction(async (tx) => {
      const [viewing] = await tx
        .select()
        .from(viewings)
        .where(
          and(
            eq(viewings.status, 'confirmed'),
            gt(viewings.startsAt, since),
            lte(viewings.startsAt, now),
            // Not after a no-show, unless the renter disputed it (issue 50).
            or(isNull(viewings.renterNoShowAt), isNotNull(viewings.noShowDisputedAt)),
            lte(morningAfter, now),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(reviewInvitations)
                .where(eq(reviewInvitations.viewingId, viewings.id)),
            ),
            // One review per renter and listing: a second viewing of a place reviewed
            // already asks for nothing.
            notExists(
              tx
                .select({ one: sql`1` })
                .from(reviews)
                .where(
                  and(
                    eq(reviews.propertyId, viewings.propertyId),
                    eq(reviews.authorId, viewings.renterId),
                  ),
                ),
            ),
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      if (!viewing) return false;
      await tx.insert(reviewInvitations).values({ viewingId: viewing.id, sentAt: now });
      await inviteOne(tx, deps, viewing, now);
      return true;
    });
    if (!sent) return invited;
    invited += 1;
  }
}

async function inviteOne(tx: Database, deps: InvitationDeps, viewing: ViewingRow, now: Date) {
  const [row] = await tx
    .select({ renter: users, title: properties.title })
    .from(users)
    .innerJoin(properties, eq(properties.id, viewing.propertyId))
    .where(eq(users.id, viewing.renterId));
  // The renter's choice for review notices (issue 50), not for viewings.
  const contact = row ? contactOf(row.renter, 'reviews') : null;
  if (!row || !contact) return;
  const link = await messageLink(
    deps.links,
    deps.publicUrl,
    contact.channel,
    reviewPath(viewing.id),
    {
      now,
      db: tx,
    },
  );
  await deliver(tx, deps, row.renter, contact, {
    kind: 'review-invitation',
    firstName: row.renter.firstName,
    title: row.title,
    link,
    phoneNeeded: !row.renter.phoneVerified,
  });
}
