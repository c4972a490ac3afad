import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { monthlyGhs, searchPeriodToPricing, type Currency } from '#common/money';
import { amenityIds } from '#common/amenities';
import { furnishings, type Furnishing } from '#common/move-in';
import {
  categories,
  propertyTypes,
  type Category,
  type PropertyType,
} from '#common/property-enums';
import type { SearchQuery } from '#common/properties';
import { users } from '../../db/schema';
import { properties } from '../listings/service';

/**
 * The search filters, each declared once (issue 16): the query parameter that sets it, how SQL
 * answers it, how the in-memory index answers it, its part of the cache key, and the values
 * the equivalence test tries. The SQL search (search.ts), the index (index-filters.ts), the
 * cache key (search-cache.ts), the index's loader (listing-search.ts) and the equivalence test
 * read this list; none of them names a filter.
 *
 * Adding a filter: a column (schema and migration), a field of IndexedListing with the same
 * name as the declaration, and one entry below. A filter on the owner's row (verifiedLister)
 * also needs the database to log a change of that row as an owner change (listing_changes).
 * The price range is declared on its own at the end: the index answers it with the exact
 * order of prices it keeps for the price sorts.
 */

/** How the index answers a filter; the engine knows these three. */
export type IndexedAs =
  /** One of a fixed list of values: a code per listing, a bitset per value. */
  | { kind: 'oneOf'; values: readonly string[] }
  /** A whole number at least the wanted one: the column, a bitset per threshold asked. */
  | { kind: 'atLeast' }
  /** A whole number at most the wanted one: the same, the other way. */
  | { kind: 'atMost' }
  /** Every one of the wanted values of a list (at most 32): a bitmask, a bitset per value. */
  | { kind: 'allOf'; values: readonly string[] };

export type FilterValue = string | number | readonly string[];

/**
 * A validated search with the cedis-per-dollar rate in use when it is answered (issue 20):
 * amounts in dollars are compared in cedis at that rate, in SQL and in the index alike.
 */
export type RatedQuery = SearchQuery & { ghsPerUsd: number };

export type SearchFilter = {
  /** Its name: the field of IndexedListing and of IndexQuery that holds it. */
  name: FilterName;
  /** Its value in a validated query; undefined when the query does not set it. */
  value(query: RatedQuery): FilterValue | undefined;
  /** The SQL condition a listing must meet. */
  sql(value: FilterValue): SQL;
  /** What the index's loader selects (one token of text: no spaces), and how it reads it. */
  load: { select: string; parse(token: string): FilterValue };
  index: IndexedAs;
  /** Query parameters for the equivalence test: random values, sometimes none. */
  sample(random: () => number): Record<string, string>;
};

export type FilterName =
  | 'propertyType'
  | 'category'
  | 'bedrooms'
  | 'guests'
  | 'amenities'
  | 'verifiedLister'
  | 'maxAdvanceMonths'
  | 'minRating'
  | 'maxMoveIn'
  | 'availableBy'
  | 'furnished';

/** Int32 columns of the index hold at most this; larger amounts are capped on both sides. */
const INT32_MAX = 2_147_483_647;
const EPOCH_DAY_MS = 86_400_000;
/** A date (YYYY-MM-DD) as days since 1970-01-01, as `date - DATE '1970-01-01'` gives them. */
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / EPOCH_DAY_MS);

/**
 * A move-in cap in whole cedis, rounded down: cents and the rate (to four decimals, as the
 * database keeps it) multiplied as exact integers, so a cap of $1,000 at 15.4 is 15 400, not
 * 15 399.999… A listing's move-in cost is compared rounded up to the whole cedi.
 */
export function wholeCedisAtMost(amount: number, currency: Currency, ghsPerUsd: number): number {
  const cents = BigInt(Math.round(amount * 100));
  const rate = currency === '$' ? BigInt(Math.round(ghsPerUsd * 10_000)) : 10_000n;
  const whole = (cents * rate) / 1_000_000n;
  return Number(whole > BigInt(INT32_MAX) ? BigInt(INT32_MAX) : whole);
}

/** Whether a listing's owner is a verified lister (identity or agent licence checked), as the index holds it. */
export const listerStates = ['unverified', 'verified'] as const;

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const sometimes = (random: () => number, chance: number, make: () => Record<string, string>) =>
  random() < chance ? make() : {};

