import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SearchResult } from '#common/properties';
import type { Database } from '../../db/client';
import { isLive, favorites, properties } from '../listings/service';
import {
  areaFilter,
  nearPoint,
  priceRangeFilter,
  searchFilters,
  type RatedQuery,
} from './search-filters';
import { searchSort, searchSortDeclarations } from './search-sorts';
import { locationWords } from './text-search';

/**
 * A location's words as a full-text query of word prefixes ("acc" finds Accra while typing).
 * Each word is unaccented, then quoted with its quotes and backslashes escaped: unaccent turns
 * some letters into punctuation (ʻ becomes '), and PostgreSQL's parser does not count every
 * Unicode letter or digit as one (⅐), so a bare `word:*` could be a syntax error (the API
 * fuzz found both). For plain words quoting changes nothing.
 */
function prefixQuery(words: string[]): SQL {
  // chr(39) is ', chr(92) is \: each doubled inside the quotes, as tsquery reads them.
  return sql`to_tsquery('simple', (
    SELECT string_agg(
      chr(39) || replace(replace(immutable_unaccent(w), chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39) || ':*',
      ' & ' ORDER BY i)
    FROM unnest(${sql.param(words)}::text[]) WITH ORDINALITY AS t(w, i)))`;
}

type LocationMatch = { condition: SQL; rank: SQL };

/** City, country, address and title by words (full text, prefixes, accents ignored). */
function wordMatch(words: string[]): LocationMatch {
  const query = prefixQuery(words);
  return {
    condition: sql`${properties.searchVector} @@ ${query}`,
    rank: sql`ts_rank(${properties.searchVector}, ${query})`,
  };
}

/** The same text by trigram word similarity, for typos ("Acra"); only when words find nothing. */
function similarMatch(location: string): LocationMatch {
  const text = sql`immutable_unaccent(lower(${location}))`;
  return {
    condition: sql`${text} <% ${properties.searchText}`,
    rank: sql`word_similarity(${text}, ${properties.searchText})`,
  };
}

function filters(query: RatedQuery, location: LocationMatch | null): SQL {
  const conditions: SQL[] = [isLive];
  if (location) conditions.push(location.condition);
  for (const filter of searchFilters) {
    const value = filter.value(query);
    if (value !== undefined) conditions.push(filter.sql(value));
  }
  conditions.push(...priceRangeFilter.sql(priceRangeFilter.value(query)));
  const box = areaFilter.value(query);
  if (box) conditions.push(areaFilter.sql(box));
  return and(...conditions)!;
}

function ordering(query: RatedQuery, location: LocationMatch | null): SQL[] {
  const near = nearPoint.value(query);
  const sort = searchSort(query, location !== null);
  return searchSortDeclarations[sort].sql(
    location?.rank ?? null,
    near ? nearPoint.sql(near) : null,
  );
}

async function countMatches(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(properties).where(where);
  return row?.total ?? 0;
}

/** The number of all matches and the ids of the first `depth` of them, in order. */
export type Matches = { total: number; ids: string[] };

/**
 * Search in SQL: words first, and trigram similarity when they find nothing. The in-memory
 * index (listing-index.ts) answers the same for word searches; this is its fallback for typos
 * and for words it cannot fold, and its reference in tests. `wordsFindNothing`: the index
 * already knows the words match nothing with these filters.
 */
export async function searchInSql(
  db: Database,
  query: RatedQuery,
  depth: number,
  wordsFindNothing = false,
): Promise<Matches> {
  const { location, total } = await locationOf(db, query, wordsFindNothing);
  if (total === 0) return { total, ids: [] };
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(filters(query, location))
    .orderBy(...ordering(query, location))
    .limit(depth);
  return { total, ids: rows.map((row) => row.id) };
}

/**
 * How a search matches its location, and how many listings it matches: by words, or by
 * similarity when the words find nothing (with these filters, over the whole catalogue).
 */
async function locationOf(
  db: Database,
  query: RatedQuery,
  wordsFindNothing: boolean,
): Promise<{ location: LocationMatch | null; total: number }> {
  const words = query.location ? locationWords(query.location) : [];
  if (words.length === 0)
    return { location: null, total: await countMatches(db, filters(query, null)) };
  const byWords = wordMatch(words);
  const total = wordsFindNothing ? 0 : await countMatches(db, filters(query, byWords));
  if (total > 0) return { location: byWords, total };
  const similar = similarMatch(query.location!);
  return { location: similar, total: await countMatches(db, filters(query, similar)) };
}

/**
 * Which of `ids` are among the search's matches, decided as searchInSql decides them (issue
 * 21: a saved search's alerts come from the search itself, not a copy of its rules).
 */
export async function matchingInSql(
  db: Database,
  query: RatedQuery,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { location, total } = await locationOf(db, query, false);
  if (total === 0) return [];
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(filters(query, location), inArray(properties.id, [...ids])));
  return rows.map((row) => row.id);
}

/** Marks the listings the signed-in reader saved (the cached page is the same for everyone). */
export async function withFavorites(
  db: Database,
  result: SearchResult,
  viewerId: string | null,
): Promise<SearchResult> {
  if (!viewerId || result.properties.length === 0) return result;
  const ids = result.properties.map((p) => p.id);
  const saved = await db
    .select({ id: favorites.propertyId })
    .from(favorites)
    .where(and(eq(favorites.userId, viewerId), inArray(favorites.propertyId, ids)));
  const savedIds = new Set(saved.map((row) => row.id));
  return {
    total: result.total,
    properties: result.properties.map((p) => ({ ...p, isFavorite: savedIds.has(p.id) })),
  };
}
