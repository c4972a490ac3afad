import { z } from 'zod';
import { amenityIds } from './amenities';
import { pendingChangesSchema } from './listing-changes';
import { citiesOf, countryNames } from './locations';
import { currencies, DEFAULT_PRICING_PERIOD, pricingPeriods } from './money';
import {
  cleanPrice,
  listingStatuses,
  MAX_ADDRESS_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_IMAGES_PER_UPLOAD,
  MAX_LISTING_IMAGES,
  MAX_PRICE,
  MAX_ROOMS,
  MAX_TITLE_LENGTH,
} from './listing-rules';
import { categories } from './property-enums';
import { propertyTypeInput } from './property-type-input';
import {
  agentFeeKinds,
  agentFeePayers,
  furnishings,
  MAX_ADVANCE_MONTHS,
  MAX_FEE_MONTHS,
  MAX_FEE_PERCENT,
  MIN_LEASE_MONTHS_RANGE,
  NO_AGENT_FEE,
  utilities,
} from './move-in';

/**
 * What owners send to create and edit a listing (spec: List property, Edit property, sections
 * 5 and 7), the answers they get, and the status rules both sides show. Error messages are
 * keys of common/messages.ts.
 */
export * from './listing-rules';

const text = (max: number) => z.string({ error: 'required' }).trim().max(max, { error: 'tooLong' });
/** The rent: a string is cleaned of symbols and separators first; none at all is `required`. */
const rent = (min: { above: number } | { atLeast: number }) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : cleanPrice(value)) : value,
    z
      .number({
        error: (issue) => (issue.input === undefined ? 'required' : 'priceInvalid'),
      })
      .check(
        'above' in min
          ? z.gt(min.above, { error: 'priceInvalid' })
          : z.gte(min.atLeast, { error: 'priceInvalid' }),
      )
      .max(MAX_PRICE, { error: 'priceInvalid' }),
  );
const rooms = (min: number) =>
  z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(min, { error: 'invalidValue' })
    .max(MAX_ROOMS, { error: 'invalidValue' });

const listingFields = {
  title: text(MAX_TITLE_LENGTH).min(1, { error: 'required' }),
  propertyType: propertyTypeInput().default('apartment'),
  category: z.enum(categories, { error: 'invalidValue' }).default('general'),
  /** The public area line ("Adenta Housing Down, Adenta"); empty means "city, country". */
  address: text(MAX_ADDRESS_LENGTH).default(''),
  /**
   * Street and house number (issue 50): shown only to the owner, administrators and renters
   * whose viewing the lister confirmed. Left out of an edit: kept as it is.
   */
  streetAddress: text(MAX_ADDRESS_LENGTH).optional(),
  country: z.enum(countryNames, { error: 'required' }),
  city: text(100).min(1, { error: 'required' }),
  /** The rent for pricingPeriod (spec 5: above 0 when listing). */
  pricePerNight: rent({ above: 0 }),
  currency: z.enum(currencies, { error: 'invalidValue' }).optional(),
  pricingPeriod: z.enum(pricingPeriods, { error: 'invalidValue' }).default(DEFAULT_PRICING_PERIOD),
  bedrooms: rooms(0).default(1),
  bathrooms: rooms(1).default(1),
  amenities: z
    .array(z.enum(amenityIds, { error: 'invalidValue' }))
    .max(amenityIds.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  /** URLs answered by POST /api/upload/property-images (or already on the listing). */
  images: z
    .array(z.string().max(300, { error: 'invalidValue' }))
    .max(MAX_LISTING_IMAGES, { error: 'tooManyImages' })
    .default([]),
};

/** A form's empty field means `blank` (0, or null: not stated); text is trimmed. */
const blankAs = (blank: number | null) => (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? blank : value.trim()) : value;
type MonthsError = 'advanceMonthsRange' | 'minLeaseRange';
const wholeMonths = (min: number, max: number, error: MonthsError) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
/** An amount of money: at least 0, to the cent, at most MAX_PRICE; empty is 0. */
const money = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? 0 : cleanPrice(value)) : value),
  z
    .number({ error: 'amountInvalid' })
    .min(0, { error: 'amountInvalid' })
    .max(MAX_PRICE, { error: 'amountInvalid' })
    .transform((value) => Math.round(value * 100) / 100),
);