export const searchFilters: readonly SearchFilter[] = [
  {
    name: 'propertyType',
    // `type` is the header links' older name for it.
    value: (q) => q.propertyType ?? q.type,
    sql: (value) => eq(properties.propertyType, value as PropertyType),
    load: { select: 'property_type', parse: (token) => token },
    index: { kind: 'oneOf', values: propertyTypes },
    sample: (random) =>
      sometimes(random, 0.3, () => ({ propertyType: pick(random, propertyTypes) })),
  },
  {
    name: 'category',
    value: (q) => q.category,
    sql: (value) => eq(properties.category, value as Category),
    load: { select: 'category', parse: (token) => token },
    index: { kind: 'oneOf', values: categories },
    sample: (random) => sometimes(random, 0.2, () => ({ category: pick(random, categories) })),
  },
  {
    name: 'bedrooms',
    value: (q) => q.bedrooms,
    sql: (value) => gte(properties.bedrooms, value as number),
    load: { select: 'bedrooms', parse: Number },
    index: { kind: 'atLeast' },
    sample: (random) =>
      sometimes(random, 0.2, () => ({ bedrooms: String(Math.floor(random() * 5)) })),
  },
  {
    // A listing states no capacity: two guests per bedroom, at least one (generated column).
    name: 'guests',
    value: (q) => q.guests,
    sql: (value) => gte(properties.guestCapacity, value as number),
    load: { select: 'guest_capacity', parse: Number },
    index: { kind: 'atLeast' },
    sample: (random) =>
      sometimes(random, 0.15, () => ({ guests: String(1 + Math.floor(random() * 8)) })),
  },
  {
    name: 'amenities',
    value: (q) => (q.amenities?.length ? q.amenities : undefined),
    sql: (value) => sql`${properties.amenities} @> ${sql.param(value)}::text[]`,
    load: {
      select: "coalesce(array_to_string(amenities, ','), '')",
      parse: (token) => (token ? token.split(',') : []),
    },
    index: { kind: 'allOf', values: amenityIds },
    sample: (random) =>
      sometimes(random, 0.2, () => ({
        amenities: pick(random, [
          'wifi',
          'wifi,parking',
          'pool',
          'kitchen,tv',
          'borehole',
          'polytank,prepaid_meter',
          'security,walled_compound',
        ]),
      })),
  },
  {
    // Listings of listers an administrator checked (issue 19): their identity, or their agent's
    // licence (issue 34: a licensed agent is a verified lister too). It is the owner's row, not
    // the listing's: a change of it is logged as an owner change (migration
    // 0022), and the index reads that owner's listings again (index-keeper.ts). An uncorrelated
    // IN: PostgreSQL reads the few verified users once and probes a hash per listing, in the
    // search and in the index's load alike.
    name: 'verifiedLister',
    value: (q) => (q.verifiedLister ? 'verified' : undefined),
    sql: () =>
      sql`${properties.ownerId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.identityVerifiedAt} IS NOT NULL OR ${users.licensedAgentAt} IS NOT NULL)`,
    load: {
      // The loader reads `properties AS p` (index-reads.ts).
      select:
        "CASE WHEN p.owner_id IN (SELECT u.id FROM users AS u WHERE u.identity_verified_at IS NOT NULL OR u.licensed_agent_at IS NOT NULL) THEN 'verified' ELSE 'unverified' END",
      parse: (token) => token,
    },
    index: { kind: 'oneOf', values: listerStates },
    // Absent more often than not; `false` and `1` are spellings the API takes too.
    sample: (random) =>
      sometimes(random, 0.3, () => ({
        verifiedLister: pick(random, ['true', 'true', '1', 'false']),
      })),
  },
  {
    // Move-in terms (issue 20): landlords ask up to three years in advance.
    name: 'maxAdvanceMonths',
    value: (q) => q.maxAdvanceMonths,
    sql: (value) => lte(properties.advanceMonths, value as number),
    load: { select: 'advance_months', parse: Number },
    index: { kind: 'atMost' },
    sample: (random) =>
      sometimes(random, 0.25, () => ({
        maxAdvanceMonths: String(pick(random, [0, 3, 6, 12, 24])),
      })),
  },
  {
    // Reviews (issue 40): the average rating in hundredths, a whole number on both sides (the
    // column keeps two decimals exactly), so SQL and the index compare the same integers.
    // Unreviewed listings average 0 and so never pass (minRating is at least 1).
    name: 'minRating',
    value: (q) => (q.minRating === undefined ? undefined : Math.round(q.minRating * 100)),
    sql: (value) => sql`(${properties.averageRating} * 100) >= ${value as number}`,
    load: { select: 'round(average_rating * 100)::int', parse: Number },
    index: { kind: 'atLeast' },
    sample: (random) =>
      sometimes(random, 0.15, () => ({
        minRating: pick(random, ['1', '3.95', '4', '4.5', '4.8', '5']),
      })),
  },
  {
    // What moving in costs at most, in the reader's currency: whole cedis on both sides
    // (wholeCedisAtMost), the listing's total (move_in_ghs, kept by the database) rounded up.
    name: 'maxMoveIn',
    value: (q) =>
      q.maxMoveIn === undefined
        ? undefined
        : wholeCedisAtMost(q.maxMoveIn, q.currency ?? 'GH₵', q.ghsPerUsd),
    sql: (value) => sql`least(ceil(${properties.moveInGhs}), ${INT32_MAX}) <= ${value}`,
    load: { select: `least(ceil(move_in_ghs), ${INT32_MAX})`, parse: Number },
    index: { kind: 'atMost' },
    sample: (random) =>
      sometimes(random, 0.3, () => ({
        maxMoveIn: String(pick(random, [0, 999.99, 2500, 15600, 36000, 80000])),
      })),
  },
  {
    // Free to move in on or before a date: no date means now.
    name: 'availableBy',
    value: (q) => (q.availableBy === undefined ? undefined : dayNumber(q.availableBy)),
    sql: (value) => sql`coalesce(${properties.availableFrom} - DATE '1970-01-01', 0) <= ${value}`,
    load: { select: "coalesce(available_from - DATE '1970-01-01', 0)", parse: Number },
    index: { kind: 'atMost' },
    sample: (random) =>
      sometimes(random, 0.25, () => ({
        availableBy: pick(random, ['2026-01-01', '2026-12-01', '2027-03-31', '2030-01-01']),
      })),
  },
  {
    name: 'furnished',
    value: (q) => q.furnished,
    sql: (value) => eq(properties.furnished, value as Furnishing),
    load: { select: 'furnished', parse: (token) => token },
    index: { kind: 'oneOf', values: furnishings },
    sample: (random) => sometimes(random, 0.2, () => ({ furnished: pick(random, furnishings) })),
  },
];

