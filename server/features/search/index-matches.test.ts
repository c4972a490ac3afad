import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import type { IndexedListing, IndexQuery, IndexSort } from './listing-index';
import { propertyTypes } from '#common/property-enums';
import { areaFilter, nearPoint } from './search-filters';

/**
 * The index's matching (index-matches.ts) against a plain reading of the same listings: every
 * way a search can be counted and paged (a few matches as a list or many as bits; a price
 * range that holds few, most or some of the listings; a page read off the sort's order or off
 * the price range), before and after listings die. The SQL equivalence test
 * (search-equivalence.test.ts) checks the same against PostgreSQL on fewer listings.
 */

const cities = ['accra', 'kumasi', 'tema', 'takoradi', 'ho', 'tamale', 'cape', 'sunyani'];
const types = [...propertyTypes];

function random(seed: number) {
  return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
}

function listings(count: number): IndexedListing[] {
  const next = random(7);
  return Array.from({ length: count }, (_, n) => {
    // Zipf-like: the first cities hold most listings, the last a handful.
    const city = cities[Math.min(cities.length - 1, Math.floor(cities.length * next() ** 3))]!;
    const created = 1_700_000_000_000_000 + Math.floor(next() * 1e6) * 1_000_000;
    const rating = Math.floor(next() * 6);
    return {
      id: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
      createdUs: created,
      price: String(1 + Math.floor(next() * 2000)),
      rating,
      reviewCount: Math.floor(next() * 4),
      // Public points around two places a few kilometres wide; one in ten on a shared spot.
      ...(n % 10 === 3
        ? { latitude: 5.6, longitude: -0.2 }
        : {
            latitude: (next() < 0.7 ? 5.6 : 6.69) + (next() - 0.5) * 0.1,
            longitude: (next() < 0.7 ? -0.2 : -1.62) + (next() - 0.5) * 0.1,
          }),
      bedrooms: 1 + Math.floor(next() * 4),
      guests: 2,
      propertyType: types[Math.floor(next() * types.length)]!,
      category: 'general',
      amenities: next() < 0.5 ? ['wifi'] : [],
      verifiedLister: n % 3 ? 'unverified' : 'verified',
      maxAdvanceMonths: 0,
      minRating: rating * 100,
      maxMoveIn: 0,
      availableBy: 0,
      furnished: 'unfurnished',
      vector: city < 'road' ? `'${city}':1 'road':2` : `'road':2 '${city}':1`,
      text: `${city} road`,
    };
  });
}

/** The same search read plainly: filter, then order as the SQL orders it. */
function reference(all: IndexedListing[], q: IndexQuery, depth: number) {
  const price = (l: IndexedListing) => Number(l.price);
  const newest = (a: IndexedListing, b: IndexedListing) =>
    b.createdUs - a.createdUs || (a.id < b.id ? 1 : -1);
  const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : 1);
  const orders: Record<IndexSort, (a: IndexedListing, b: IndexedListing) => number> = {
    newest,
    relevance: newest, // every listing's rank for its one city word is the same
    price_asc: (a, b) => price(a) - price(b) || byId(a, b),
    price_desc: (a, b) => price(b) - price(a) || -byId(a, b),
    rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || -byId(a, b),
    distance: (a, b) =>
      q.near
        ? nearPoint.measure(q.near, a.latitude, a.longitude) -
            nearPoint.measure(q.near, b.latitude, b.longitude) || newest(a, b)
        : newest(a, b),
  };
  const matches = all
    .filter((l) => !q.words || q.words.every((w) => l.text.split(' ').some((t) => t.startsWith(w))))
    .filter((l) => q.propertyType === undefined || l.propertyType === q.propertyType)
    .filter((l) => q.bedrooms === undefined || l.bedrooms >= q.bedrooms)
    .filter((l) => q.verifiedLister === undefined || l.verifiedLister === q.verifiedLister)
    .filter((l) => q.minPrice === undefined || price(l) >= q.minPrice)
    .filter((l) => q.maxPrice === undefined || price(l) <= q.maxPrice)
    .filter((l) => !q.box || areaFilter.contains(q.box, l.latitude, l.longitude))
    .sort(orders[q.sort]);
  return { total: matches.length, ids: matches.slice(0, depth).map((l) => l.id) };
}

function queries(count: number): IndexQuery[] {
  const next = random(11);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, () => {
    const q: IndexQuery = {
      words: next() < 0.6 ? [pick(cities).slice(0, 2 + Math.floor(next() * 4))] : null,
      sort: pick(['newest', 'relevance', 'price_asc', 'price_desc', 'rating', 'newest'] as const),
    };
    if (next() < 0.3) q.propertyType = pick(types);
    if (next() < 0.2) q.bedrooms = 1 + Math.floor(next() * 4);
    if (next() < 0.25) q.verifiedLister = 'verified';
    // Ranges that hold nothing, a sliver, half, or nearly everything.
    const bounds = pick([
      [undefined, undefined],
      [undefined, 1 + Math.floor(next() * 2000)],
      [Math.floor(next() * 2000), undefined],
      [Math.floor(next() * 1900), undefined],
      [500, 520],
      [3, 1990],
      [2500, undefined],
    ] as const);
    if (bounds[0] !== undefined) q.minPrice = bounds[0];
    if (bounds[1] !== undefined) q.maxPrice = bounds[1];
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      delete q.minPrice;
    }
    // Areas from a street to the whole map, and places to sort by distance from (issue 39).
    if (next() < 0.35) {
      const [lat, lng] = pick([
        [5.6, -0.2],
        [6.69, -1.62],
        [5.62, -0.18],
      ] as const);
      const half = pick([0.001, 0.01, 0.03, 0.2, 2]);
      q.box = { minLng: lng - half, minLat: lat - half, maxLng: lng + half, maxLat: lat + half };
    }
    if (next() < 0.3) {
      const latitude = 5.6 + (next() - 0.5) * 0.05;
      q.near = { latitude, longitude: -0.2, scale: Math.cos((latitude * Math.PI) / 180) };
      if (next() < 0.8) q.sort = 'distance';
    }
    return q;
  });
}

describe('matching in the index', () => {
  it('counts and pages every kind of search as a plain reading does, before and after removals', () => {
    const all = listings(6_000);
    const index = buildIndex(all);
    const wrong: string[] = [];
    const check = (live: IndexedListing[], round: string) => {
      for (const q of queries(400)) {
        const depth = 60;
        const got = index.query(q, depth);
        const want = reference(live, q, depth);
        if (got.total !== want.total || got.ids.join() !== want.ids.join()) {
          wrong.push(`${round} ${JSON.stringify(q)}: ${got.total} vs ${want.total}`);
        }
      }
    };
    check(all, 'built');
    // Kill a third of the listings: the kept sets must forget them.
    const gone = new Set(all.filter((_, i) => i % 3 === 1).map((l) => l.id));
    for (const id of gone) index.remove(id);
    const live = all.filter((l) => !gone.has(l.id));
    check(live, 'after removals');
    // Move some pins (issue 39): the moved listings are the index's changed ones now.
    const moved = live.map((l, i) =>
      i % 7 === 2 ? { ...l, latitude: l.latitude + 0.02, longitude: l.longitude - 0.01 } : l,
    );
    for (const [i, l] of moved.entries()) if (i % 7 === 2) index.upsert(l);
    check(moved, 'after moves');
    expect(wrong).toEqual([]);
  });
});
