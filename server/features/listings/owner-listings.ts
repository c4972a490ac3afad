import { and, desc, eq } from 'drizzle-orm';
import type { Photo } from '#common/images';
import {
  changedFields,
  pendingChangesJson,
  reviewedFields,
  reviewedValuesOf,
  type PendingChanges,
  type PendingChangesJson,
} from '#common/listing-changes';
import {
  listingStatus,
  type ListingStatus,
  type ListingUpdateValues,
  type ListingValues,
  type OwnerContact,
} from '#common/listings';
import type { Point } from '#common/geo';
import { cityOf } from '#common/locations';
import { photoLimitOf } from '#common/plans';
import type { Property } from '#common/properties';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { claimPhotos, deletePhotos } from '../uploads/service';
import { contactViewsOf, recordAddressReveal, recordContactReveal } from './contact-reveals';
import type { ListingWrites } from './listing-writes';
import { pointInCountry } from './country-outlines';
import { pageViewsOf } from './page-views';
import { propertyColumns, toPropertyJson, ownersView } from './property-json';
import { isLive, stateColumns } from './listing-events';
import { switchedByOwner } from './listing-visibility';
import { isUuid } from '../../lib/ids';
import { properties } from './schema';

/**
 * What owners and agents do with their own listings (spec: List property, Edit property,
 * Dashboard; docs/design.md status rules). Writes go through listing-writes.ts, which keeps the
 * search index in step; photos whose listing let go of them are deleted only after the
 * database change committed.
 */

/**
 * The form's values as columns: address defaults to "city, country", currency by country. An
 * edit that leaves a move-in term out keeps it: a client that predates them does not wipe them.
 */
function columnsOf(values: ListingValues | ListingUpdateValues) {
  return {
    ...reviewedValuesOf(values),
    bedrooms: values.bedrooms,
    bathrooms: values.bathrooms,
    amenities: values.amenities,
    ...(values.ghanaPostGps === undefined ? {} : { ghanaPostGps: values.ghanaPostGps }),
  };
}

/**
 * The pin a save leaves the listing with (issue 39): the one sent; without one, the current
 * pin, or the city's centre for a new listing or one moved to another city (a client that
 * sends no pin). Refused (400) when it lies outside the listing's country.
 */
function pinOf(
  values: ListingValues | ListingUpdateValues,
  current?: { latitude: number; longitude: number; city: string; country: string },
): Point {
  const sent = values.latitude !== undefined && values.longitude !== undefined;
  const sameCity = current && current.city === values.city && current.country === values.country;
  const centre = cityOf(values.country, values.city);
  const pin: Point = sent
    ? { latitude: values.latitude!, longitude: values.longitude! }
    : sameCity
      ? { latitude: current.latitude, longitude: current.longitude }
      : { latitude: centre!.latitude, longitude: centre!.longitude };
  if (!pointInCountry(values.country, pin.latitude, pin.longitude)) {
    throw new AppError('point_outside_country', {
      fields: { latitude: 'point_outside_country', longitude: 'point_outside_country' },
    });
  }
  return pin;
}

/**
 * Refuses more photos than the owner's plan allows (common/plans.ts). A listing that already
 * has more (its owner chose a smaller plan since) keeps them; it only cannot grow.
 */
function assertPhotoLimit(owner: UserRow, count: number, before = 0): void {
  const max = photoLimitOf(owner.plan);
  if (count > max && count > before) {
    throw new AppError('photos_per_listing', {
      params: { max },
      fields: { images: 'photos_per_listing' },
    });
  }
}

/** A new listing of `owner`, Pending Approval until an administrator approves its images. */
export async function createListing(
  writes: ListingWrites,
  owner: UserRow,
  values: ListingValues,
): Promise<{ id: string }> {
  const id = await writes.transaction(async (write, tx) => {
    const photos = await claimPhotos(tx, owner.id, values.images);
    // Refused inside the transaction: the uploads it claimed stay the owner's.
    assertPhotoLimit(owner, photos.length);
    return write.insert({
      ...columnsOf(values),
      ...pinOf(values),
      propertyType: values.propertyType,
      ownerId: owner.id,
      photos,
      isVerified: false,
    });
  });
  return { id };
}

/** The listing if `user` owns it: 404 when there is none, 403 when it is someone else's. */
export async function ownedListing(db: Database, user: UserRow, id: string) {
  const row = await lockedListing(db, id);
  if (row.ownerId !== user.id) throw forbidden('only_own_listings');
  return row;
}

