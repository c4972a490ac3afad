import { z } from 'zod';
import { pathId } from './fields';
import { amenityIds } from './amenities';
import { userTypes } from './auth-rules';
import { currencies, pricingPeriods } from './money';
import {
  categories,
  propertyTypes,
  SEARCH_MAX_LIMIT,
  searchPeriods,
  searchSorts,
} from './property-enums';
import { propertyTypeInput } from './property-type-input';
import { responseTimeSchema } from './conversations';
import { listerBadgesSchema } from './verifications';
import { pendingChangesSchema } from './listing-changes';
import {
  agentFeeKinds,
  agentFeePayers,
  furnishings,
  MAX_ADVANCE_MONTHS,
  utilities,
} from './move-in';

export const photoSchema = z.object({
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});

/**
 * A listing as every screen reads it. Both spellings of the spec are present (docs/design.md):
 * pricePerNight and price hold the rent for pricingPeriod; isVerified and verified;
 * averageRating and rating. `images` are URLs of a mid-size variant; `photos` carry what a
 * responsive <img srcset> needs.
 */
export const propertySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  propertyType: z.enum(propertyTypes),
  category: z.enum(categories),
  address: z
    .string()
    .describe('The public area line ("Adenta Housing Down, Adenta"), never the street address'),
  city: z.string(),
  country: z.string(),
  /**
   * Where it is on a map (issue 39). Everyone but its owner and administrators gets the public
   * point: within LOCATION_RADIUS_METERS of the place, the same every time, `approximate`
   * true. Its owner and administrators get the pin itself, `approximate` false.
   */
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      approximate: z.boolean(),
      radiusMeters: z.number().int().describe('0 for the exact point'),
    })
    .describe(
      'The map point: a blurred public point for renters and visitors (search matches these), the exact pin for the owner and administrators',
    ),
  /** "City, Country": the place as text (until issue 39 the spec's `location`). */
  locationText: z.string(),
  /**
   * The GhanaPost GPS digital address (GA-123-4567), or null: in its owner's and
   * administrators' JSON only (a renter with a confirmed viewing reads it on the viewing).
   */
  ghanaPostGps: z.string().nullable().optional(),
  /**
   * Street and house number (issue 50), in its owner's and administrators' JSON only; `address`
   * is the public area line. A renter with a confirmed viewing reads it on the viewing.
   */
  streetAddress: z
    .string()
    .optional()
    .describe('Street and house number: the owner’s and administrators’ JSON only'),
  pricePerNight: z.number(),
  price: z.number(),
  currency: z.enum(currencies),
  pricingPeriod: z.enum(pricingPeriods),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  amenities: z.array(z.enum(amenityIds)),
  /** What moving in costs and what comes with it (issue 20); amounts in `currency`. */
  advanceMonths: z.number().int(),
  depositAmount: z.number(),
  agentFee: z.object({
    kind: z.enum(agentFeeKinds),
    value: z.number(),
    payer: z.enum(agentFeePayers),
  }),
  /** YYYY-MM-DD; null: available now. */
  availableFrom: z.string().nullable(),
  minLeaseMonths: z.number().int().nullable(),
  furnished: z.enum(furnishings),
  utilitiesIncluded: z.array(z.enum(utilities)),
  /** common/move-in.ts moveInCost of the above, in `currency` (decision 026). */
  moveInCost: z
    .object({
      advance: z.number().describe('advanceMonths of rent, whole units'),
      firstRent: z
        .number()
        .describe(
          'With no advance, the first rent payment (a week of a weekly rent, a month of a monthly or yearly one); else 0',
        ),
      deposit: z.number().describe('The deposit, whole units'),
      agentFee: z.number().describe("The tenant's share of the agent fee, whole units"),
      total: z.number().describe('The sum of the parts: what maxMoveIn compares'),
    })
    .describe(
      'What a renter pays before moving in, in `currency`: each part rounded to whole cedis or dollars, halves up, and the total their sum',
    ),
  images: z.array(z.string()),
  image: z.string().nullable(),
  photos: z.array(photoSchema),
  averageRating: z.number(),
  rating: z.number(),
  reviewCount: z.number().int(),
  isVerified: z.boolean(),
  verified: z.boolean(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  featuredOrder: z.number().int().nullable(),
  /** Why the photos were not approved (only non-live listings, seen by owner and admins). */
  rejectionReason: z.string().nullable(),
  /** An administrator hid it: only an administrator shows it again (owner and admins see it). */
  hiddenByAdmin: z.boolean(),
  /** The administrator's reason for hiding it, shown to its owner. */
  hiddenReason: z.string().nullable(),
  /** Renters' reports hid it until an administrator resolves them (owner and admins see it). */
  hiddenForReports: z.boolean(),
  /**
   * When its owner marked it rented (issue 21; ISO), or null. Visitors still read a rented
   * listing for RENTED_PAGE_DAYS, so its page can say so; it is in no search.
   */
  rentedAt: z.string().nullable(),
  /**
   * When its owner last confirmed it available, renewed it, or it went live (ISO): cards and
   * its page say "Confirmed N days ago". Unconfirmed for LISTING_CONFIRM_DAYS, it expires.
   */
  confirmedAt: z.string(),
  /** When it expired unconfirmed (issue 21; ISO), or null: out of search until renewed. */
  expiredAt: z.string().nullable(),
  /**
   * How many signed-in renters revealed its contact details (its owner's own listings only;
   * absent elsewhere).
   */
  contactViews: z.number().int().optional(),
  /**
   * How many times its page was opened, from visitor analytics' page loads (its owner's own
   * listings only; absent elsewhere): the dashboard's Total Views.
   */
  pageViews: z.number().int().optional(),
  /**
   * Its owner's edit of reviewed fields or photos waiting for review (issue 34; null when
   * none): in its owner's and administrators' JSON only. Every other field is the approved
   * listing renters see.
   */
  pendingChanges: pendingChangesSchema.nullable().optional(),
  createdAt: z.string(),
  /**
   * Whether the signed-in reader owns it (false for visitors). Who owns a listing is never
   * sent: it would tie listings together and to an account id.
   */
  isOwn: z.boolean(),
  ownerUserType: z.enum(userTypes),
  /** What Abode checked about the lister (issue 19): the badges on cards and the listing page. */
  lister: listerBadgesSchema.extend({
    /** The lister's public page, /listers/{handle} (issue 40): stable, not the account id. */
    handle: z.string(),
    /** How the lister answers enquiries (issue 37); null until they have had 3. */
    responseTime: responseTimeSchema.nullable(),
  }),
  /** Whether the signed-in reader saved it; false for visitors. */
  isFavorite: z.boolean(),
  /**
   * When the signed-in reader reported it (ISO time), or null if they did not (issue 34). On
   * GET /api/properties/{id} for signed-in readers only; absent for visitors and in lists.
   */
  reportedByMe: z.string().nullable().optional(),
  /**
   * Kilometres from the search's `near` point to the public point, one decimal: in search
   * results with `near` only.
   */
  distanceKm: z.number().optional(),
});
export type Property = z.infer<typeof propertySchema>;

