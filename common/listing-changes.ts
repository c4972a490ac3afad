import { z } from 'zod';
import { defaultAddress } from './listing-rules';
import { distanceMeters, POINT_REVIEW_METERS } from './geo';
import { defaultCurrencyFor } from './locations';
import type { currencies, Currency, PricingPeriod, pricingPeriods } from './money';
import type { AgentFee, AgentFeeKind, AgentFeePayer, Furnishing, Utility } from './move-in';
import type { Category, PropertyType } from './property-enums';

/**
 * What renters rely on when they decide to call a lister (issue 19): a change to any of it on
 * an approved listing sends the listing back to Pending Approval, and the administrator's
 * approval screen shows it as before → after. What moving in costs is part of the price
 * (issue 20): an advance, deposit or agent fee raised after approval is the same trick as a
 * raised rent. So are the other terms a renter decides on (issue 34): what kind of place it
 * is, its furnishing, the utilities included, the minimum lease and when it is available.
 * Bedrooms, bathrooms and amenities are details an owner corrects freely; photos have their
 * own rule (any added or removed photo needs review). The pin (issue 39) is reviewed when it
 * moves more than POINT_REVIEW_METERS: renters rely on where the place is, while a small
 * correction of the pin is the owner's to make. So is the street address (issue 50), which a
 * renter with a confirmed viewing walks to.
 */
export const reviewedFields = [
  'title',
  'description',
  'price',
  'currency',
  'pricingPeriod',
  'city',
  'address',
  'streetAddress',
  'country',
  'advanceMonths',
  'depositAmount',
  'agentFeeKind',
  'agentFeeValue',
  'agentFeePayer',
  'propertyType',
  'category',
  'furnished',
  'utilitiesIncluded',
  'minLeaseMonths',
  'availableFrom',
  'latitude',
  'longitude',
] as const;
export type ReviewedField = (typeof reviewedFields)[number];

/** The reviewed fields and the photo keys as an administrator last approved them. */
export type ApprovedSnapshot = {
  title: string;
  description: string | null;
  price: number;
  currency: (typeof currencies)[number];
  pricingPeriod: (typeof pricingPeriods)[number];
  city: string;
  address: string;
  country: string;
  advanceMonths: number;
  depositAmount: number;
  agentFeeKind: AgentFeeKind;
  agentFeeValue: number;
  agentFeePayer: AgentFeePayer;
  // Reviewed since issue 34: absent from approvals recorded before it.
  propertyType?: PropertyType;
  category?: Category;
  furnished?: Furnishing;
  utilitiesIncluded?: string[];
  minLeaseMonths?: number | null;
  /** YYYY-MM-DD, or null: available now. */
  availableFrom?: string | null;
  // Reviewed since issue 39.
  latitude?: number;
  longitude?: number;
  // Since issue 50 (street and house number; `address` is the public area line).
  streetAddress?: string;
  photoKeys: string[];
  /** When it was approved (ISO 8601). */
  approvedAt: string;
};

type MoveInReviewed =
  | 'advanceMonths'
  | 'depositAmount'
  | 'agentFeeKind'
  | 'agentFeeValue'
  | 'agentFeePayer'
  | 'furnished'
  | 'utilitiesIncluded'
  | 'minLeaseMonths'
  | 'availableFrom'
  | 'latitude'
  | 'longitude'
  | 'streetAddress';
/** The move-in terms (and kinds) are absent when an edit leaves them as they are. */
export type Reviewed = Omit<ApprovedSnapshot, 'photoKeys' | 'approvedAt' | MoveInReviewed> &
  Partial<Pick<ApprovedSnapshot, MoveInReviewed | 'propertyType' | 'category'>>;

/**
 * The reviewed fields of the listing form's values as the server stores them: a blank
 * description is none, an empty address is "city, country", the currency follows the country
 * unless chosen; the agent fee as its three columns. The server saves with it; the edit page
 * asks with it whether a save needs a new approval.
 */