/**
 * The listing, locked for the rest of the transaction, whoever asks: the caller has checked
 * the right to change it (its owner, or a signed link of its owner's). 404 when there is none.
 */
export async function lockedListing(db: Database, id: string) {
  if (!isUuid(id)) throw notFound('listing_not_found');
  const [row] = await db
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      photos: properties.photos,
      ...stateColumns,
      confirmedAt: properties.confirmedAt,
      title: properties.title,
      description: properties.description,
      price: properties.price,
      currency: properties.currency,
      pricingPeriod: properties.pricingPeriod,
      city: properties.city,
      address: properties.address,
      country: properties.country,
      advanceMonths: properties.advanceMonths,
      depositAmount: properties.depositAmount,
      agentFeeKind: properties.agentFeeKind,
      agentFeeValue: properties.agentFeeValue,
      agentFeePayer: properties.agentFeePayer,
      propertyType: properties.propertyType,
      category: properties.category,
      furnished: properties.furnished,
      utilitiesIncluded: properties.utilitiesIncluded,
      minLeaseMonths: properties.minLeaseMonths,
      availableFrom: properties.availableFrom,
      latitude: properties.latitude,
      longitude: properties.longitude,
      pendingChanges: properties.pendingChanges,
    })
    .from(properties)
    .where(eq(properties.id, id))
    // Two saves of one listing take turns, so neither loses the other's photos.
    .for('update');
  if (!row) throw notFound('listing_not_found');
  return row;
}

const sameKeys = (a: readonly Photo[], b: readonly Photo[]) => {
  const keys = new Set(a.map((photo) => photo.key));
  return a.length === b.length && b.every((photo) => keys.has(photo.key));
};

/**
 * Saves the edit form. Adding or removing photos, or changing what renters rely on
 * (common/listing-changes.ts reviewedFields), needs an administrator's review, so a price cannot
 * be raised or a "viewing fee" slipped into the text unseen. A listing never approved (new,
 * rejected) simply waits as Pending Approval. An approved listing stays as approved (issue 34):
 * those changes wait in `pending_changes` while renters, search and alerts keep the approved
 * values, and its owner sees them waiting. Reordering photos, rooms, amenities and switching
 * it on or off apply at once.
 */
export async function updateListing(
  writes: ListingWrites,
  storage: FileStorage,
  user: UserRow,
  id: string,
  values: ListingUpdateValues,
): Promise<{ id: string; status: ListingStatus; pendingChanges: PendingChangesJson | null }> {
  const { released, status, pending } = await writes.transaction(async (write, tx) => {
    const current = await ownedListing(tx, user, id);
    const held = heldPhotos(current);
    const photos = await claimPhotos(tx, user.id, values.images, held);
    assertPhotoLimit(user, photos.length, current.photos.length);
    const columns = { ...columnsOf(values), ...pinOf(values, current) };
    const approved = current.isVerified;
    const pending = approved ? pendingOf(current, columns, photos) : null;
    // An administrator's Hide sticks, and so does a hide by reports until an administrator
    // resolves them: the owner edits freely but cannot show it again.
    const switched = switchedByOwner(current, values.isActive);
    await write.update(id, {
      // An approved listing keeps its approved values and photos while the change waits; a
      // pin moved a little is its owner's to correct (changedFields).
      ...(approved ? withoutReviewed(columns) : columns),
      ...(approved && !(pending && 'latitude' in pending.values)
        ? { latitude: columns.latitude, longitude: columns.longitude }
        : {}),
      photos: pending?.photos ? current.photos : photos,
      pendingChanges: pending,
      ...switched,
      // An edit answers a rejection: the listing goes back to the approval queue.
      rejectionReason: null,
    });
    const kept = new Set([...photos, ...(pending?.photos ? current.photos : [])].map((p) => p.key));
    return {
      released: held.filter((photo) => !kept.has(photo.key)),
      pending,
      status: listingStatus({
        isVerified: current.isVerified,
        isActive: switched.isActive,
        hiddenByAdmin: current.hiddenByAdminAt !== null,
        hiddenForReports: current.hiddenForReportsAt !== null,
        rentedAt: switched.rentedAt === null ? null : current.rentedAt?.toISOString(),
        expiredAt: switched.expiredAt === null ? null : current.expiredAt?.toISOString(),
      }),
    };
  });
  await deletePhotos(storage, released);
  return { id, status, pendingChanges: pendingChangesJson(pending) };
}

