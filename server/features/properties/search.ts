import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { monthlyUsd, searchPeriodToPricing } from '#common/money';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '#common/properties';
import type { Database } from '../../db/client';
import { properties, users } from '../../db/schema';
import { propertyColumns, toPropertyJson } from './property-json';

/** Live means verified and active (DESIGN.md); only live listings are public. */
export const isLive = and(eq(properties.isVerified, true), eq(properties.isActive, true))!;

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

type Location = { condition: SQL; rank: SQL<number> };

/**
 * Matches city, country, address and title, ignoring case and accents: by words (full text,
 * prefixes) or, for typos, by trigram word similarity. Ranked by both.
 */
function locationMatch(location: string): Location | null {
  const words = prefixQuery(location);
  if (!words) return null;
  const text = sql`immutable_unaccent(lower(${location}))`;
  const query = sql`to_tsquery('simple', immutable_unaccent(${words}))`;
  return {
    condition: sql`(${properties.searchVector} @@ ${query} OR ${text} <% ${properties.searchText})`,
    rank: sql<number>`(ts_rank(${properties.searchVector}, ${query}) + word_similarity(${text}, ${properties.searchText}))`,
  };
}

function filters(query: SearchQuery, location: Location | null): SQL {
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

function ordering(query: SearchQuery, location: Location | null): SQL[] {
  const sort = query.sort ?? (location ? 'relevance' : 'newest');
  const newest = [desc(properties.createdAt), desc(properties.id)];
  switch (sort) {
    case 'relevance':
      return location ? [sql`${location.rank} DESC`, ...newest] : newest;
    case 'price_asc':
      return [asc(properties.monthlyPriceUsd), asc(properties.id)];
    case 'price_desc':
      return [desc(properties.monthlyPriceUsd), desc(properties.id)];
    case 'rating':
      return [desc(properties.averageRating), desc(properties.reviewCount), desc(properties.id)];
    default:
      return newest;
  }
}

/** GET /api/properties/search: one page of live listings and the number of all matches. */
export async function searchProperties(db: Database, query: SearchQuery, viewerId: string | null) {
  const location = query.location ? locationMatch(query.location) : null;
  const where = filters(query, location);
  const limit = query.limit ?? SEARCH_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * limit;

  const [rows, [counted]] = await Promise.all([
    db
      .select(propertyColumns(viewerId))
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(where)
      .orderBy(...ordering(query, location))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(properties).where(where),
  ]);
  return { properties: rows.map(toPropertyJson), total: counted?.total ?? 0 };
}
