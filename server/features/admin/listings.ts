import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_FEATURED,
  type AdminPlace,
  type AdminProperty,
  type AdminPropertyQuery,
  type ReorderFeaturedBody,
} from '#common/admin';
import {
  changesAwaitingReview,
  changesSinceApproval,
  type ApprovedSnapshot,
  type ListingChanges,
  type PendingChanges,
} from '#common/listing-changes';
import { distanceMeters, LOCATION_RADIUS_METERS } from '#common/geo';
import { cityOf } from '#common/locations';
import type { Property } from '#common/properties';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import {
  isLive,
  isPropertyId,
  propertyColumns,
  toPropertyJson,
  ownersView,
  heldPhotos,
  type ListingWriter,
  type ListingWrites,
  hiddenByAdmin,
  shownByAdmin,
  properties,
} from '../listings/service';
import { deletePhotos } from '../uploads/service';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from './audit';
import { findPhotoMatches } from './photo-matches';

/**
 * Administrators' work on listings (spec: Admin panel, Properties and Featured tabs): any
 * status, hide or show, delete, and the featured order. Every change is written to the audit
 * log; the properties feature's writes (listing-writes.ts) keep the search index in step.
 */

const statusFilter: Record<AdminPropertyQuery['status'], SQL | undefined> = {
  all: undefined,
  active: sql`${properties.isActive}`,
  inactive: sql`NOT ${properties.isActive}`,
  verified: sql`${properties.isVerified}`,
  unverified: sql`NOT ${properties.isVerified}`,
  // New listings, and approved ones whose owner's changes wait (issue 34).
  pending: sql`((NOT ${properties.isVerified} AND ${properties.rejectionReason} IS NULL) OR (${properties.isVerified} AND ${properties.pendingChanges} IS NOT NULL))`,
  rejected: sql`NOT ${properties.isVerified} AND ${properties.rejectionReason} IS NOT NULL`,
  live: sql`${properties.isVerified} AND ${properties.isActive}`,
};

const adminColumns = {
  ...propertyColumns(null),
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  ownerPhone: users.phone,
  ownerBusinessName: users.businessName,
  approvedSnapshot: properties.approvedSnapshot,
  pendingChanges: properties.pendingChanges,
};

type AdminRow = Parameters<typeof toPropertyJson>[0] & {
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string | null;
  ownerPhone: string | null;
  ownerBusinessName: string | null;
  approvedSnapshot: ApprovedSnapshot | null;
  pendingChanges: PendingChanges | null;
};

/**
 * What changed since the last approval. An approved listing's pending changes against the
 * listing itself, which keeps the approved values (issue 34; so a listing approved before
 * approvals were recorded shows them too); a listing edited back to review before that, against
 * the recorded approval; a new listing, null.
 */
function changesOf(row: AdminRow, listing: Property): ListingChanges | null {
  const now = {
    ...listing,
    price: row.price,
    agentFeeKind: row.agentFeeKind,
    agentFeeValue: row.agentFeeValue,
    agentFeePayer: row.agentFeePayer,
    latitude: row.latitude,
    longitude: row.longitude,
    photoKeys: row.photos.map((photo) => photo.key),
  };
  const approvedAt = row.approvedSnapshot?.approvedAt ?? null;
  if (row.isVerified && row.pendingChanges) {
    return changesAwaitingReview(now, approvedAt, row.pendingChanges);
  }
  return row.approvedSnapshot ? changesSinceApproval(row.approvedSnapshot, now) : null;
}

/** New listings, and approved ones whose changes wait: what the approval queue shows. */
function waitsForReview(row: AdminRow): boolean {
  return row.isVerified ? row.pendingChanges !== null : row.rejectionReason === null;
}

/**
 * The admin JSON of rows, with the photo matches of those waiting for review (issue 50): their
 * photos, approved and proposed, against other listers' listings.
 */
async function toAdminList(db: Database, rows: AdminRow[]): Promise<AdminProperty[]> {
  const waiting = rows.filter(waitsForReview);
  const matches = await findPhotoMatches(
    db,
    waiting.map((row) => ({ id: row.id, ownerId: row.ownerId, photos: heldPhotos(row) })),
  );
  return rows.map((row) => ({ ...toAdminJson(row), photoMatches: matches.get(row.id) ?? [] }));
}