export function reviewedValuesOf(values: {
  title: string;
  description?: string | null;
  pricePerNight: number;
  currency?: Currency;
  pricingPeriod: PricingPeriod;
  city: string;
  address?: string;
  streetAddress?: string;
  country: string;
  advanceMonths?: number;
  depositAmount?: number;
  agentFee?: AgentFee;
  propertyType?: PropertyType;
  category?: Category;
  furnished?: Furnishing;
  utilitiesIncluded?: Utility[];
  minLeaseMonths?: number | null;
  availableFrom?: string | null;
  latitude?: number;
  longitude?: number;
}): Reviewed {
  const { agentFee } = values;
  const terms = {
    advanceMonths: values.advanceMonths,
    depositAmount: values.depositAmount,
    agentFeeKind: agentFee?.kind,
    agentFeeValue: agentFee?.value,
    agentFeePayer: agentFee?.payer,
    propertyType: values.propertyType,
    category: values.category,
    furnished: values.furnished,
    utilitiesIncluded: values.utilitiesIncluded,
    minLeaseMonths: values.minLeaseMonths,
    availableFrom: values.availableFrom,
    latitude: values.latitude,
    longitude: values.longitude,
    streetAddress: values.streetAddress?.trim(),
  };
  return {
    ...(Object.fromEntries(
      Object.entries(terms).filter(([, value]) => value !== undefined),
    ) as Partial<typeof terms>),
    title: values.title,
    description: values.description?.trim() || null,
    price: values.pricePerNight,
    currency: values.currency ?? defaultCurrencyFor(values.country),
    pricingPeriod: values.pricingPeriod,
    city: values.city,
    address: values.address || defaultAddress(values.city, values.country),
    country: values.country,
  };
}

/**
 * The reviewed fields whose value differs between two states of a listing; a field one of them
 * does not state (an edit that leaves the terms out) is not a change.
 */
export function changedFields(before: Reviewed, after: Reviewed): ReviewedField[] {
  const moved = pointMoved(before, after);
  return reviewedFields.filter((field) =>
    field === 'latitude' || field === 'longitude'
      ? moved
      : before[field] !== undefined &&
        after[field] !== undefined &&
        !sameValue(before[field], after[field]),
  );
}

/** Whether the pin moved more than POINT_REVIEW_METERS (both states state one). */
function pointMoved(before: Reviewed, after: Reviewed): boolean {
  if (before.latitude === undefined || before.longitude === undefined) return false;
  if (after.latitude === undefined || after.longitude === undefined) return false;
  const from = { latitude: before.latitude, longitude: before.longitude };
  const to = { latitude: after.latitude, longitude: after.longitude };
  return distanceMeters(from, to) > POINT_REVIEW_METERS;
}

/** Lists (the utilities included) are the same whatever their order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  }
  return a === b;
}

const fieldValue = z.union([z.string(), z.number(), z.array(z.string())]).nullable();

/**
 * What changed since the last approval, for the approval screen: each changed field before
 * and after, and which photos were added or removed (by key). Null when the listing was never
 * approved (a new listing: everything is new). `approvedAt` is null for a listing approved
 * before approvals were dated (its approved values are the listing's own, issue 34).
 */
export const listingChangesSchema = z.object({
  approvedAt: z.string().nullable(),
  fields: z.array(
    z.object({ field: z.enum(reviewedFields), before: fieldValue, after: fieldValue }),
  ),
  photosAdded: z.array(z.string()),
  photosRemoved: z.array(z.string()),
});
export type ListingChanges = z.infer<typeof listingChangesSchema>;

/** The difference between the approved snapshot and the listing as it is now. */
export function changesSinceApproval(
  snapshot: ApprovedSnapshot,
  now: Omit<ApprovedSnapshot, 'approvedAt' | 'photoKeys'> & { photoKeys: readonly string[] },
): ListingChanges {
  const before = new Set(snapshot.photoKeys);
  const after = new Set(now.photoKeys);
  return {
    approvedAt: snapshot.approvedAt,
    fields: changedFields(snapshot, now).map((field) => ({
      field,
      before: snapshot[field] ?? null,
      after: now[field] ?? null,
    })),
    photosAdded: now.photoKeys.filter((key) => !before.has(key)),
    photosRemoved: snapshot.photoKeys.filter((key) => !after.has(key)),
  };
}

