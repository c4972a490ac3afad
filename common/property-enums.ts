/** Listing enumerations of the spec (marketplace-core, section 3). Labels live in locales. */
export const propertyTypes = ['apartment', 'house', 'studio', 'room'] as const;
export type PropertyType = (typeof propertyTypes)[number];

export const categories = ['general', 'student', 'corporate', 'tourist'] as const;
export type Category = (typeof categories)[number];

/** Periods of the search filter (plural, as the spec's search form sends them). */
export const searchPeriods = ['weeks', 'months', 'years'] as const;
export type SearchPeriod = (typeof searchPeriods)[number];
export const DEFAULT_SEARCH_PERIOD: SearchPeriod = 'months';

/** Search paging and order (docs/design.md, search rules). */
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_MAX_LIMIT = 50;
export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type SearchSort = (typeof searchSorts)[number];