/** A price range as monthly cedis; a bound left out is undefined. */
export type MonthlyPriceRange = { min?: number; max?: number };

/**
 * The price range: rents compared as monthly cedis, dollars at the administrator's rate,
 * whatever currency and period the reader chose and each listing uses (monthly_price_ghs,
 * kept by the database at the rate in use; a cedi rent in a cedi search is compared as it is).
 */
export const priceRangeFilter = {
  value(query: RatedQuery): MonthlyPriceRange {
    const period = searchPeriodToPricing[query.timePeriod ?? 'months'];
    const currency = query.currency ?? 'GH₵';
    const monthly = (amount: number | undefined) =>
      amount === undefined ? undefined : monthlyGhs(amount, currency, period, query.ghsPerUsd);
    return { min: monthly(query.minPrice), max: monthly(query.maxPrice) };
  },
  sql({ min, max }: MonthlyPriceRange): SQL[] {
    return [
      ...(min === undefined ? [] : [gte(properties.monthlyPriceGhs, min)]),
      ...(max === undefined ? [] : [lte(properties.monthlyPriceGhs, max)]),
    ];
  },
  /** Bounds chosen to make ties and near-ties across currencies and periods. */
  sample(random: () => number): Record<string, string> {
    const q: Record<string, string> = {};
    if (random() < 0.3)
      q.minPrice = String(pick(random, [0, 99.99, 166.66, 300, 1300, 1500, 2500]));
    if (random() < 0.3) q.maxPrice = String(pick(random, [200, 1300, 1500, 3000, 15600, 20000]));
    if (q.minPrice && q.maxPrice && Number(q.minPrice) > Number(q.maxPrice)) delete q.minPrice;
    if (random() < 0.4) q.timePeriod = pick(random, ['weeks', 'months', 'years']);
    if (random() < 0.4) q.currency = pick(random, ['$', 'GH₵']);
    return q;
  },
};

