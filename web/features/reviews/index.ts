/**
 * What other parts of the web app use of reviews (issue 40): a listing's reviews on its page
 * (and the read its server-rendered HTML starts from), one review and a summary (the lister's
 * page), the host dashboard's section and the admin panel's tab. The review page is a route.
 */
export { ListerReviews, ListingReviews } from './listing-reviews';
export {
  listerReviewsKey,
  listerReviewsPath,
  propertyReviewsKey,
  propertyReviewsPath,
  useAskedForMoneyRecently,
} from './public-api';
export { ReviewItem } from './review-item';
export { ReviewSummaryLine } from './review-summary';
export { Stars } from './stars';
export { AdminReviewsTab, ListerReviewsPanel } from './lazy-screens';
