/**
 * The search engine's entry for other features: the search over an in-memory index of live
 * listings in front of PostgreSQL (listing-search.ts, docs/decisions/002-search.md), and
 * nothing of how it works. A server has one, `app.listingSearch` (plugin.ts).
 */
export { createListingSearch, type ListingSearch } from './listing-search';
