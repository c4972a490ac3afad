import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { amenityIds } from '#common/amenities';
import { cityOf } from '#common/locations';
import { propertyTypes } from '#common/property-enums';
import {
  searchQuerySchema,
  searchResultSchema,
  type Property,
  type SearchQuery,
} from '#common/properties';
import { exchangeRates } from '../exchange-rate/service';
import { users } from '../../db/schema';
import { seededRandom } from '../../lib/seeded-random';
import { createTestApp, signUp } from '../../testing/test-app';
import { buildIndex, compacted } from './index-builder';
import { createIndexKeeper } from './index-keeper';
import type { ListingIndex } from './listing-index';
import { answerFromIndex, readLiveListings, similarityThreshold } from './listing-search';
import {
  createListingWrites,
  propertyColumns,
  toPropertyJson,
  properties,
} from '../listings/service';
import { searchInSql } from './search';
import { withDistance } from './search-answers';
import {
  areaFilter,
  nearPoint,
  priceRangeFilter,
  searchFilters,
  type RatedQuery,
} from './search-filters';
import { searchSortDeclarations } from './search-sorts';

/**
 * The index must answer exactly as SQL does (search.ts, the search before the index): the same
 * count and the same ids in the same order, for every filter, sort and location, on awkward
 * data. Random searches over random listings, on PGlite and on PostgreSQL.
 */
const { app, database } = await createTestApp();
const db = database.db;

function generator(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return { random, pick };
}

const places = [
  ['Accra', 'Ghana'],
  ['Kumasi', 'Ghana'],
  ['Cape Coast', 'Ghana'],
  ['Ho', 'Ghana'],
  ['Los Angeles', 'California USA'],
  ['San Jose', 'California USA'],
  ['Santo Domingo', 'Dominican Republic'],
  ['Punta Cana', 'Dominican Republic'],
  ['Montego Bay', 'Jamaica'],
] as const;
const streets = [
  'Oxford Street, Osu',
  'Calle del Sol, Bávaro',
  "O'Brien Road",
  'Ring-Road Central',
  'Straße 7',
  'Rua São João',
  'Apt #12, Harbour Lane',
  '3-bedroom Close',
  'Market Lane',
];
/**
 * Pins up to about 4 km from the city's centre, from a generator of their own; several
 * listings share a pin (and so a public point), so that distances tie.
 */
const pins = generator(39);
const sharedPins: { latitude: number; longitude: number }[] = [];
function pinNear(city: string, country: string) {
  if (sharedPins.length > 0 && pins.random() < 0.15) return pins.pick(sharedPins);
  const centre = cityOf(country, city)!;
  const pin = {
    latitude: centre.latitude + (pins.random() - 0.5) * 0.07,
    longitude: centre.longitude + (pins.random() - 0.5) * 0.07,
  };
  sharedPins.push(pin);
  return pin;
}
const words = ['flat', 'house', 'studio', 'villa', 'loft', 'room', 'suite', 'apartment'];
// Rents chosen to make ties and near-ties across currencies and periods: 300 $ a week is
// 1299.99999999999999 a month as a numeric, the same double as 1300.
const rents = [
  [300, '$', 'week'],
  [1300, '$', 'month'],
  [15600, '$', 'year'],
  [700, 'GH₵', 'week'],
  [2500, 'GH₵', 'month'],
  [3000, 'GH₵', 'month'],
  [6000, 'GH₵', 'year'],
  [1500, '$', 'month'],
  [99.99, '$', 'month'],
  [1234.56, 'GH₵', 'week'],
] as const;

/**
 * Listers, some verified (the verifiedLister filter reads their row, not the listing's): by
 * identity, or (the third) by their agent's licence alone (issue 34).
 */
const owners: { id: string; verified: boolean }[] = [];

