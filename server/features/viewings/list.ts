import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { photoDefaultUrl } from '#common/images';
import type { Viewing } from '#common/viewings';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { conversations, relayableName } from '../conversations/service';
import { properties } from '../listings/service';
import { viewings } from './schema';
import { zonedIso } from './slots';

/** The most one list answers: a dashboard's worth (nobody has more upcoming visits). */
const LIST_LIMIT = 100;

const otherParty = alias(users, 'other_party');

/**
 * GET /api/viewings: the reader's viewings as renter or as lister. Pending and upcoming ones
 * soonest first (what to answer or attend next), past ones latest first.
 */
export async function listViewings(
  db: Database,
  userId: string,
  role: Role,
  status: 'upcoming' | 'past' | 'pending' | undefined,
  now: Date,
): Promise<Viewing[]> {
  const filters: Record<NonNullable<typeof status>, SQL> = {
    pending: and(eq(viewings.status, 'pending'), gt(viewings.startsAt, now))!,
    upcoming: and(eq(viewings.status, 'confirmed'), gt(viewings.startsAt, now))!,
    past: or(
      lte(viewings.startsAt, now),
      inArray(viewings.status, ['declined', 'cancelled', 'expired']),
    )!,
  };
  return viewingRows(
    db,
    userId,
    role,
    status ? filters[status] : undefined,
    status === 'past' ? desc(viewings.startsAt) : asc(viewings.startsAt),
  );
}

type Role = 'renter' | 'lister';

/** Requests to `userId` as lister waiting for an answer, whose time is still ahead (issue 51). */
export async function viewingRequestsOf(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(viewings)
    .where(
      and(
        eq(viewings.listerId, userId),
        eq(viewings.status, 'pending'),
        gt(viewings.startsAt, now),
      ),
    );
  return row?.count ?? 0;
}

/** The reader's viewings on `role`'s side that `where` keeps, as the API gives them. */
async function viewingRows(
  db: Database,
  userId: string,
  role: Role,
  where: SQL | undefined,
  order: SQL,
): Promise<Viewing[]> {
  const mine = role === 'renter' ? eq(viewings.renterId, userId) : eq(viewings.listerId, userId);
  // A deleted listing's viewings stay (issue 51): named by their conversation, which keeps
  // the listing's title and city, and nowhere exact to go.
  const rows = await db
    .select({
      viewing: viewings,
      title: sql<string>`coalesce(${properties.title}, ${conversations.propertyTitle})`,
      address: sql<string>`coalesce(${properties.address}, ${conversations.propertyCity})`,
      ghanaPostGps: properties.ghanaPostGps,
      streetAddress: properties.streetAddress,
      latitude: properties.latitude,
      longitude: properties.longitude,
      photos: properties.photos,
      otherFirstName: otherParty.firstName,
    })
    .from(viewings)
    .innerJoin(conversations, eq(conversations.id, viewings.conversationId))
    .leftJoin(properties, eq(properties.id, viewings.propertyId))
    .innerJoin(
      otherParty,
      eq(otherParty.id, role === 'renter' ? viewings.listerId : viewings.renterId),
    )
    .where(where ? and(mine, where) : mine)
    .orderBy(order)
    .limit(LIST_LIMIT);
  const records =
    role === 'lister'
      ? await renterRecords(db, [...new Set(rows.map((r) => r.viewing.renterId))])
      : null;
  return rows.map(({ viewing, ...row }) => {
    // Where the house is exactly: the lister's own, and the renter's once confirmed (issue 50).
    const { latitude, longitude, streetAddress, ghanaPostGps } = row;
    const place =
      latitude === null || longitude === null || streetAddress === null
        ? noPlace
        : placeFor(role, viewing.status, { latitude, longitude, streetAddress, ghanaPostGps });
    return {
      id: viewing.id,
      property: {
        id: viewing.propertyId,
        title: row.title,
        image: row.photos?.[0] ? photoDefaultUrl(row.photos[0], 400) : null,
        address: row.address,
        ...place,
      },
      startsAt: zonedIso(viewing.startsAt, viewing.timeZone),
      endsAt: zonedIso(viewing.endsAt, viewing.timeZone),
      timeZone: viewing.timeZone,
      status: viewing.status,
      note: viewing.note,
      reason: viewing.reason,
      suggestedStartsAt: viewing.suggestedStartsAt
        ? zonedIso(viewing.suggestedStartsAt, viewing.timeZone)
        : null,
      cancelledBy: viewing.cancelledBy,
      cancelledFor: viewing.cancelledFor,
      otherParty: { firstName: relayableName(row.otherFirstName) ?? '' },
      conversationId: viewing.conversationId,
      asLister: role === 'lister',
      renterNoShow: viewing.renterNoShowAt !== null,
      noShowDisputed: viewing.renterNoShowAt !== null && viewing.noShowDisputedAt !== null,
      renterRecord: records ? (records.get(viewing.renterId) ?? noRecord) : null,
    };
  });
}

