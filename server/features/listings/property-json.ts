import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { UserType } from '#common/auth-rules';
import { publicResponseTime, responseTimeOf, type ResponseTime } from '#common/conversations';
import { photoDefaultUrl } from '#common/images';
import { pendingChangesJson, type PendingChanges } from '#common/listing-changes';
import { moveInCost } from '#common/move-in';
import { LOCATION_RADIUS_METERS } from '#common/geo';
import type { Property } from '#common/properties';
import type { ListerBadges } from '#common/verifications';
import { users } from '../../db/schema';
import { favorites, properties } from './schema';

// Everything a listing shows; the search columns stay in the database, and so does the state
// an administrator last approved (read by the approval screen alone, admin/listings.ts) and
// an owner's changes waiting for review (their owner's and administrators' alone: ownersView).
const {
  searchText: _text,
  searchVector: _vector,
  monthlyPriceGhs: _monthlyGhs,
  moveInGhs: _moveInGhs,
  approvedSnapshot: _approved,
  pendingChanges: _pending,
  activeBeforeReports: _activeBefore,
  confirmRemindedAt: _reminded,
  locationSalt: _salt,
  reviewsChangedAt: _reviewsChanged,
  ...shown
} = getTableColumns(properties);

/**
 * The columns of a listing as the API shows it, with its owner's account type and badges
 * (the owner's row, joined by every caller) and whether the reader saved it (a primary-key
 * lookup per row, only for signed-in readers).
 */
export function propertyColumns(viewerId: string | null) {
  const isFavorite: SQL<boolean> = viewerId
    ? sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${viewerId} and ${favorites.propertyId} = ${properties.id})`
    : sql<boolean>`false`;
  const isOwn: SQL<boolean> = viewerId
    ? sql<boolean>`(${properties.ownerId} = ${viewerId})`
    : sql<boolean>`false`;
  return { ...shown, ownerUserType: users.userType, lister: listerColumns, isFavorite, isOwn };
}

/**
 * A lister's badges as a select of `users` (common/verifications.ts): a document an
 * administrator approved is a date (when); the badge is whether there is one.
 */
export const listerBadgeColumns = {
  emailVerified: users.emailVerified,
  phoneVerified: users.phoneVerified,
  identityVerified: sql<boolean>`(${users.identityVerifiedAt} IS NOT NULL)`,
  licensedAgent: sql<boolean>`(${users.licensedAgentAt} IS NOT NULL)`,
};

const listerColumns = {
  ...listerBadgeColumns,
  handle: users.handle,
  responseConversations: users.responseConversations,
  responseMedianMinutes: users.responseMedianMinutes,
  responseReplyRate: users.responseReplyRate,
};

type Row = {
  [K in keyof typeof shown]: (typeof properties.$inferSelect)[K];
} & {
  ownerUserType: UserType;
  lister: ListerBadges & {
    handle: string;
    responseConversations: number;
    responseMedianMinutes: number | null;
    responseReplyRate: number | null;
  };
  isFavorite: boolean;
  isOwn: boolean;
};

export function toPropertyJson(row: Row): Property {
  const images = row.photos.map((photo) => photoDefaultUrl(photo));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    propertyType: row.propertyType,
    category: row.category,
    address: row.address,
    city: row.city,
    country: row.country,
    location: {
      latitude: row.publicLatitude,
      longitude: row.publicLongitude,
      approximate: true,
      radiusMeters: LOCATION_RADIUS_METERS,
    },
    locationText: `${row.city}, ${row.country}`,
    pricePerNight: row.price,
    price: row.price,
    currency: row.currency,
    pricingPeriod: row.pricingPeriod,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    amenities: row.amenities as Property['amenities'],
    ...moveInTermsOf(row),
    images,
    image: images[0] ?? null,
    photos: row.photos,
    averageRating: row.averageRating,
    rating: row.averageRating,
    reviewCount: row.reviewCount,
    isVerified: row.isVerified,
    verified: row.isVerified,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    featuredOrder: row.featuredOrder,
    rejectionReason: row.rejectionReason,
    hiddenByAdmin: row.hiddenByAdminAt !== null,
    hiddenReason: row.hiddenByAdminAt !== null ? row.hiddenReason : null,
    hiddenForReports: row.hiddenForReportsAt !== null,
    rentedAt: row.rentedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt.toISOString(),
    expiredAt: row.expiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    isOwn: Boolean(row.isOwn),
    ownerUserType: row.ownerUserType,
    lister: {
      emailVerified: Boolean(row.lister.emailVerified),
      phoneVerified: Boolean(row.lister.phoneVerified),
      identityVerified: Boolean(row.lister.identityVerified),
      licensedAgent: Boolean(row.lister.licensedAgent),
      handle: row.lister.handle,
      responseTime: listerResponseTime(row.lister),
    },
    isFavorite: Boolean(row.isFavorite),
  };
}

/** The lister's response signals as listings show them: none until there are enough. */
export function listerResponseTime(
  lister: Pick<
    Row['lister'],
    'responseConversations' | 'responseMedianMinutes' | 'responseReplyRate'
  >,
): ResponseTime | null {
  return publicResponseTime(responseTimeOf(lister));
}

/**
 * A listing as its owner and administrators see it: with the changes waiting for review, the
 * exact pin instead of the public point, the GhanaPost GPS code and the street address.
 */
export function ownersView(
  listing: Property,
  row: Pick<Row, 'latitude' | 'longitude' | 'ghanaPostGps' | 'streetAddress'>,
  pending: PendingChanges | null,
): Property {
  return {
    ...listing,
    location: {
      latitude: row.latitude,
      longitude: row.longitude,
      approximate: false,
      radiusMeters: 0,
    },
    ghanaPostGps: row.ghanaPostGps,
    streetAddress: row.streetAddress,
    pendingChanges: pendingChangesJson(pending),
  };
}

type TermsRow = Pick<
  Row,
  | 'price'
  | 'pricingPeriod'
  | 'advanceMonths'
  | 'depositAmount'
  | 'agentFeeKind'
  | 'agentFeeValue'
  | 'agentFeePayer'
  | 'availableFrom'
  | 'minLeaseMonths'
  | 'furnished'
  | 'utilitiesIncluded'
>;

/** The move-in terms as the API shows them, with what they add up to (issue 20). */
function moveInTermsOf(row: TermsRow) {
  const agentFee = { kind: row.agentFeeKind, value: row.agentFeeValue, payer: row.agentFeePayer };
  return {
    advanceMonths: row.advanceMonths,
    depositAmount: row.depositAmount,
    agentFee,
    availableFrom: row.availableFrom,
    minLeaseMonths: row.minLeaseMonths,
    furnished: row.furnished,
    utilitiesIncluded: row.utilitiesIncluded as Property['utilitiesIncluded'],
    moveInCost: moveInCost({
      price: row.price,
      pricingPeriod: row.pricingPeriod,
      advanceMonths: row.advanceMonths,
      depositAmount: row.depositAmount,
      agentFee,
    }),
  };
}