/**
 * The agent's fee (issue 20): `value` is a percentage (percent), months of rent (months) or an
 * amount in the listing's currency (fixed); none has no value.
 */
export const agentFeeSchema = z
  .object({
    kind: z.enum(agentFeeKinds, { error: 'invalidValue' }),
    value: z.preprocess(
      blankAs(0),
      z.coerce.number({ error: 'amountInvalid' }).min(0, { error: 'amountInvalid' }),
    ),
    payer: z.enum(agentFeePayers, { error: 'invalidValue' }).default('tenant'),
  })
  .superRefine((fee, context) => {
    const limit =
      fee.kind === 'percent'
        ? { max: MAX_FEE_PERCENT, message: 'feePercentRange' }
        : fee.kind === 'months'
          ? { max: MAX_FEE_MONTHS, message: 'feeMonthsRange' }
          : fee.kind === 'fixed'
            ? { max: MAX_PRICE, message: 'amountInvalid' }
            : undefined;
    if (limit && fee.value > limit.max) {
      context.addIssue({ code: 'custom', path: ['value'], message: limit.message });
    }
  })
  .transform((fee) => ({
    ...fee,
    value: fee.kind === 'none' ? 0 : Math.round(fee.value * 100) / 100,
  }));

const isoDate = z.preprocess(
  blankAs(null),
  z.iso
    .date({ error: 'dateInvalid' })
    .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', { error: 'dateInvalid' })
    .nullable(),
);

/**
 * What moving in costs and what comes with the place (issue 20). Optional on an edit: a client
 * that does not send them leaves them as they are.
 */
const moveInFields = {
  advanceMonths: z.preprocess(blankAs(0), wholeMonths(0, MAX_ADVANCE_MONTHS, 'advanceMonthsRange')),
  depositAmount: money,
  agentFee: agentFeeSchema,
  /** The first day a tenant can move in; null: now. */
  availableFrom: isoDate,
  minLeaseMonths: z.preprocess(
    blankAs(null),
    wholeMonths(MIN_LEASE_MONTHS_RANGE.min, MIN_LEASE_MONTHS_RANGE.max, 'minLeaseRange').nullable(),
  ),
  furnished: z.enum(furnishings, { error: 'invalidValue' }),
  utilitiesIncluded: z
    .array(z.enum(utilities, { error: 'invalidValue' }))
    .max(utilities.length)
    .transform((list) => [...new Set(list)]),
};
/** A new listing's terms when the form leaves them out: no advance, no fee, available now. */
const moveInDefaults = {
  advanceMonths: moveInFields.advanceMonths.default(0),
  depositAmount: moveInFields.depositAmount.default(0),
  agentFee: moveInFields.agentFee.default(NO_AGENT_FEE),
  availableFrom: moveInFields.availableFrom.default(null),
  minLeaseMonths: moveInFields.minLeaseMonths.default(null),
  furnished: moveInFields.furnished.default('unfurnished'),
  utilitiesIncluded: moveInFields.utilitiesIncluded.default([]),
};
const moveInUpdates = {
  advanceMonths: moveInFields.advanceMonths.optional(),
  depositAmount: moveInFields.depositAmount.optional(),
  agentFee: moveInFields.agentFee.optional(),
  availableFrom: moveInFields.availableFrom.optional(),
  minLeaseMonths: moveInFields.minLeaseMonths.optional(),
  furnished: moveInFields.furnished.optional(),
  utilitiesIncluded: moveInFields.utilitiesIncluded.optional(),
};

/** A GhanaPost GPS digital address: 2–3 letters, 3–4 digits, 4 digits (GA-123-4567). */
export const GHANA_POST_GPS_PATTERN = /^[A-Z]{2,3}-\d{3,4}-\d{4}$/;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const coordinate = (limit: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'invalidValue' })
      .min(-limit, { error: 'invalidValue' })
      .max(limit, { error: 'invalidValue' })
      .optional(),
  );

