import { z } from 'zod';
import { amenityIds } from './amenities';
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
import { categories, propertyTypes } from './property-enums';

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
  propertyType: z.enum(propertyTypes, { error: 'invalidValue' }).default('apartment'),
  category: z.enum(categories, { error: 'invalidValue' }).default('general'),
  /** Empty means "city, country". */
  address: text(MAX_ADDRESS_LENGTH).default(''),
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

/** The city must be one of the chosen country's (common/locations.ts). */
function cityInCountry(listing: { country: string; city: string }, context: z.RefinementCtx) {
  if (!citiesOf(listing.country).includes(listing.city)) {
    context.addIssue({ code: 'custom', path: ['city'], message: 'invalidValue' });
  }
}

/** POST /api/properties. Description is required when listing (spec 5). */
export const listingInputSchema = z
  .object({
    ...listingFields,
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

/** PUT answers whether the change sent a live listing back to review. */
export const updatedListingSchema = z.object({
  id: z.string(),
  status: z.enum(listingStatuses),
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
