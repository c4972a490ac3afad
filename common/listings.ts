import { z } from 'zod';
import { amenityIds } from './amenities';
import { citiesOf, countryNames } from './locations';
import { currencies, DEFAULT_PRICING_PERIOD, pricingPeriods } from './money';
import { categories, propertyTypes } from './property-enums';

/**
 * What owners send to create and edit a listing (spec: List property, Edit property, sections
 * 5 and 7), the answers they get, and the status rules both sides show. Error messages are
 * keys of common/messages.ts.
 */

export const MAX_LISTING_IMAGES = 20;
/** Per request of POST /api/upload/property-images. */
export const MAX_IMAGES_PER_UPLOAD = 10;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_ADDRESS_LENGTH = 200;
export const MAX_PRICE = 100_000_000;
export const MAX_ROOMS = 50;

/**
 * The price as typed, without currency symbols, thousands separators and spaces (spec 5):
 * "GH₵ 2,500.50" → 2500.5. NaN when nothing numeric is left.
 */
export function cleanPrice(value: string | number): number {
  if (typeof value === 'number') return value;
  const cleaned = value.replace(/GH₵|GHS|\$|,|\s/gi, '');
  return cleaned === '' || !/^\d*\.?\d+$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

/** "city, country", the address of a listing whose owner left it empty (spec 5). */
export const defaultAddress = (city: string, country: string) => `${city}, ${country}`;

const text = (max: number) => z.string({ error: 'required' }).trim().max(max, { error: 'tooLong' });
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
  /** The rent for pricingPeriod; a string is cleaned of symbols and separators first. */
  pricePerNight: z.preprocess(
    (value) => (typeof value === 'string' ? cleanPrice(value) : value),
    z
      .number({ error: 'priceInvalid' })
      .gt(0, { error: 'priceInvalid' })
      .max(MAX_PRICE, { error: 'priceInvalid' }),
  ),
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

/** PUT /api/properties/:id: the edit form's fields (description optional) and isActive. */
export const listingUpdateSchema = z
  .object({
    ...listingFields,
    description: text(MAX_DESCRIPTION_LENGTH).nullish(),
    isActive: z.boolean({ error: 'invalidValue' }).optional(),
  })
  .superRefine(cityInCountry);
export type ListingUpdate = z.input<typeof listingUpdateSchema>;
export type ListingUpdateValues = z.output<typeof listingUpdateSchema>;

export const createdListingSchema = z.object({ id: z.string() });

/** PUT answers whether the change sent a live listing back to review. */
export const updatedListingSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'live']),
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

/** Spec 4: unverified → Pending Approval; verified and active → Live; verified only → Approved. */
export type ListingStatus = 'pending' | 'approved' | 'live';
export function listingStatus(listing: { isVerified: boolean; isActive: boolean }): ListingStatus {
  if (!listing.isVerified) return 'pending';
  return listing.isActive ? 'live' : 'approved';
}

/** Digits of a phone number for a wa.me link ("+233 24 123 4567" → "233241234567"). */
export const whatsappNumber = (phone: string) => phone.replace(/\D/g, '');