/** The photos a listing holds: those renters see and those waiting for review. */
export function heldPhotos(row: { photos: Photo[]; pendingChanges: PendingChanges | null }) {
  const approved = new Set(row.photos.map((photo) => photo.key));
  const proposed = row.pendingChanges?.photos ?? [];
  return [...row.photos, ...proposed.filter((photo) => !approved.has(photo.key))];
}

/**
 * What an edit of an approved listing leaves waiting for review: the reviewed fields it
 * changes and the photo set when it adds or removes one; null when it changes none of them
 * (an edit back to the approved values withdraws the change). An unchanged proposal keeps the
 * time it was first sent.
 */
function pendingOf(
  current: Awaited<ReturnType<typeof lockedListing>>,
  columns: ReturnType<typeof columnsOf>,
  photos: Photo[],
): PendingChanges | null {
  const fields = changedFields(current, columns);
  const photosChanged = !sameKeys(current.photos, photos);
  if (fields.length === 0 && !photosChanged) return null;
  const proposal = {
    values: Object.fromEntries(fields.map((field) => [field, columns[field]])),
    ...(photosChanged ? { photos } : {}),
  };
  const before = current.pendingChanges;
  const same =
    before !== null &&
    JSON.stringify({ values: before.values, photos: before.photos }) ===
      JSON.stringify({ values: proposal.values, photos: proposal.photos });
  return { ...proposal, submittedAt: same ? before.submittedAt : new Date().toISOString() };
}

/** The form's columns without the reviewed fields (applied only when approved). */
function withoutReviewed(columns: ReturnType<typeof columnsOf>) {
  const reviewed = new Set<string>(reviewedFields);
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !reviewed.has(name)));
}

/** Deletes the owner's listing; favourites go with it (foreign key), then its photos. */
export async function deleteListing(
  writes: ListingWrites,
  storage: FileStorage,
  user: UserRow,
  id: string,
): Promise<void> {
  const photos = await writes.transaction(async (write, tx) => {
    // Locked, so the photos deleted are the ones the row held when it went.
    const current = await ownedListing(tx, user, id);
    const deleted = await write.delete(id);
    return heldPhotos(deleted ?? current);
  });
  await deletePhotos(storage, photos);
}

/**
 * Every listing of the user, whatever its status, newest first, each with how many renters
 * revealed its contact details and how often its page was opened (its owner alone learns that).
 */
export async function userListings(db: Database, user: UserRow): Promise<Property[]> {
  const [rows, reveals] = await Promise.all([
    db
      .select({ ...propertyColumns(user.id), pendingChanges: properties.pendingChanges })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(eq(properties.ownerId, user.id))
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(1000),
    contactViewsOf(db, user.id),
  ]);
  const views = await pageViewsOf(
    db,
    user.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...ownersView(toPropertyJson(row), row, row.pendingChanges),
    contactViews: reveals.get(row.id) ?? 0,
    pageViews: views.get(row.id) ?? 0,
  }));
}

/**
 * How to reach the owner or agent of a live listing (signed-in readers only; see routes). A
 * listing that exists but is not live answers 409 "under review" with nothing of its owner
 * (spec: Property Under Review); one that does not exist, 404. A renter needs a verified
 * e-mail or phone (403), and their reveal is recorded and limited per account and per IP
 * address (contact-reveals.ts); its owner's and administrators' are neither: they are not
 * renters reaching for the owner.
 */
export async function ownerContact(
  db: Database,
  reader: UserRow,
  id: string,
  address: string,
): Promise<OwnerContact> {
  if (!isUuid(id)) throw notFound('listing_not_found');
  const contact = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ownerId: properties.ownerId,
        propertyId: properties.id,
        propertyTitle: properties.title,
        firstName: users.firstName,
        lastName: users.lastName,
        businessName: users.businessName,
        userType: users.userType,
        email: users.email,
        phone: users.phone,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(and(eq(properties.id, id), isLive))
      // Held until the reveal is written: the listing cannot be deleted in between.
      .for('key share', { of: properties });
    if (!row) return undefined;
    const { ownerId, ...details } = row;
    if (ownerId !== reader.id && !reader.isAdmin) {
      // A lister's phone and e-mail go to people Abode can reach in turn (issue 34).
      if (!reader.emailVerified && !reader.phoneVerified) {
        throw forbidden('contact_needs_verified_contact');
      }
      await recordContactReveal(tx, reader.id, id);
      await recordAddressReveal(tx, address, id);
    }
    return details;
  });
  if (contact) return contact;
  const [exists] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, id));
  if (!exists) throw notFound('listing_not_found');
  throw new AppError('property_under_review');
}