const noPlace = { ghanaPostGps: null, streetAddress: null, pin: null };

/**
 * The exact place (street address, GhanaPost GPS code, pin) as a party of a viewing reads it:
 * the lister always, the renter while the viewing is confirmed, never before it is and never
 * once it is cancelled (issue 50). The same rule for the page, the notices and the calendar
 * file (notify.ts, calendar.ts read it from here).
 */
export function placeFor(
  role: Role,
  status: Viewing['status'],
  row: { ghanaPostGps: string | null; streetAddress: string; latitude: number; longitude: number },
): Pick<Viewing['property'], 'ghanaPostGps' | 'streetAddress' | 'pin'> {
  if (role !== 'lister' && status !== 'confirmed') {
    return { ghanaPostGps: null, streetAddress: null, pin: null };
  }
  return {
    ghanaPostGps: row.ghanaPostGps,
    streetAddress: row.streetAddress || null,
    pin: { latitude: row.latitude, longitude: row.longitude },
  };
}

/** One viewing as `userId`, one of its parties (checked before), sees it. */
export async function viewingFor(db: Database, user: { id: string }, id: string, side: Role) {
  const [viewing] = await viewingRows(db, user.id, side, eq(viewings.id, id), asc(viewings.id));
  return viewing!;
}

const noRecord = { booked: 0, cancelled: 0, noShows: 0 };

/**
 * How each renter kept their viewings, over all listers (issue 38): a renter who cancels at the
 * last minute or does not come costs a lister a morning, and the lister may see it before
 * confirming. A confirmed viewing is `booked`; cancelled by the renter after confirmation
 * (answered_at is set only by a confirmation or a decline) it also counts as `cancelled`; marked
 * missed by its lister and not disputed by the renter, as one of `noShows`.
 */
async function renterRecords(db: Database, renterIds: string[]) {
  if (renterIds.length === 0) return new Map<string, typeof noRecord>();
  const confirmedOnce = or(
    eq(viewings.status, 'confirmed'),
    and(
      eq(viewings.status, 'cancelled'),
      eq(viewings.cancelledBy, 'renter'),
      isNotNull(viewings.answeredAt),
    ),
  );
  const rows = await db
    .select({
      renterId: viewings.renterId,
      booked: sql<number>`count(*) filter (where ${confirmedOnce})::int`,
      cancelled: sql<number>`count(*) filter (where ${viewings.status} = 'cancelled' and ${viewings.cancelledBy} = 'renter' and ${viewings.answeredAt} is not null)::int`,
      // A no-show the renter disputed ("I was there", issue 50) is one side's word against the
      // other's: it does not count against them.
      noShows: sql<number>`count(*) filter (where ${viewings.renterNoShowAt} is not null and ${viewings.noShowDisputedAt} is null)::int`,
    })
    .from(viewings)
    .where(inArray(viewings.renterId, renterIds))
    .groupBy(viewings.renterId);
  return new Map(
    rows.map((row) => [
      row.renterId,
      {
        booked: Number(row.booked),
        cancelled: Number(row.cancelled),
        noShows: Number(row.noShows),
      },
    ]),
  );
}

/** GET /api/viewings/{id}: for its renter and its lister; 404 for anyone else. */
export async function ownViewing(db: Database, user: { id: string }, id: string) {
  const [row] = await db
    .select({ renterId: viewings.renterId, listerId: viewings.listerId })
    .from(viewings)
    .where(eq(viewings.id, id));
  const side = row?.renterId === user.id ? 'renter' : row?.listerId === user.id ? 'lister' : null;
  if (!side) throw notFound('viewing_not_found');
  return viewingFor(db, user, id, side);
}