/**
 * Where the place is (issue 39): the pin its owner set, and its GhanaPost GPS code. Optional
 * on both forms: a new listing without a pin starts at its city's centre, an edit without one
 * keeps the pin. Whether the pin lies in the listing's country the server checks (the
 * countries' outlines are its alone). A code is upper-cased; empty means none.
 */
const locationFields = {
  latitude: coordinate(90),
  longitude: coordinate(180),
  ghanaPostGps: z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toUpperCase()) : value,
    z
      .string({ error: 'ghanaPostGpsInvalid' })
      .regex(GHANA_POST_GPS_PATTERN, { error: 'ghanaPostGpsInvalid' })
      .nullable()
      .optional(),
  ),
};

/**
 * The city must be one of the chosen country's (common/locations.ts), and a pin has both its
 * coordinates or neither.
 */
function cityInCountry(
  listing: { country: string; city: string; latitude?: number; longitude?: number },
  context: z.RefinementCtx,
) {
  if (!citiesOf(listing.country).includes(listing.city)) {
    context.addIssue({ code: 'custom', path: ['city'], message: 'invalidValue' });
  }
  if ((listing.latitude === undefined) !== (listing.longitude === undefined)) {
    const missing = listing.latitude === undefined ? 'latitude' : 'longitude';
    context.addIssue({ code: 'custom', path: [missing], message: 'pointIncomplete' });
  }
}

/** POST /api/properties. Description is required when listing (spec 5). */
export const listingInputSchema = z
  .object({
    ...listingFields,
    ...moveInDefaults,
    ...locationFields,
    description: text(MAX_DESCRIPTION_LENGTH).min(1, { error: 'required' }),
  })
  .superRefine(cityInCountry);
export type ListingInput = z.input<typeof listingInputSchema>;
export type ListingValues = z.output<typeof listingInputSchema>;

/**
 * PUT /api/properties/:id: the edit form's fields and isActive, by the edit rules of spec 5:
 * title, address, city and country required (description optional), bedrooms and bathrooms
 * at least 1, price at least 0. The web form validates with this very schema.
 */
export const listingUpdateSchema = z
  .object({
    ...listingFields,
    ...moveInUpdates,
    ...locationFields,
    description: text(MAX_DESCRIPTION_LENGTH).nullish(),
    address: text(MAX_ADDRESS_LENGTH).min(1, { error: 'required' }),
    pricePerNight: rent({ atLeast: 0 }),
    bedrooms: rooms(1).default(1),
    isActive: z.boolean({ error: 'invalidValue' }).optional(),
  })
  .superRefine(cityInCountry);
export type ListingUpdate = z.input<typeof listingUpdateSchema>;
export type ListingUpdateValues = z.output<typeof listingUpdateSchema>;

export const createdListingSchema = z.object({ id: z.string() });

/**
 * PUT answers the listing's status and what of the edit waits for review (issue 34: an
 * approved listing stays as approved meanwhile; null when nothing waits).
 */
export const updatedListingSchema = z.object({
  id: z.string(),
  status: z.enum(listingStatuses),
  pendingChanges: pendingChangesSchema.nullable().optional(),
});

/** POST /api/upload/property-images: the JSON form (the multipart form sends `images` files). */
export const imageUploadJsonSchema = z.object({
  images: z
    .array(z.string().max(8 * 1024 * 1024, { error: 'fileTooLarge' }))
    .min(1, { error: 'required' })
    .max(MAX_IMAGES_PER_UPLOAD, { error: 'tooManyImages' }),
});
export const imageUploadResultSchema = z.object({ images: z.array(z.string()) });
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;

/** GET /api/properties/:id/contact (signed-in; live listings only). */
export const ownerContactSchema = z.object({
  propertyId: z.string(),
  propertyTitle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessName: z.string().nullable(),
  userType: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OwnerContact = z.infer<typeof ownerContactSchema>;