export const propertyListSchema = z.array(propertySchema);

/** GET /api/properties/stats: what the home page says of the marketplace (issue 50). */
export const marketplaceStatsSchema = z.object({
  listers: z.number().int().describe('Owners and agents with at least one live listing'),
});
export type MarketplaceStats = z.infer<typeof marketplaceStatsSchema>;
export const searchResultSchema = z.object({
  properties: z.array(propertySchema),
  total: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

// Plain values, kept where the web app can import them without Zod; re-exported for the server.
export { SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE, searchSorts, type SearchSort } from './property-enums';

/** Query strings send '' for an empty form field: treat it as absent. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());
const whole = (min: number, max: number) =>
  optional(
    z.coerce
      .number({ error: 'invalidValue' })
      .int({ error: 'invalidValue' })
      .min(min, { error: 'invalidValue' })
      .max(max, { error: 'invalidValue' }),
  );
const amount = optional(
  z.coerce
    .number({ error: 'invalidValue' })
    .min(0, { error: 'invalidValue' })
    .max(1e9, { error: 'invalidValue' }),
);

/**
 * `count` numbers separated by commas, longitude then latitude in turn, each on the globe:
 * longitudes within ±180, latitudes within ±90.
 */
const coordinates = (count: number) =>
  z
    .string()
    .transform((text) => text.split(',').map((part) => (part.trim() === '' ? NaN : Number(part))))
    .refine(
      (numbers) =>
        numbers.length === count &&
        numbers.every(
          (value, i) => Number.isFinite(value) && Math.abs(value) <= (i % 2 === 0 ? 180 : 90),
        ),
      { error: 'invalidValue' },
    );

/** GET /api/properties/search (docs/design.md, search rules). `type` is the spec's alias. */
export const searchQuerySchema = z
  .object({
    location: optional(z.string().trim().max(200, { error: 'tooLong' })),
    propertyType: optional(propertyTypeInput()),
    type: optional(propertyTypeInput()),
    category: optional(z.enum(categories, { error: 'invalidValue' })),
    bedrooms: whole(0, 20),
    guests: whole(1, 50),
    amenities: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((a) => a.trim())
              .filter(Boolean)
          : value,
      z
        .array(z.enum(amenityIds, { error: 'invalidValue' }))
        .max(amenityIds.length)
        .optional(),
    ),
    minPrice: amount,
    maxPrice: amount,
    timePeriod: optional(z.enum(searchPeriods, { error: 'invalidValue' })),
    currency: optional(z.enum(currencies, { error: 'invalidValue' })),
    sort: optional(z.enum(searchSorts, { error: 'invalidValue' })),
    /**
     * `true` (or `1`): only listings of listers whose identity or agent licence Abode checked.
     * `false`, `0` or absent: no filter. A checkbox that is not ticked sends nothing.
     */
    verifiedLister: optional(
      z
        .enum(['true', '1', 'false', '0'], { error: 'invalidValue' })
        .transform((value) => value === 'true' || value === '1'),
    ),
    /** Move-in terms (issue 20): at most this many months of rent in advance. */
    maxAdvanceMonths: whole(0, MAX_ADVANCE_MONTHS),
    /**
     * Reviews (issue 40): listings whose average rating from viewings is at least this, 1 to
     * 5 (two decimals are kept); a listing with no review has none, so it is left out.
     */
    minRating: optional(
      z.coerce
        .number({ error: 'invalidValue' })
        .min(1, { error: 'invalidValue' })
        .max(5, { error: 'invalidValue' })
        .transform((value) => Math.round(value * 100) / 100)
        .describe('1 to 5: the least average rating; unreviewed listings are left out'),
    ),
    /** What moving in costs at most, in `currency` (converted like prices). */
    maxMoveIn: amount,
    /** Available to move in on or before this date (YYYY-MM-DD). */
    availableBy: optional(z.iso.date({ error: 'invalidValue' })),
    furnished: optional(z.enum(furnishings, { error: 'invalidValue' })),
    /**
     * An area (issue 39), `minLng,minLat,maxLng,maxLat`: listings whose public point lies in it
     * (edges included). A box that is malformed, off the globe or inverted is a 400.
     */
    bbox: optional(
      coordinates(4)
        .refine(([minLng, minLat, maxLng, maxLat]) => minLng! <= maxLng! && minLat! <= maxLat!, {
          error: 'invalidValue',
        })
        .transform(([minLng, minLat, maxLng, maxLat]) => ({
          minLng: minLng!,
          minLat: minLat!,
          maxLng: maxLng!,
          maxLat: maxLat!,
        }))
        .describe(
          'An area, minLng,minLat,maxLng,maxLat: listings whose public (blurred) point is in it, edges included; 400 when malformed, off the globe or inverted',
        ),
    ),
    /**
     * A place (issue 39), `lng,lat`: each result then carries `distanceKm` from it to its
     * public point, and the sort is `distance` unless another is asked for.
     */
    near: optional(
      coordinates(2)
        .transform(([longitude, latitude]) => ({
          longitude: longitude!,
          latitude: latitude!,
        }))
        .describe(
          'A place, lng,lat: each result gains distanceKm (to its public point, one decimal) and the default sort becomes distance',
        ),
    ),
    page: whole(1, 10_000),
    limit: whole(1, SEARCH_MAX_LIMIT),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['maxPrice'],
    message: 'invalidValue',
  })
  .refine((q) => q.sort !== 'distance' || q.near !== undefined, {
    path: ['near'],
    message: 'required',
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Any text up to 100 characters: an id that names no listing answers 404, like a missing one. */
export const propertyIdParamsSchema = z.object({ id: pathId() });