beforeAll(async () => {
  for (const [i, verified] of [true, false, true, false].entries()) {
    const { userId } = await signUp(app, { userType: 'agent', businessName: 'Keys Ltd' });
    if (verified) {
      const checked =
        i === 2 ? { licensedAgentAt: new Date() } : { identityVerifiedAt: new Date() };
      await db.update(users).set(checked).where(eq(users.id, userId));
    }
    owners.push({ id: userId, verified });
  }
  const { random, pick } = generator(20260101);
  const times = Array.from(
    { length: 40 },
    (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
  );
  const rows = Array.from({ length: 180 }, (_, i) => {
    const [city, country] = pick(places);
    const [price, currency, pricingPeriod] = pick(rents);
    return {
      ownerId: owners[i % owners.length]!.id,
      title: `${pick(words)} ${random() < 0.3 ? city : ''} ${random() < 0.2 ? 'near ' + pick(places)[0] : ''} ${i}`,
      address: `${1 + Math.floor(random() * 50)} ${pick(streets)}`,
      city,
      country,
      ...pinNear(city, country),
      propertyType: pick(propertyTypes),
      category: pick(['general', 'student', 'corporate', 'tourist'] as const),
      price,
      currency,
      pricingPeriod,
      bedrooms: 1 + Math.floor(random() * 4),
      amenities: amenityIds.filter(() => random() < 0.4),
      averageRating: pick([0, 4.5, 4.5, 4.8, 3.95]),
      reviewCount: pick([0, 3, 3, 12]),
      // Move-in terms (issue 20): every kind of fee, payer and period, advances up to two years.
      advanceMonths: pick([0, 0, 1, 3, 6, 12, 24]),
      depositAmount: pick([0, 0, 500, 1300, 2500.5]),
      agentFeeKind: pick(['none', 'percent', 'months', 'fixed'] as const),
      agentFeeValue: pick([0, 5, 10, 1, 2, 250]),
      agentFeePayer: pick(['tenant', 'landlord', 'shared'] as const),
      availableFrom: pick([null, null, '2026-01-01', '2026-12-01', '2027-03-31', '2027-06-15']),
      furnished: pick(['unfurnished', 'semi', 'furnished'] as const),
      isVerified: random() < 0.92,
      isActive: random() < 0.92,
      // Many listings share a creation time: order then falls to the id.
      createdAt: pick(times),
    };
  });
  await db.insert(properties).values(rows);
});

/** Places mistyped, or not there: SQL's trigram search answers them. */
const typoLocations = ['acra', 'kumsi', 'santo domngo', 'zzzz', 'straße', 'tokyo', 'Kumasi Gana'];

/** The rate the database converts dollars at now; the searches compare at it (issue 20). */
let ghsPerUsd = 15;

function randomQuery(random: () => number, pick: <T>(items: readonly T[]) => T): RatedQuery {
  return { ...(searchQuerySchema.parse(randomParams(random, pick)) as SearchQuery), ghsPerUsd };
}

/** A search's query parameters as a client sends them. */
function randomParams(
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
): Record<string, string> {
  const q: Record<string, string> = {};
  const roll = random();
  if (roll < 0.7) {
    const [city, country] = pick(places);
    q.location = pick([
      city,
      city.slice(0, 1 + Math.floor(random() * 4)),
      country,
      `${city} ${country}`,
      city.toUpperCase(),
      pick(words),
      pick(['bavaro', 'Bávaro', 'sao', 'obrien', "o'brien", 'ring road', 'harbour', '3', '12']),
      pick(typoLocations),
    ]);
  }
  // Each declared filter says what values to try (search-filters.ts).
  for (const filter of searchFilters) Object.assign(q, filter.sample(random));
  Object.assign(q, priceRangeFilter.sample(random));
  // An area and a place to measure from (issue 39).
  Object.assign(q, areaFilter.sample(random), nearPoint.sample(random));
  // Every declared sort (search-sorts.ts); distance needs a place.
  if (random() < 0.6) q.sort = pick(Object.keys(searchSortDeclarations));
  if (q.sort === 'distance' && !q.near) q.near = '-0.187,5.6037';
  return q;
}

describe('the search index against SQL', () => {
  it.each([
    ['built at once', { split: false, remove: false, compact: false }],
    ['built from half, the rest added as changes', { split: true, remove: false, compact: false }],
    [
      'after removals from the built index and from the changes',
      { split: true, remove: true, compact: false },
    ],
    ['after changes and removals, compacted', { split: true, remove: true, compact: true }],
  ])('gives the same totals and the same ids in the same order (%s)', async (_case, how) => {
    const listings = await readLiveListings(db);
    let index = buildIndex(how.split ? listings.filter((_, i) => i % 2 === 0) : listings);
    if (how.split) listings.filter((_, i) => i % 2 === 1).forEach((l) => index.upsert(l));
    // Every fifth listing stops being live, in the database and in the index: some from the
    // built part, some from the changes.
    const removed = how.remove ? listings.filter((_, i) => i % 5 === 2).map((l) => l.id) : [];
    if (removed.length > 0) {
      await db.update(properties).set({ isActive: false }).where(inArray(properties.id, removed));
      for (const id of removed) expect(index.remove(id)).toBe(true);
    }
    if (how.compact) {
      index = compacted(index);
      expect(index.deltaSize).toBe(0);
    }
    expect(index.size).toBe(listings.length - removed.length);
    try {
      await compareWithSql(index);
    } finally {
      if (removed.length > 0) {
        await db.update(properties).set({ isActive: true }).where(inArray(properties.id, removed));
      }
    }
  });

  it('gives the same answers after pins moved (issue 39), the moved listings as changes', async () => {
    const listings = await readLiveListings(db);
    const index = buildIndex(listings);
    const moving = listings.filter((_, i) => i % 4 === 1).map((l) => l.id);
    const move = (by: number) =>
      db
        .update(properties)
        .set({ latitude: sql`${properties.latitude} + ${by}::float8` })
        .where(inArray(properties.id, moving));
    await move(0.013);
    try {
      const moved = (await readLiveListings(db)).filter((l) => moving.includes(l.id));
      expect(moved.length).toBe(moving.length);
      for (const listing of moved) index.upsert(listing);
      expect(index.deltaSize).toBe(moving.length);
      await compareWithSql(index);
    } finally {
      await move(-0.013);
    }
  });

  it('gives the same answers after listers’ verification changed, read from the change log', async () => {
    const quiet = { newGeneration() {}, forget() {}, forgetAll() {}, forgetOwners() {} };
    const keeper = createIndexKeeper(db, quiet, undefined, { refreshMs: 60_000, useIndex: true });
    const flip = (owner: { id: string; verified: boolean }, verified: boolean) =>
      db
        .update(users)
        .set({ identityVerifiedAt: verified ? new Date() : null })
        .where(eq(users.id, owner.id));
    const [first, second] = owners;
    try {
      await keeper.warm();
      // One verified lister loses the badge, one unverified lister gains it.
      await flip(first!, false);
      await flip(second!, true);
      await keeper.changed();
      expect(keeper.index!.deltaSize).toBeGreaterThan(0);
      await compareWithSql(keeper.index!);
    } finally {
      await flip(first!, first!.verified);
      await flip(second!, second!.verified);
      await keeper.close();
    }
  });

  it('gives the same answers after an administrator changed the exchange rate', async () => {
    const quiet = { newGeneration() {}, forget() {}, forgetAll() {}, forgetOwners() {} };
    const keeper = createIndexKeeper(db, quiet, undefined, { refreshMs: 60_000, useIndex: true });
    const writes = createListingWrites(db, { changed: (ids) => keeper.changed(ids) });
    // What features/exchange-rate does: a new newest rate, every dollar listing written again.
    const setRate = (rate: number) =>
      writes.transaction(async (write, tx) => {
        await tx.insert(exchangeRates).values({ ghsPerUsd: rate });
        await write.reconvertDollarListings();
      });
    const byPrice = async () => {
      const query = { ...searchQuerySchema.parse({ sort: 'price_asc' }), ghsPerUsd };
      return (await searchInSql(db, query, 500)).ids;
    };
    try {
      await keeper.warm();
      const before = await byPrice();
      // Dollars get much cheaper: $99.99 a month falls below GH₵6,000 a year, and so on.
      ghsPerUsd = 2;
      await setRate(ghsPerUsd);
      expect(keeper.index!.deltaSize).toBeGreaterThan(0);
      expect(await byPrice()).not.toEqual(before);
      await compareWithSql(keeper.index!);
    } finally {
      ghsPerUsd = 15;
      await setRate(ghsPerUsd);
      await keeper.close();
    }
  });

  async function compareWithSql(index: ListingIndex) {
    const threshold = await similarityThreshold(db);
    const { random, pick } = generator(7);
    let compared = 0;
    let provedEmpty = 0;
    let typos = 0;
    let byLister = 0;
    let byMoveIn = 0;
    let byArea = 0;
    let byDistance = 0;
    let byRating = 0;
    // Until every kind below has been compared often enough (what the index declines goes to
    // SQL and is not counted), 250 searches at least and 800 at most.
    const covered = () =>
      compared > 200 &&
      provedEmpty > 0 &&
      typos > 5 &&
      byLister > 25 &&
      byMoveIn > 20 &&
      byArea > 5 &&
      byDistance > 5 &&
      byRating > 5;
    for (let i = 0; i < 800 && (i < 250 || !covered()); i++) {
      const query = randomQuery(random, pick);
      const depth = pick([12, 60, 500]);
      const fromIndex = answerFromIndex(index, query, depth, threshold);
      if ('sql' in fromIndex) continue;
      const fromSql = await searchInSql(db, query, depth);
      expect(fromIndex, JSON.stringify(query)).toEqual(fromSql);
      compared++;
      if (query.verifiedLister) byLister++;
      if (query.maxMoveIn !== undefined && fromIndex.total > 0) byMoveIn++;
      if (query.bbox && fromIndex.total > 0) byArea++;
      if (query.minRating !== undefined && fromIndex.total > 0) byRating++;
      if (query.near && (query.sort ?? 'distance') === 'distance' && fromIndex.total > 1)
        byDistance++;
      if (query.location && fromIndex.total === 0) provedEmpty++;
      if (typoLocations.includes(query.location ?? '') && fromIndex.total > 0) typos++;
    }
    // Most searches are answered by the index, including some proved empty without SQL.
    expect(compared).toBeGreaterThan(200);
    expect(provedEmpty).toBeGreaterThan(0);
    // Typos ("acra", "kumsi") answered from memory, exactly as pg_trgm ranks them.
    expect(typos).toBeGreaterThan(5);
    // Verified listers only, in a fair share of them.
    expect(byLister).toBeGreaterThan(25);
    // The move-in cap, answered and not always empty.
    expect(byMoveIn).toBeGreaterThan(20);
    // Areas and distances (issue 39), answered and not always empty.
    expect(byArea).toBeGreaterThan(5);
    expect(byDistance).toBeGreaterThan(5);
    // The least rating (issue 40), answered and not always empty.
    expect(byRating).toBeGreaterThan(5);
  }

  it('answers with the same JSON, byte for byte, as the serializer of the route', async () => {
    const { random, pick } = generator(99);
    for (let i = 0; i < 25; i++) {
      const raw = randomParams(random, pick);
      const query = { ...(searchQuerySchema.parse(raw) as SearchQuery), ghsPerUsd };
      const params = new URLSearchParams(raw);
      const response = await app.inject({ method: 'GET', url: `/api/properties/search?${params}` });
      const { total, ids } = await searchInSql(db, query, 12);
      const rows = ids.length
        ? await db
            .select(propertyColumns(null))
            .from(properties)
            .innerJoin(users, eq(users.id, properties.ownerId))
            .where(and(inArray(properties.id, ids)))
        : [];
      const byId = new Map(
        rows.map((row) => [row.id, withDistance(toPropertyJson(row), query.near)]),
      );
      const expected = {
        properties: ids.map((id) => byId.get(id)!) as Property[],
        total,
      };
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(JSON.stringify(searchResultSchema.encode(expected)));
    }
  });
});