/**
 * Where the place is (issue 51): the pin approving approves, the approved one it moved from
 * (a move of more than 1 km since the last approval), the circle renters see now, the code and
 * the centre of the city it names. `changes` says what moved, as the approval card's list does.
 */
function placeOf(row: AdminRow, changes: ListingChanges | null): AdminPlace {
  const changed = (field: 'latitude' | 'longitude') =>
    changes?.fields.find((change) => change.field === field);
  const [latitude, longitude] = [changed('latitude'), changed('longitude')];
  const moved =
    typeof latitude?.before === 'number' &&
    typeof latitude.after === 'number' &&
    typeof longitude?.before === 'number' &&
    typeof longitude.after === 'number'
      ? {
          from: { latitude: latitude.before, longitude: longitude.before },
          to: { latitude: latitude.after, longitude: longitude.after },
        }
      : null;
  const pin = moved?.to ?? { latitude: row.latitude, longitude: row.longitude };
  // The proposed city and country when a change of either waits.
  const waiting = row.isVerified ? row.pendingChanges?.values : undefined;
  const city = typeof waiting?.city === 'string' ? waiting.city : row.city;
  const country = typeof waiting?.country === 'string' ? waiting.country : row.country;
  const centre = cityOf(country, city);
  const cityCentre = centre ? { latitude: centre.latitude, longitude: centre.longitude } : null;
  return {
    pin,
    previousPin: moved?.from ?? null,
    publicArea: {
      latitude: row.publicLatitude,
      longitude: row.publicLongitude,
      radiusMeters: LOCATION_RADIUS_METERS,
    },
    ghanaPostGps: row.ghanaPostGps,
    cityCentre,
    cityCentreMeters: cityCentre ? Math.round(distanceMeters(pin, cityCentre)) : null,
  };
}

function toAdminJson(row: AdminRow): Omit<AdminProperty, 'photoMatches'> {
  const listing = ownersView(toPropertyJson(row), row, row.isVerified ? row.pendingChanges : null);
  const changes = changesOf(row, listing);
  return {
    ...listing,
    ownerId: row.ownerId,
    ownerFirstName: row.ownerFirstName,
    ownerLastName: row.ownerLastName,
    ownerEmail: row.ownerEmail,
    ownerPhone: row.ownerPhone,
    ownerBusinessName: row.ownerBusinessName,
    changesSinceApproval: changes,
    place: placeOf(row, changes),
  };
}

/** Text matches title, place or the owner's name or contact; newest first unless asked. */
export async function listAdminProperties(
  db: Database,
  query: AdminPropertyQuery,
): Promise<{ properties: AdminProperty[]; total: number }> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    statusFilter[query.status],
    pattern
      ? or(
          ilike(properties.title, pattern),
          ilike(properties.city, pattern),
          ilike(properties.country, pattern),
          ilike(properties.address, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(where)
      .orderBy(
        ...(query.sort === 'oldest'
          ? [asc(properties.createdAt), asc(properties.id)]
          : [desc(properties.createdAt), desc(properties.id)]),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(where),
  ]);
  return { properties: await toAdminList(db, rows), total: total?.n ?? 0 };
}

async function existing(db: Database, id: string) {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  const [row] = await db
    .select({ id: properties.id, photos: properties.photos, title: properties.title })
    .from(properties)
    .where(eq(properties.id, id));
  if (!row) throw notFound('listing_not_found');
  return row;
}

/**
 * Hide or show a listing (spec: Hide/Show). A hide sticks: its owner cannot show the listing
 * again (properties/owner-listings.ts) and sees the reason; only Show here lifts it.
 */
