import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SearchSort } from '#common/properties';
import type { Slots } from './index-slots';
import { properties } from '../listings/service';

/**
 * The search sorts, each declared once (issue 16): the ORDER BY of the SQL search and how the
 * in-memory index orders the same listings (index-orders.ts). Ties always fall to the id, so
 * two listings never tie and the index can reproduce the SQL's order exactly.
 *
 * Adding a sort: its name in common/property-enums.ts, the columns it reads (in the schema and
 * in the index's slots), and one entry below.
 */

/** How the index orders a sort. */
export type SortIndexedAs =
  /** Slot order: the base is built newest first. */
  | { kind: 'newest' }
  /** The words' rank (text-search.ts), then newest. */
  | { kind: 'relevance' }
  /** Nearest to the query's place first (search-filters.ts nearPoint), then newest. */
  | { kind: 'distance' }
  /** A comparison of slot columns, and an order of the base precomputed with it. */
  | { kind: 'compare'; before(slots: Slots, a: number, b: number): boolean }
  /** The exact reverse of another sort: its precomputed order read backwards. */
  | { kind: 'reverse'; of: SearchSort };

export type SortDeclaration = {
  /**
   * The SQL ORDER BY; `rank` is the location match's rank, null when no word is searched;
   * `near` the distance measure from the query's place, null without one.
   */
  sql(rank: SQL | null, near: SQL | null): SQL[];
  index: SortIndexedAs;
};

// Written exactly as the search indexes are declared (DESC NULLS LAST), so PostgreSQL reads
// a page straight off an index instead of sorting every match.
const descending = (column: PgColumn) => sql`${column} DESC NULLS LAST`;
const ascending = (column: PgColumn) => sql`${column} ASC`;
const newest = [descending(properties.createdAt), descending(properties.id)];

export const searchSortDeclarations: Record<SearchSort, SortDeclaration> = {
  relevance: {
    sql: (rank) => (rank ? [sql`${rank} DESC`, ...newest] : newest),
    index: { kind: 'relevance' },
  },
  newest: { sql: () => newest, index: { kind: 'newest' } },
  price_asc: {
    // Rents as monthly US dollars, the exact numeric (not its double).
    sql: () => [ascending(properties.monthlyPriceGhs), ascending(properties.id)],
    index: {
      kind: 'compare',
      before(slots, a, b) {
        const c = slots.comparePrice(a, b);
        return c !== 0 ? c < 0 : slots.compareIds(a, b) < 0;
      },
    },
  },
  price_desc: {
    sql: () => [descending(properties.monthlyPriceGhs), descending(properties.id)],
    index: { kind: 'reverse', of: 'price_asc' },
  },
  distance: {
    // Without a place (the API refuses that) it is newest.
    sql: (_, near) => (near ? [sql`${near} ASC`, ...newest] : newest),
    index: { kind: 'distance' },
  },
  rating: {
    sql: () => [
      descending(properties.averageRating),
      descending(properties.reviewCount),
      descending(properties.id),
    ],
    index: {
      kind: 'compare',
      before(slots, a, b) {
        const x = slots.rating[a]!;
        const y = slots.rating[b]!;
        if (x !== y) return x > y;
        const u = slots.reviews[a]!;
        const v = slots.reviews[b]!;
        if (u !== v) return u > v;
        return slots.compareIds(a, b) > 0;
      },
    },
  },
};

/**
 * The sort a search asked for, or its default: by distance from a place when one is given,
 * else relevance when words are searched, else newest.
 */
export function searchSort(query: { sort?: SearchSort; near?: unknown }, hasWords: boolean) {
  return query.sort ?? (query.near ? 'distance' : hasWords ? 'relevance' : 'newest');
}
