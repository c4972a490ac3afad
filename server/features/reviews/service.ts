/**
 * What other parts of the server use of reviews: a lister's page's head (seo), and the demo
 * seed writes its reviews behind real viewings (issue 40).
 */
export { reviews } from './schema';
export { refreshListingRating } from './listing-rating';
export { listerFacts, type ListerFacts } from './listers';
