import { amenityIds, type AmenityId } from '#common/amenities';
import { currencies, type Currency } from '#common/money';
import { furnishings, MAX_ADVANCE_MONTHS, type Furnishing } from '#common/move-in';
import {
  categories,
  currentPropertyType,
  DEFAULT_SEARCH_PERIOD,
  propertyTypes,
  searchPeriods,
  type Category,
  type PropertyType,
  type SearchPeriod,
} from '#common/property-enums';
import { SEARCH_PAGE_SIZE, searchSorts, type SearchSort } from '#common/property-enums';
import { paths } from '../../paths';

/** The least ratings the Filters panel offers (issue 40); the API takes any from 1 to 5. */
export const minRatings = ['3', '4', '4.5'] as const;
export type MinRating = (typeof minRatings)[number];

/**
 * The search page keeps its whole state in the URL (spec: links are shareable, back and
 * forward work). These pure functions read that state tolerantly, write it back with only the
 * values that differ from the defaults, and turn it into the API's query.
 */

export const BEDROOM_OPTIONS = [1, 2, 3, 4] as const;
export const DEFAULT_GUESTS = 1;
export const DEFAULT_CURRENCY: Currency = 'GH₵';
const MAX_LOCATION = 200;
const MAX_PRICE = 1e9;

export type SearchFilters = {
  location: string;
  propertyType?: PropertyType;
  category?: Category;
  /** At least this many bedrooms; undefined is "Any". */
  bedrooms?: number;
  guests: number;
  amenities: AmenityId[];
  /** Only listings of listers whose identity Abode checked (issue 19). */
  verifiedLister: boolean;
  minPrice?: number;
  maxPrice?: number;
  timePeriod: SearchPeriod;
  /** The unit of the price bounds and of maxMoveIn. */
  currency: Currency;
  /** Move-in terms (issue 20): at most this many months of rent asked in advance. */
  maxAdvanceMonths?: number;
  /** Moving in costs at most this, in `currency`. */
  maxMoveIn?: number;
  /** Free to move in on or before this day (YYYY-MM-DD). */
  availableBy?: string;
  furnished?: Furnishing;
  /** Reviews (issue 40): an average rating from viewings of at least this (3, 4, 4.5). */
  minRating?: MinRating;
  /** An area of the map (issue 39), `minLng,minLat,maxLng,maxLat` as the API takes it. */
  bbox?: string;
  /** A place to measure distances from, `lng,lat`. */
  near?: string;
  sort: SearchSort;
  page: number;
};

/** How results are laid out: cards in a grid, a list, or markers on a map over a list. */
export type SearchView = 'grid' | 'list' | 'map';

export const emptyFilters: SearchFilters = {
  location: '',
  guests: DEFAULT_GUESTS,
  amenities: [],
  verifiedLister: false,
  timePeriod: DEFAULT_SEARCH_PERIOD,
  currency: DEFAULT_CURRENCY,
  sort: 'relevance',
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE ? n : undefined;
}

/** A real calendar day written YYYY-MM-DD, as the API takes it. */
function isoDate(value: string | null): string | undefined {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? value : undefined;
}

/**
 * `count` coordinates, longitude then latitude in turn, as the API checks them; a box must not
 * be inverted. Written back with at most 5 decimals (about a metre).
 */
function coordinates(value: string | null, count: 2 | 4): string | undefined {
  if (value === null) return undefined;
  const numbers = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const valid =
    numbers.length === count &&
    numbers.every((n, i) => Number.isFinite(n) && Math.abs(n) <= (i % 2 === 0 ? 180 : 90)) &&
    (count === 2 || (numbers[0]! <= numbers[2]! && numbers[1]! <= numbers[3]!));
  return valid ? numbers.map((n) => Number(n.toFixed(5))).join(',') : undefined;
}

