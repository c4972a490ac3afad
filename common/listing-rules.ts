/**
 * Listing constants and pure rules without Zod, so the web app's first chunk (the listing
 * page, cards) can use them without loading the schema library; common/listings.ts re-exports
 * them with the schemas.
 */

/** The most photos any listing carries (the plan without a limit); plans set less. */
export { MAX_LISTING_IMAGES } from './plans';

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
 * Spec 4's three statuses, Hidden (by an administrator), Reported (hidden by renters'
 * reports until an administrator looks, issue 19), Rented (its owner let it, issue 21) and
 * Expired (not confirmed available for LISTING_CONFIRM_DAYS, issue 21): see listingStatus.
 */
export const listingStatuses = [
  'pending',
  'approved',
  'live',
  'hidden',
  'reported',
  'rented',
  'expired',
] as const;

/**
 * How long a rented listing's page still says "This place has been rented" to visitors (with
 * a way to similar listings) before it answers 404 like any listing that is gone.
 */
export const RENTED_PAGE_DAYS = 14;

/**
 * A live listing its owner has not confirmed available (or renewed) for this many days
 * leaves search: a place let months ago wastes renters' time and looks like a scam. Its owner
 * is reminded CONFIRM_REMINDER_DAYS after the last confirmation, with one-tap answers.
 */
export const LISTING_CONFIRM_DAYS = 30;
export const CONFIRM_REMINDER_DAYS = 27;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since a listing was last confirmed available ("Confirmed 3 days ago"); ≥ 0. */
export function daysSinceConfirmed(confirmedAt: string | Date, now: Date = new Date()): number {
  const elapsed = now.getTime() - new Date(confirmedAt).getTime();
  return Math.max(0, Math.floor(elapsed / DAY_MS));
}

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

/**
 * Spec 4: unverified → Pending Approval; verified and active → Live; verified only → Approved.
 * A listing an administrator hid is Hidden whatever else holds: only an administrator shows it.
 * One its reports hid is Reported ("Hidden while we review reports") until an administrator
 * resolves them. One its owner marked rented is Rented until they make it available again.
 * One that went unconfirmed is Expired until its owner renews it.
 */
export type ListingStatus = (typeof listingStatuses)[number];
export function listingStatus(listing: {
  isVerified: boolean;
  isActive: boolean;
  hiddenByAdmin?: boolean;
  hiddenForReports?: boolean;
  rentedAt?: string | Date | null;
  expiredAt?: string | Date | null;
}): ListingStatus {
  if (listing.hiddenByAdmin) return 'hidden';
  if (listing.hiddenForReports) return 'reported';
  if (listing.rentedAt) return 'rented';
  if (listing.expiredAt) return 'expired';
  if (!listing.isVerified) return 'pending';
  return listing.isActive ? 'live' : 'approved';
}

/** Digits of a phone number for a wa.me link ("+233 24 123 4567" → "233241234567"). */
export const whatsappNumber = (phone: string) => phone.replace(/\D/g, '');

/** From this many listers with a live listing the home page says "500+", not the number. */
export const LISTERS_SHOWN_AS_PLUS = 500;