export async function setVisibility(
  db: Database,
  writes: ListingWrites,
  admin: UserRow,
  id: string,
  change: { isActive: boolean; reason?: string },
): Promise<void> {
  const row = await existing(db, id);
  const { isActive } = change;
  const reason = change.reason || null;
  await writes.update(id, isActive ? shownByAdmin() : hiddenByAdmin(reason));
  await recordAudit(db, admin, isActive ? 'show' : 'hide', 'property', id, {
    title: row.title,
    ...(isActive ? {} : { reason }),
  });
}

/** Permanent deletion: the row, its favourites (foreign key) and then its photo files. */
export async function deleteAsAdmin(
  db: Database,
  storage: FileStorage,
  writes: ListingWrites,
  admin: UserRow,
  id: string,
): Promise<void> {
  const row = await existing(db, id);
  const deleted = await writes.delete(id);
  await recordAudit(db, admin, 'delete', 'property', id, { title: row.title });
  await deletePhotos(storage, deleted ? heldPhotos(deleted) : row.photos);
}

/** Featured listings in order, whatever their status (a hidden one shows why it is absent). */
export async function featuredForAdmin(db: Database): Promise<AdminProperty[]> {
  const rows = await db
    .select(adminColumns)
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(eq(properties.isFeatured, true))
    .orderBy(asc(properties.featuredOrder), desc(properties.createdAt))
    .limit(MAX_FEATURED);
  return toAdminList(db, rows);
}

/** Renumbers the featured list 1, 2, 3… in the given order of ids. */
async function renumber(write: ListingWriter, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) await write.update(id, { featuredOrder: index + 1 });
}

async function featuredIds(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.isFeatured, true))
    .orderBy(asc(properties.featuredOrder), desc(properties.createdAt))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Features a live listing at `order` (the end when absent), or unfeatures one; the whole list
 * is renumbered from 1 either way.
 */
export async function setFeatured(
  db: Database,
  writes: ListingWrites,
  admin: UserRow,
  id: string,
  change: { isFeatured: boolean; featuredOrder?: number | null },
): Promise<void> {
  await existing(db, id);
  await writes.transaction(async (write, tx) => {
    const list = (await featuredIds(tx)).filter((other) => other !== id);
    if (change.isFeatured) {
      const [live] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, id), isLive));
      if (!live) throw new AppError('only_live_featured');
      if (list.length >= MAX_FEATURED) {
        throw new AppError('featured_limit', { params: { max: MAX_FEATURED } });
      }
      const at = Math.min(change.featuredOrder ?? list.length + 1, list.length + 1) - 1;
      list.splice(at, 0, id);
    } else {
      await write.update(id, { isFeatured: false, featuredOrder: null });
    }
    if (change.isFeatured) await write.update(id, { isFeatured: true });
    await renumber(write, list);
  });
  const [listing] = await db
    .select({ title: properties.title })
    .from(properties)
    .where(eq(properties.id, id));
  await recordAudit(db, admin, change.isFeatured ? 'feature' : 'unfeature', 'property', id, {
    title: listing?.title ?? null,
    featuredOrder: change.featuredOrder ?? null,
  });
}

/**
 * Puts the featured list in the order given (ascending `order`; gaps and duplicates allowed,
 * ties keep the current order); listings not named keep their relative order after them.
 * Every id must be a featured listing.
 */
export async function reorderFeatured(
  db: Database,
  writes: ListingWrites,
  admin: UserRow,
  body: ReorderFeaturedBody,
): Promise<string[]> {
  const order = await writes.transaction(async (write, tx) => {
    const current = await featuredIds(tx);
    const position = new Map(current.map((id, index) => [id, index]));
    const unknown = body.propertyOrders.filter((entry) => !position.has(entry.id));
    if (unknown.length > 0) {
      throw new AppError('only_featured_reordered', {
        fields: { propertyOrders: 'invalidValue' },
      });
    }
    const named = [...body.propertyOrders]
      .sort((a, b) => a.order - b.order || position.get(a.id)! - position.get(b.id)!)
      .map((entry) => entry.id);
    const unique = [...new Set(named)];
    const rest = current.filter((id) => !unique.includes(id));
    const next = [...unique, ...rest];
    await renumber(write, next);
    return next;
  });
  await recordAudit(db, admin, 'reorder', 'featured', null, { order });
  return order;
}
