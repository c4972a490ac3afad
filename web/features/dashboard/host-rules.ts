import type { User } from '#common/auth';
import type { Property } from '#common/properties';

/** Owners and agents manage listings; so does anyone who already has one (spec, dashboard). */
export function isHost(user: Pick<User, 'userType'>, listings: readonly unknown[] | undefined) {
  return user.userType !== 'renter' || (listings?.length ?? 0) > 0;
}

/** Mean of averageRating over the user's listings; 0 without listings (shown "0.0"). */
export function meanRating(listings: readonly Pick<Property, 'averageRating'>[]): number {
  if (listings.length === 0) return 0;
  return listings.reduce((sum, listing) => sum + listing.averageRating, 0) / listings.length;
}

export const activeCount = (listings: readonly Pick<Property, 'isActive'>[]) =>
  listings.filter((listing) => listing.isActive).length;
