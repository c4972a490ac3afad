import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { timeZoneOf } from '#common/locations';
import {
  SLOT_RANGE_DEFAULT_DAYS,
  SLOT_RANGE_MAX_DAYS,
  type ViewingHours,
  type ViewingHoursAnswer,
  type ViewingSlots,
} from '#common/viewings';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { isLive, properties, visibleTo } from '../listings/service';
import { viewingHours, viewings } from './schema';
import { freeSlots, zonedIso, type Hours, type Taken } from './slots';

const DAY_MS = 86_400_000;

/** The listing's owner and country, for its owner only: 404 unknown, 403 someone else's. */
async function ownListing(db: Database, user: UserRow, propertyId: string) {
  if (!isUuid(propertyId)) throw notFound('listing_not_found');
  const [listing] = await db
    .select({ ownerId: properties.ownerId, country: properties.country })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!listing) throw notFound('listing_not_found');
  if (listing.ownerId !== user.id) throw forbidden();
  return listing;
}

/** A listing's stored hours, or null when it offers none. */
export async function hoursOf(db: Database, propertyId: string): Promise<Hours | null> {
  const [row] = await db
    .select({
      slotMinutes: viewingHours.slotMinutes,
      windows: viewingHours.windows,
      blockedDates: viewingHours.blockedDates,
    })
    .from(viewingHours)
    .where(eq(viewingHours.propertyId, propertyId));
  return row ?? null;
}

/** GET /api/properties/{id}/viewing-hours (owner only): no hours yet answers an empty week. */
export async function getViewingHours(
  db: Database,
  user: UserRow,
  propertyId: string,
): Promise<ViewingHoursAnswer> {
  const listing = await ownListing(db, user, propertyId);
  const hours = await hoursOf(db, propertyId);
  return {
    slotMinutes: hours?.slotMinutes ?? 30,
    windows: hours?.windows ?? [],
    blockedDates: hours?.blockedDates ?? [],
    timeZone: timeZoneOf(listing.country),
  };
}

/** PUT /api/properties/{id}/viewing-hours (owner only), validated by the contract's schema. */
export async function setViewingHours(
  db: Database,
  user: UserRow,
  propertyId: string,
  hours: ViewingHours,
  now: Date,
): Promise<ViewingHoursAnswer> {
  const listing = await ownListing(db, user, propertyId);
  // Sorted, and each blocked day once: what is shown back is what was meant.
  const windows = [...hours.windows].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  const blockedDates = [...new Set(hours.blockedDates)].sort();
  const values = { slotMinutes: hours.slotMinutes, windows, blockedDates, updatedAt: now };
  await db
    .insert(viewingHours)
    .values({ propertyId, ...values })
    .onConflictDoUpdate({ target: viewingHours.propertyId, set: values });
  return { ...values, timeZone: timeZoneOf(listing.country) };
}

/**
 * POST /api/properties/{id}/viewing-hours/copy (issue 51): the listing's saved hours set on the
 * lister's other listings, all or none (one transaction). Each target must be the same lister's:
 * 404 for an unknown one, 403 for someone else's. A listing without hours copies an empty week.
 * Requests already made keep their time, as when hours are set one listing at a time.
 */
export async function copyViewingHours(
  db: Database,
  user: UserRow,
  sourceId: string,
  targetIds: readonly string[],
  now: Date,
): Promise<string[]> {
  await ownListing(db, user, sourceId);
  const targets = [...new Set(targetIds)].filter((id) => id !== sourceId);
  if (targets.length === 0) {
    throw new AppError('invalid_input', {
      fields: { propertyIds: 'invalidValue' },
      message: 'Name at least one other listing',
    });
  }
  const owners = await db
    .select({ id: properties.id, ownerId: properties.ownerId })
    .from(properties)
    .where(inArray(properties.id, targets));
  if (owners.length < targets.length) throw notFound('listing_not_found');
  if (owners.some((listing) => listing.ownerId !== user.id)) throw forbidden('only_own_listings');
  const hours = await hoursOf(db, sourceId);
  const values = {
    slotMinutes: hours?.slotMinutes ?? 30,
    windows: hours?.windows ?? [],
    blockedDates: hours?.blockedDates ?? [],
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(viewingHours)
      .values(targets.map((propertyId) => ({ propertyId, ...values })))
      .onConflictDoUpdate({
        target: viewingHours.propertyId,
        set: {
          slotMinutes: sql`excluded.slot_minutes`,
          windows: sql`excluded.windows`,
          blockedDates: sql`excluded.blocked_dates`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  });
  return targets;
}

/** The confirmed viewings of a listing that overlap [from, to). */
export async function takenTimes(
  db: Database,
  propertyId: string,
  from: Date,
  to: Date,
): Promise<Taken[]> {
  return db
    .select({ startsAt: viewings.startsAt, endsAt: viewings.endsAt })
    .from(viewings)
    .where(
      and(
        eq(viewings.propertyId, propertyId),
        eq(viewings.status, 'confirmed'),
        lt(viewings.startsAt, to),
        gt(viewings.endsAt, from),
      ),
    );
}

/** The range asked for, checked: `to` after `from`, at most SLOT_RANGE_MAX_DAYS apart. */
function slotRange(now: Date, from?: string, to?: string): { from: Date; to: Date } {
  const start = from ? new Date(from) : now;
  const end = to ? new Date(to) : new Date(start.getTime() + SLOT_RANGE_DEFAULT_DAYS * DAY_MS);
  if (end <= start || end.getTime() - start.getTime() > SLOT_RANGE_MAX_DAYS * DAY_MS) {
    throw new AppError('invalid_input', {
      fields: { to: 'invalidValue' },
      message: `to must be after from, at most ${SLOT_RANGE_MAX_DAYS} days later`,
    });
  }
  return { from: start, to: end };
}

/**
 * GET /api/properties/{id}/viewing-slots: the free times of a listing anyone who may see it
 * may ask for (404 otherwise, as for its page). A listing that is not live offers none.
 */
export async function viewingSlots(
  db: Database,
  viewer: UserRow | null,
  propertyId: string,
  query: { from?: string; to?: string },
  now: Date,
): Promise<ViewingSlots> {
  if (!isUuid(propertyId)) throw notFound('listing_not_found');
  const range = slotRange(now, query.from, query.to);
  const [listing] = await db
    .select({ country: properties.country, live: sql<boolean>`${isLive}` })
    .from(properties)
    .where(and(eq(properties.id, propertyId), visibleTo(viewer, now)));
  if (!listing) throw notFound('listing_not_found');
  const timeZone = timeZoneOf(listing.country);
  const hours = await hoursOf(db, propertyId);
  if (!hours || !listing.live)
    return { slots: [], slotMinutes: hours?.slotMinutes ?? null, timeZone };
  const taken = await takenTimes(db, propertyId, range.from, range.to);
  const slots = freeSlots(hours, timeZone, range, now, taken);
  return {
    slots: slots.map((at) => ({ startsAt: zonedIso(at, timeZone) })),
    slotMinutes: hours.slotMinutes,
    timeZone,
  };
}
