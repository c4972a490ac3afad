import type { User } from '#common/auth';
import {
  CONFIRM_REMINDER_DAYS,
  daysSinceConfirmed,
  LISTING_CONFIRM_DAYS,
  listingStatus,
  listingStatuses,
  type ListingStatus,
} from '#common/listing-rules';
import type { Property } from '#common/properties';

/** Owners and agents manage listings; so does anyone who already has one (spec, dashboard). */
export function isHost(user: Pick<User, 'userType'>, listings: readonly unknown[] | undefined) {
  return user.userType !== 'renter' || (listings?.length ?? 0) > 0;
}

/**
 * Mean of averageRating over the user's listings that have one (spec), 0 when none has (shown
 * "0.0"). Ratings come from reviews of viewings (issue 40): a listing nobody has reviewed has
 * no rating (0, shown nowhere), and counting it as 0 would pull the mean down for nothing.
 */
export function meanRating(listings: readonly Pick<Property, 'averageRating'>[]): number {
  const rated = listings.filter((listing) => listing.averageRating > 0);
  if (rated.length === 0) return 0;
  return rated.reduce((sum, listing) => sum + listing.averageRating, 0) / rated.length;
}

/** How often others opened the pages of all the user's listings (analytics' page loads). */
export const totalViews = (listings: readonly Pick<Property, 'pageViews'>[]) =>
  listings.reduce((sum, listing) => sum + (listing.pageViews ?? 0), 0);

/** Listings a page of the host's grid holds (like search's 12). */
export const HOST_PAGE_SIZE = 12;

export type HostStatusFilter = 'all' | ListingStatus;
export const hostStatusFilters: readonly HostStatusFilter[] = ['all', ...listingStatuses];

/** A filter named in the URL, or all listings for anything else. */
export const hostStatusFilterOf = (value: string | null): HostStatusFilter =>
  hostStatusFilters.find((filter) => filter === value) ?? 'all';

type Listed = Pick<
  Property,
  'isVerified' | 'isActive' | 'hiddenByAdmin' | 'hiddenForReports' | 'rentedAt' | 'expiredAt'
>;

/** How many of the listings each filter shows. */
export function statusCounts(listings: readonly Listed[]): Record<HostStatusFilter, number> {
  const counts: Record<HostStatusFilter, number> = {
    all: listings.length,
    pending: 0,
    approved: 0,
    live: 0,
    hidden: 0,
    reported: 0,
    rented: 0,
    expired: 0,
  };
  for (const listing of listings) counts[listingStatus(listing)] += 1;
  return counts;
}

/** The page of listings the filter keeps (pages from 1, clamped to the last page). */
export function hostPage<T extends Listed>(
  listings: readonly T[],
  filter: HostStatusFilter,
  requestedPage: number,
): { items: T[]; page: number; pages: number } {
  const kept =
    filter === 'all' ? [...listings] : listings.filter((l) => listingStatus(l) === filter);
  const pages = Math.max(1, Math.ceil(kept.length / HOST_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pages);
  const start = (page - 1) * HOST_PAGE_SIZE;
  return { items: kept.slice(start, start + HOST_PAGE_SIZE), page, pages };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a live listing leaves search unless its owner confirms it again (issue 21), from the
 * day the reminder goes out (CONFIRM_REMINDER_DAYS after the last confirmation); null before,
 * when there is no reason to say it.
 */
export function confirmBy(confirmedAt: string, now: Date = new Date()): Date | null {
  if (daysSinceConfirmed(confirmedAt, now) < CONFIRM_REMINDER_DAYS) return null;
  return new Date(new Date(confirmedAt).getTime() + LISTING_CONFIRM_DAYS * DAY_MS);
}
