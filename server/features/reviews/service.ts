/**
 * What other parts of the server use of reviews: the sitemap lists the pages of listers with a
 * live listing, and the demo seed writes its reviews behind real viewings (issue 40).
 */
export { reviews } from './schema';
export { refreshListingRating } from './listing-rating';