/** The filters a URL asks for; values the API would refuse are dropped, never sent. */
export function readFilters(params: URLSearchParams): SearchFilters {
  let minPrice = amount(params.get('minPrice'));
  let maxPrice = amount(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  // One comma-separated value as this page writes it, or one value per ticked box as the
  // search form sends itself without JavaScript (a plain GET).
  const amenities = params
    .getAll('amenities')
    .flatMap((value) => value.split(','))
    .map((a) => oneOf(amenityIds, a.trim()))
    .filter((a): a is AmenityId => a !== undefined);
  return {
    location: (params.get('location') ?? '').trim().slice(0, MAX_LOCATION),
    // A link of before issue 34 says `room`: a single room now, as the API reads it.
    propertyType: oneOf(
      propertyTypes,
      currentPropertyType(params.get('propertyType') ?? params.get('type')),
    ),
    category: oneOf(categories, params.get('category')),
    bedrooms: wholeNumber(params.get('bedrooms'), 1, 20),
    guests: wholeNumber(params.get('guests'), 1, 50) ?? DEFAULT_GUESTS,
    amenities: [...new Set(amenities)],
    // The API also takes 1; the URL this page writes says true.
    verifiedLister: ['true', '1'].includes(params.get('verifiedLister') ?? ''),
    minPrice,
    maxPrice,
    timePeriod: oneOf(searchPeriods, params.get('timePeriod')) ?? DEFAULT_SEARCH_PERIOD,
    currency: oneOf(currencies, params.get('currency')) ?? DEFAULT_CURRENCY,
    maxAdvanceMonths: wholeNumber(params.get('maxAdvanceMonths'), 0, MAX_ADVANCE_MONTHS),
    maxMoveIn: amount(params.get('maxMoveIn')),
    availableBy: isoDate(params.get('availableBy')),
    furnished: oneOf(furnishings, params.get('furnished')),
    minRating: oneOf(minRatings, params.get('minRating')),
    bbox: coordinates(params.get('bbox'), 4),
    near: coordinates(params.get('near'), 2),
    sort: sortOf(params),
    page: wholeNumber(params.get('page'), 1, 10_000) ?? 1,
  };
}

/**
 * The sort asked for, else the API's default: distance with a place to measure from (and only
 * then), best match without.
 */
function sortOf(params: URLSearchParams): SearchSort {
  const near = coordinates(params.get('near'), 2) !== undefined;
  const sort = oneOf(searchSorts, params.get('sort')) ?? defaultSort(near);
  return sort === 'distance' && !near ? 'relevance' : sort;
}

/** The order the API gives when none is asked for. */
export const defaultSort = (near: boolean): SearchSort => (near ? 'distance' : 'relevance');

export function readView(params: URLSearchParams): SearchView {
  const view = params.get('view');
  return view === 'list' || view === 'map' ? view : 'grid';
}

const hasPrice = (f: SearchFilters) => f.minPrice !== undefined || f.maxPrice !== undefined;

/** The query of GET /api/properties/search for these filters (defaults left out). */
export function toApiQuery(filters: SearchFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.location) query.location = filters.location;
  if (filters.propertyType) query.propertyType = filters.propertyType;
  if (filters.category) query.category = filters.category;
  if (filters.bedrooms !== undefined) query.bedrooms = String(filters.bedrooms);
  if (filters.guests !== DEFAULT_GUESTS) query.guests = String(filters.guests);
  if (filters.amenities.length > 0) query.amenities = filters.amenities.join(',');
  if (filters.verifiedLister) query.verifiedLister = 'true';
  if (filters.minPrice !== undefined) query.minPrice = String(filters.minPrice);
  if (filters.maxPrice !== undefined) query.maxPrice = String(filters.maxPrice);
  // The period and currency only say what unit the price bounds are in (the currency also
  // that of the move-in cap).
  if (hasPrice(filters)) query.timePeriod = filters.timePeriod;
  if (hasPrice(filters) || filters.maxMoveIn !== undefined) query.currency = filters.currency;
  if (filters.maxAdvanceMonths !== undefined) {
    query.maxAdvanceMonths = String(filters.maxAdvanceMonths);
  }
  if (filters.maxMoveIn !== undefined) query.maxMoveIn = String(filters.maxMoveIn);
  if (filters.availableBy) query.availableBy = filters.availableBy;
  if (filters.furnished) query.furnished = filters.furnished;
  if (filters.minRating) query.minRating = filters.minRating;
  if (filters.bbox) query.bbox = filters.bbox;
  if (filters.near) query.near = filters.near;
  if (filters.sort !== defaultSort(Boolean(filters.near))) query.sort = filters.sort;
  if (filters.page > 1) query.page = String(filters.page);
  return query;
}

/** The URL's query for these filters and view: the API's query plus the layout choice. */
export function toUrlParams(filters: SearchFilters, view: SearchView = 'grid'): URLSearchParams {
  const params = new URLSearchParams(toApiQuery(filters));
  if (view !== 'grid') params.set('view', view);
  return params;
}

/** The address of the search page for these filters and layout. */
export function searchUrl(filters: SearchFilters, view: SearchView = 'grid'): string {
  return paths.search(Object.fromEntries(toUrlParams(filters, view)));
}

/**
 * The number on the Filters toggle: every filter that narrows the results, each amenity
 * counting once. The location (the search itself), sort and page are not filters.
 */
export function countActiveFilters(filters: SearchFilters): number {
  return (
    [
      filters.propertyType,
      filters.category,
      filters.bedrooms,
      filters.minPrice,
      filters.maxPrice,
      filters.maxAdvanceMonths,
      filters.maxMoveIn,
      filters.availableBy,
      filters.furnished,
      filters.minRating,
    ].filter((value) => value !== undefined).length +
    (filters.guests !== DEFAULT_GUESTS ? 1 : 0) +
    (filters.verifiedLister ? 1 : 0) +
    filters.amenities.length
  );
}

export function totalPages(total: number): number {
  return Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
}