/** An area of the map: longitudes and latitudes, edges included. */
export type Box = { minLng: number; minLat: number; maxLng: number; maxLat: number };

/**
 * The area filter (issue 39, `bbox`): listings whose public point lies in the box, never their
 * exact one (listings/schema.ts). Compared as plain doubles, in SQL and in the index alike; the
 * SQL adds the box as a condition the GiST index of public points answers (point <@ box, which
 * compares with a tolerance of 1e-6 and so finds a few more), the exact comparisons decide.
 */
export const areaFilter = {
  value: (query: RatedQuery): Box | undefined => query.bbox,
  sql(box: Box): SQL {
    const corner = (lng: number, lat: number) => sql`point(${lng}::float8, ${lat}::float8)`;
    return sql`point(${properties.publicLongitude}, ${properties.publicLatitude}) <@ box(${corner(box.minLng, box.minLat)}, ${corner(box.maxLng, box.maxLat)})
      AND ${properties.publicLongitude} BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8
      AND ${properties.publicLatitude} BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8`;
  },
  contains: (box: Box, latitude: number, longitude: number) =>
    longitude >= box.minLng &&
    longitude <= box.maxLng &&
    latitude >= box.minLat &&
    latitude <= box.maxLat,
  /** Boxes around the test's cities, from a street to a region, and a thin and an empty one. */
  sample(random: () => number): Record<string, string> {
    if (random() < 0.75) return {};
    const [lng, lat] = pick(random, sampleCentres);
    const half = pick(random, [0.002, 0.01, 0.03, 0.08, 1.5]);
    const box = [lng - half, lat - half * (random() < 0.2 ? 0.01 : 1), lng + half, lat + half];
    return { bbox: box.map((value) => Number(value.toFixed(4))).join(',') };
  },
};

/** A place to measure from (issue 39, `near`), with what the distance sort needs of it. */
export type Near = {
  longitude: number;
  latitude: number;
  /** cos(latitude): a degree of longitude there, in degrees of latitude. */
  scale: number;
};

/**
 * The distance sort's measure (issue 39): the square of the distance in degrees of latitude,
 * longitudes scaled at the place's latitude (an equirectangular projection: within 1 % of the
 * great circle over a region). Written as the same four IEEE operations in SQL and in the index,
 * which therefore order alike to the last bit; ties fall to newest.
 */
export const nearPoint = {
  value(query: RatedQuery): Near | undefined {
    const near = query.near;
    if (!near) return undefined;
    return { ...near, scale: Math.cos((near.latitude * Math.PI) / 180) };
  },
  sql(near: Near): SQL {
    const dx = sql`((${properties.publicLongitude} - ${near.longitude}::float8) * ${near.scale}::float8)`;
    const dy = sql`(${properties.publicLatitude} - ${near.latitude}::float8)`;
    return sql`(${dx} * ${dx} + ${dy} * ${dy})`;
  },
  measure(near: Near, latitude: number, longitude: number): number {
    const dx = (longitude - near.longitude) * near.scale;
    const dy = latitude - near.latitude;
    return dx * dx + dy * dy;
  },
  sample(random: () => number): Record<string, string> {
    if (random() < 0.65) return {};
    const [lng, lat] = pick(random, sampleCentres);
    const off = () => (random() - 0.5) * 0.05;
    return { near: `${(lng + off()).toFixed(5)},${(lat + off()).toFixed(5)}` };
  },
};

/** Centres the samples draw from: Accra, Kumasi, Los Angeles, Santo Domingo (lng, lat). */
const sampleCentres = [
  [-0.187, 5.6037],
  [-1.6244, 6.6885],
  [-118.2437, 34.0522],
  [-69.9312, 18.4861],
] as const;

/** The filters' part of a search's cache key. */
export function filtersKey(query: RatedQuery): string {
  const { min, max } = priceRangeFilter.value(query);
  const box = areaFilter.value(query);
  const near = query.near;
  return [
    ...searchFilters.map((filter) => {
      const value = filter.value(query);
      return value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);
    }),
    min ?? '',
    max ?? '',
    box ? `${box.minLng},${box.minLat},${box.maxLng},${box.maxLat}` : '',
    near ? `${near.longitude},${near.latitude}` : '',
  ].join('\u0001');
}