/**
 * An owner's edit of an approved listing waiting for review (issue 34): the listing row keeps
 * the approved values, which renters, search and alerts read, and this keeps the proposed
 * ones until an administrator approves (applied to the row) or rejects (dropped). `values`
 * holds the changed reviewed fields only, as columns; `photos` the proposed photo set when it
 * adds or removes a photo (absent when the approved photos stay).
 */
export type PendingChanges = {
  values: Partial<Record<ReviewedField, string | number | string[] | null>>;
  photos?: PendingPhoto[];
  /** When the owner last saved the change (ISO 8601). */
  submittedAt: string;
};
type PendingPhoto = { key: string; width: number; height: number; widths: number[] };

/** Proposed photos as the API shows them (the shape of common/images.ts Photo). */
const pendingPhotoSchema = z.object({
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});

/**
 * Pending changes in the listing JSON of its owner and of administrators, never of renters:
 * which reviewed fields wait (`photos` too when the photo set does), their proposed values, the
 * proposed photo set (null when unchanged) and when they were sent.
 */
export const pendingChangesSchema = z.object({
  fields: z.array(z.enum([...reviewedFields, 'photos'])),
  values: z.partialRecord(
    z.enum(reviewedFields),
    z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
  ),
  photos: z.array(pendingPhotoSchema).nullable(),
  submittedAt: z.string(),
});
export type PendingChangesJson = z.infer<typeof pendingChangesSchema>;

export function pendingChangesJson(pending: PendingChanges | null): PendingChangesJson | null {
  if (!pending) return null;
  const fields = reviewedFields.filter((field) => field in pending.values);
  return {
    fields: pending.photos ? [...fields, 'photos'] : fields,
    values: pending.values,
    photos: pending.photos ?? null,
    submittedAt: pending.submittedAt,
  };
}

/**
 * The pending changes of an approved listing for the approval screen: before is the listing
 * as renters see it (the row keeps the approved values), after what its owner proposes.
 */
export function changesAwaitingReview(
  approved: Omit<ApprovedSnapshot, 'approvedAt' | 'photoKeys'> & { photoKeys: readonly string[] },
  approvedAt: string | null,
  pending: PendingChanges,
): ListingChanges {
  const proposed = pending.photos?.map((photo) => photo.key) ?? approved.photoKeys;
  const before = new Set(approved.photoKeys);
  const after = new Set(proposed);
  return {
    approvedAt,
    fields: reviewedFields
      .filter((field) => field in pending.values)
      .map((field) => ({
        field,
        before: approved[field] ?? null,
        after: pending.values[field] ?? null,
      })),
    photosAdded: proposed.filter((key) => !before.has(key)),
    photosRemoved: approved.photoKeys.filter((key) => !after.has(key)),
  };
}

/**
 * The listing as its owner proposes it: the approved listing with the changes waiting for
 * review laid over it (the edit page's form, the approval card). The listing itself when
 * nothing waits.
 */
export function proposedListing<
  L extends {
    pendingChanges?: PendingChangesJson | null;
    agentFee: AgentFee;
    photos: PendingPhoto[];
  },
>(listing: L, photoUrl: (photo: PendingPhoto) => string): L {
  const pending = listing.pendingChanges;
  if (!pending) return listing;
  const { price, agentFeeKind, agentFeeValue, agentFeePayer, ...same } = pending.values;
  const agentFee = {
    kind: (agentFeeKind ?? listing.agentFee.kind) as AgentFeeKind,
    value: (agentFeeValue ?? listing.agentFee.value) as number,
    payer: (agentFeePayer ?? listing.agentFee.payer) as AgentFeePayer,
  };
  const photos = pending.photos ?? listing.photos;
  return {
    ...listing,
    ...same,
    ...(price !== undefined ? { price, pricePerNight: price } : {}),
    agentFee,
    photos,
    images: photos.map(photoUrl),
  };
}
