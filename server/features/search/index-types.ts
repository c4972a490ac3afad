import type { IndexSort } from './index-orders';
import type { SlotFields } from './index-slots';
import type { Box, FilterName, Near } from './search-filters';
import type { VectorEntry } from './text-search';

/**
 * The filterable fields of one live listing, as the database computes them (a listing's
 * generated columns included), so the index needs no rule of its own.
 */
export type IndexedListing = SlotFields & {
  // The declared filters' values (search-filters.ts), each under its declaration's name.
  bedrooms: number;
  guests: number;
  propertyType: string;
  category: string;
  amenities: readonly string[];
  /** Whether the owner is identity-verified: one of listerStates (their row, not the listing's). */
  verifiedLister: string;
  /** search_vector: its text output, or already parsed. */
  vector: string | VectorEntry[];
  /** search_text: the location text, lower-cased and unaccented (what pg_trgm compares). */
  text: string;
};

export type IndexQuery = {
  /** Folded location words, each a prefix that some lexeme must start with; null: no location. */
  words: string[] | null;
  /** Monthly US dollars, compared exactly as SQL compares the numeric with String(value). */
  minPrice?: number;
  maxPrice?: number;
  /** Public points within this area only (issue 39). */
  box?: Box;
  /** The place the distance sort measures from. */
  near?: Near;
  sort: IndexSort;
} & { [Name in FilterName]?: IndexedListing[Name] };

/** The number of all matches and the ids of the first `depth` in order. */
export type IndexMatches = { total: number; ids: string[] };

/** Newest first, then the larger id: the slot order of a build, as SQL's ORDER BY created_at DESC, id DESC. */
export const newestFirst = (x: IndexedListing, y: IndexedListing) =>
  x.createdUs !== y.createdUs ? y.createdUs - x.createdUs : x.id < y.id ? 1 : x.id > y.id ? -1 : 0;
