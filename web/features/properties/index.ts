/**
 * What other features use of properties (docs/design.md, import boundaries): the cache keys and
 * hooks of listings, and the components and display helpers that show a listing elsewhere
 * (dashboard, admin panel, the landing page's search form).
 */
export {
  exchangeRateKey,
  featuredKey,
  fetchExchangeRate,
  propertyKey,
  useDeleteListing,
  useFavorites,
  userPropertiesKey,
  useSearchProperties,
  useSetListingRented,
  useUserProperties,
} from './api';
export { useRenewListing } from './confirmation-api';
export { ConfirmedAgo } from './confirmed-ago';
export { ResponseTimeLine } from './contact-actions';
export { ListerBadgeList } from './lister-badges';
export { formatRating, placeText, priceParts } from './format';
export { HeroSearchForm } from './hero-search-form';
export { listingPageReads } from './page-reads';
export { PropertyCard, PropertyCardSkeleton } from './property-card';
export { listingImages, PropertyImage } from './property-image';
export { PendingChangesNote } from './pending-changes-note';
export { feeText } from './move-in-card';
// What a visitor was doing when sent to sign in, done once they have (issue 51).
export { doAfterSignIn } from './after-sign-in';
