import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { monthlyUsd, searchPeriodToPricing } from '#common/money';
import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResult } from '#common/properties';
import type { Database } from '../../db/client';
import { favorites, properties, users } from '../../db/schema';
import { propertyColumns, toPropertyJson } from './property-json';
import type { SearchCache } from './search-cache';

/** Live means verified and active (DESIGN.md); only live listings are public. */
export const isLive = and(eq(properties.isVerified, true), eq(properties.isActive, true))!;

// Written exactly as the search indexes are declared (DESC NULLS LAST), so PostgreSQL reads
// a page straight off an index instead of sorting every match.
const descending = (column: PgColumn) => sql`${column} DESC NULLS LAST`;
const ascending = (column: PgColumn) => sql`${column} ASC`;

/**
 * Location text as a full-text query of word prefixes ("acc" finds Accra while typing), or
 * null when it holds no word. Only letters and digits reach to_tsquery, so no input can
 * break its syntax.
 */
function prefixQuery(location: string): string | null {
  const words = location
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

type LocationMatch = { condition: SQL; rank: SQL };

/** City, country, address and title by words (full text, prefixes, accents ignored). */
function wordMatch(words: string): LocationMatch {
  const query = sql`to_tsquery('simple', immutable_unaccent(${words}))`;
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

function filters(query: SearchQuery, location: LocationMatch | null): SQL {
  const conditions: SQL[] = [isLive];
  if (location) conditions.push(location.condition);
  const propertyType = query.propertyType ?? query.type;
  if (propertyType) conditions.push(eq(properties.propertyType, propertyType));
  if (query.category) conditions.push(eq(properties.category, query.category));
  if (query.bedrooms !== undefined) conditions.push(gte(properties.bedrooms, query.bedrooms));
  if (query.guests !== undefined) conditions.push(gte(properties.guestCapacity, query.guests));
  if (query.amenities?.length) {
    conditions.push(sql`${properties.amenities} @> ${sql.param(query.amenities)}::text[]`);
  }
  // Rents are compared as monthly US dollars, whatever currency and period each side uses.
  const period = searchPeriodToPricing[query.timePeriod ?? 'months'];
  const currency = query.currency ?? 'GH₵';
  if (query.minPrice !== undefined) {
    conditions.push(gte(properties.monthlyPriceUsd, monthlyUsd(query.minPrice, currency, period)));
  }
  if (query.maxPrice !== undefined) {
    conditions.push(lte(properties.monthlyPriceUsd, monthlyUsd(query.maxPrice, currency, period)));
  }
  return and(...conditions)!;
}

function ordering(query: SearchQuery, location: LocationMatch | null): SQL[] {
  const sort = query.sort ?? (location ? 'relevance' : 'newest');
  const newest = [descending(properties.createdAt), descending(properties.id)];
  switch (sort) {
    case 'relevance':
      return location ? [sql`${location.rank} DESC`, ...newest] : newest;
    case 'price_asc':
      return [ascending(properties.monthlyPriceUsd), ascending(properties.id)];
    case 'price_desc':
      return [descending(properties.monthlyPriceUsd), descending(properties.id)];
    case 'rating':
      return [
        descending(properties.averageRating),
        descending(properties.reviewCount),
        descending(properties.id),
      ];
    default:
      return newest;
  }
}

async function countMatches(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(properties).where(where);
  return row?.total ?? 0;
}

/** One page of live listings matching the query and the number of all matches. */
async function runSearch(db: Database, query: SearchQuery): Promise<SearchResult> {
  let location: LocationMatch | null = null;
  let total: number;
  const words = query.location ? prefixQuery(query.location) : null;
  if (words) {
    location = wordMatch(words);
    total = await countMatches(db, filters(query, location));
    if (total === 0) {
      location = similarMatch(query.location!);
      total = await countMatches(db, filters(query, location));
    }
  } else {
    total = await countMatches(db, filters(query, null));
  }
  const limit = query.limit ?? SEARCH_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * limit;
  if (total === 0 || offset >= total) return { properties: [], total };

  const rows = await db
    .select(propertyColumns(null))
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(filters(query, location))
    .orderBy(...ordering(query, location))
    .limit(limit)
    .offset(offset);
  return { properties: rows.map(toPropertyJson), total };
}

/** Marks the listings the signed-in reader saved (the cached page is the same for everyone). */
async function withFavorites(db: Database, result: SearchResult, viewerId: string | null) {
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

/** GET /api/properties/search: one page of live listings and the number of all matches. */
export async function searchProperties(
  db: Database,
  cache: SearchCache,
  query: SearchQuery,
  viewerId: string | null,
): Promise<SearchResult> {
  const result = await cache.get(query, () => runSearch(db, query));
  return withFavorites(db, result, viewerId);
}
