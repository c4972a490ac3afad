import { z } from 'zod';
import { defaultAddress } from './listing-rules';
import { defaultCurrencyFor } from './locations';
import type { currencies, Currency, PricingPeriod, pricingPeriods } from './money';
import type { AgentFee, AgentFeeKind, AgentFeePayer } from './move-in';

/**
 * What renters rely on when they decide to call a lister (issue 19): a change to any of it on
 * an approved listing sends the listing back to Pending Approval, and the administrator's
 * approval screen shows it as before → after. What moving in costs is part of the price
 * (issue 20): an advance, deposit or agent fee raised after approval is the same trick as a
 * raised rent. Bedrooms, amenities, availability and the like are details an owner corrects
 * freely; photos have their own rule (any added or removed photo needs review).
 */
export const reviewedFields = [
  'title',
  'description',
  'price',
  'currency',
  'pricingPeriod',
  'city',
  'address',
  'country',
  'advanceMonths',
  'depositAmount',
  'agentFeeKind',
  'agentFeeValue',
  'agentFeePayer',
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
  photoKeys: string[];
  /** When it was approved (ISO 8601). */
  approvedAt: string;
};

type MoveInReviewed =
  'advanceMonths' | 'depositAmount' | 'agentFeeKind' | 'agentFeeValue' | 'agentFeePayer';
/** The move-in terms are absent when an edit leaves them as they are. */
export type Reviewed = Omit<ApprovedSnapshot, 'photoKeys' | 'approvedAt' | MoveInReviewed> &
  Partial<Pick<ApprovedSnapshot, MoveInReviewed>>;

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
  country: string;
  advanceMonths?: number;
  depositAmount?: number;
  agentFee?: AgentFee;
}): Reviewed {
  const { agentFee } = values;
  const terms = {
    advanceMonths: values.advanceMonths,
    depositAmount: values.depositAmount,
    agentFeeKind: agentFee?.kind,
    agentFeeValue: agentFee?.value,
    agentFeePayer: agentFee?.payer,
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
  return reviewedFields.filter(
    (field) =>
      before[field] !== undefined && after[field] !== undefined && before[field] !== after[field],
  );
}

const fieldValue = z.union([z.string(), z.number()]).nullable();

/**
 * What changed since the last approval, for the approval screen: each changed field before
 * and after, and which photos were added or removed (by key). Null when the listing was never
 * approved (a new listing: everything is new).
 */
export const listingChangesSchema = z.object({
  approvedAt: z.string(),
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
      before: snapshot[field],
      after: now[field],
    })),
    photosAdded: now.photoKeys.filter((key) => !before.has(key)),
    photosRemoved: snapshot.photoKeys.filter((key) => !after.has(key)),
  };
}
