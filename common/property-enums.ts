/** Listing enumerations of the spec (marketplace-core, section 3). Labels live in locales. */
/**
 * Ghana's own words for what is let (issue 34): a chamber and hall (a bedroom and a sitting
 * room, shared bath), a self-contained (its own bath and kitchen), a single room, a hostel.
 */
export const propertyTypes = [
  'apartment',
  'house',
  'townhouse',
  'studio',
  'single_room',
  'chamber_and_hall',
  'self_contained',
  'hostel',
] as const;
export type PropertyType = (typeof propertyTypes)[number];

/**
 * Older names the API still takes from clients written before them, and what they mean now;
 * answers always say the new name (migration 0030 renamed the stored ones).
 */
export const formerPropertyTypes = { room: 'single_room' } as const satisfies Record<
  string,
  PropertyType
>;
type FormerPropertyType = keyof typeof formerPropertyTypes;

/** A type as today's list names it: a former name read as its new one, anything else as is. */
export function currentPropertyType<T extends string | null | undefined>(
  value: T,
): Exclude<T, FormerPropertyType> | PropertyType {
  return typeof value === 'string' && Object.hasOwn(formerPropertyTypes, value)
    ? formerPropertyTypes[value as FormerPropertyType]
    : (value as Exclude<T, FormerPropertyType>);
}

/** What a request may say: today's types and the former names. */
export const acceptedPropertyTypes = [
  ...propertyTypes,
  ...(Object.keys(formerPropertyTypes) as FormerPropertyType[]),
] as const;

export const categories = ['general', 'student', 'corporate', 'tourist'] as const;
export type Category = (typeof categories)[number];

/** Periods of the search filter (plural, as the spec's search form sends them). */
export const searchPeriods = ['weeks', 'months', 'years'] as const;
export type SearchPeriod = (typeof searchPeriods)[number];
export const DEFAULT_SEARCH_PERIOD: SearchPeriod = 'months';

/** Search paging and order (docs/design.md, search rules). */
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_MAX_LIMIT = 50;
/** `distance`: nearest to the search's `near` point first (issue 39). */
export const searchSorts = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
  'rating',
  'distance',
] as const;
export type SearchSort = (typeof searchSorts)[number];
