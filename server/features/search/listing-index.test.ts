import { describe, expect, it } from 'vitest';
import { buildIndex, compacted } from './index-builder';
import { idHalves, type IndexedListing, type IndexQuery, type ListingIndex } from './listing-index';
import { compareBytes } from './text-search';

let sequence = 0;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A listing whose location text is `text` (its tsvector made as to_tsvector would). */
function listing(text: string, values: Partial<IndexedListing> = {}): IndexedListing {
  sequence += 1;
  const positions = new Map<string, number[]>();
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .forEach((word, i) => positions.set(word, [...(positions.get(word) ?? []), i + 1]));
  const vector = [...positions.keys()]
    .sort(compareBytes)
    .map((word) => `'${word}':${positions.get(word)!.join(',')}`)
    .join(' ');
  return {
    id: id(sequence),
    createdUs: 1_700_000_000_000_000 + sequence * 1_000_000,
    price: '200',
    rating: 0,
    reviewCount: 0,
    latitude: 5.6,
    longitude: -0.2,
    bedrooms: 2,
    guests: 4,
    propertyType: 'apartment',
    category: 'general',
    amenities: ['wifi'],
    verifiedLister: 'unverified',
    maxAdvanceMonths: 0,
    minRating: 0,
    maxMoveIn: 0,
    availableBy: 0,
    furnished: 'unfurnished',
    vector,
    text: text.toLowerCase(),
    ...values,
  };
}

const ask = (index: ListingIndex, q: Partial<IndexQuery>, depth = 50) =>
  index.query({ words: null, sort: q.words ? 'relevance' : 'newest', ...q }, depth);

describe('the listing index', () => {
  it('matches every word as a prefix of some word of the location text', () => {
    const accra = listing('Accra Ghana 4 Oxford Street Osu flat');
    const kumasi = listing('Kumasi Ghana 12 Ahodwo Road family house');
    const sanJose = listing('San Jose California USA 1 Market Street studio');
    const index = buildIndex([accra, kumasi, sanJose]);
    const ids = (words: string[]) => ask(index, { words }).ids.sort();
    expect(ids(['acc'])).toEqual([accra.id]);
    expect(ids(['ghana'])).toEqual([accra.id, kumasi.id].sort());
    expect(ids(['street'])).toEqual([accra.id, sanJose.id].sort());
    expect(ids(['san', 'jo'])).toEqual([sanJose.id]);
    expect(ids(['san', 'accra'])).toEqual([]);
    expect(ids(['x'])).toEqual([]);
    expect(ask(index, { words: ['ghana'] }).total).toBe(2);
  });

  it('filters by type, category, bedrooms, guests, amenities and price', () => {
    const a = listing('Accra', {
      propertyType: 'house',
      category: 'student',
      bedrooms: 3,
      guests: 6,
      amenities: ['wifi', 'pool'],
      price: '100',
    });
    const b = listing('Accra', { amenities: ['pool'], price: '300' });
    const index = buildIndex([a, b]);
    const ids = (q: Partial<IndexQuery>) => ask(index, q).ids;
    expect(ids({ propertyType: 'house' })).toEqual([a.id]);
    expect(ids({ category: 'general' })).toEqual([b.id]);
    expect(ids({ bedrooms: 3 })).toEqual([a.id]);
    expect(ids({ guests: 5 })).toEqual([a.id]);
    expect(ids({ amenities: ['pool'] })).toEqual([b.id, a.id]);
    expect(ids({ amenities: ['pool', 'wifi'] })).toEqual([a.id]);
    expect(ids({ minPrice: 100, maxPrice: 100 })).toEqual([a.id]);
    expect(ids({ minPrice: 100.5 })).toEqual([b.id]);
    expect(ids({ maxPrice: 99 })).toEqual([]);
  });

  it('compares and orders prices exactly as numerics, whatever doubles say', () => {
    // 300 $ a week as a monthly numeric is 1299.99999999999999, the same double as 1300.
    const weekly = listing('Accra', { price: '1299.99999999999999' });
    const monthly = listing('Accra', { price: '1300' });
    const index = buildIndex([monthly, weekly]);
    expect(ask(index, { minPrice: 1300 }).ids).toEqual([monthly.id]);
    expect(ask(index, { maxPrice: 1300 }).total).toBe(2);
    expect(ask(index, { sort: 'price_asc' }).ids).toEqual([weekly.id, monthly.id]);
    expect(ask(index, { sort: 'price_desc' }).ids).toEqual([monthly.id, weekly.id]);
  });

  it('breaks ties as the SQL orders do: newest, then id; prices and ratings, then id', () => {
    const createdUs = 1_800_000_000_000_000;
    const [x, y, z] = [1, 2, 3].map(() =>
      listing('Tema', { createdUs, price: '500', rating: 4.5, reviewCount: 3 }),
    );
    const older = listing('Tema', { createdUs: createdUs - 1, rating: 4.5, reviewCount: 9 });
    const index = buildIndex([y!, older, z!, x!]);
    const [first, second, third] = [z!.id, y!.id, x!.id]; // ids descending
    expect(ask(index, { sort: 'newest' }).ids).toEqual([first, second, third, older.id]);
    expect(ask(index, { sort: 'price_asc' }).ids).toEqual([older.id, third, second, first]);
    expect(ask(index, { sort: 'price_desc' }).ids).toEqual([first, second, third, older.id]);
    expect(ask(index, { sort: 'rating' }).ids).toEqual([older.id, first, second, third]);
    // Equal ranks: newest first, then the larger id.
    expect(ask(index, { words: ['tema'] }).ids).toEqual([first, second, third, older.id]);
  });

  it('ranks a place named twice above one named once', () => {
    const once = listing('Accra Ghana flat');
    const twice = listing('Accra Ghana flat in Accra');
    const index = buildIndex([twice, once]);
    expect(ask(index, { words: ['accra'] }).ids).toEqual([twice.id, once.id]);
  });

  it('counts every match and returns only the first ones asked for', () => {
    const all = Array.from({ length: 30 }, (_, i) => listing(`Ho town ${i}`));
    const index = buildIndex(all);
    const page = ask(index, { words: ['ho'] }, 12);
    expect(page.total).toBe(30);
    expect(page.ids).toEqual(
      all
        .map((l) => l.id)
        .reverse()
        .slice(0, 12),
    );
  });

  it('orders many matches by walking each sort’s precomputed order, as the SQL orders them', () => {
    // More than 256 matches: the index walks its precomputed orders instead of sorting.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const prices = ['99.99', '1300', '1299.99999999999999', '1500', '200', '200.5'];
    const all = Array.from({ length: 700 }, () =>
      listing('Kasoa Ghana', {
        price: prices[Math.floor(random() * prices.length)]!,
        rating: [0, 3.5, 4.5, 4.8][Math.floor(random() * 4)]!,
        reviewCount: Math.floor(random() * 3),
        bedrooms: 1 + Math.floor(random() * 3),
      }),
    );
    const index = buildIndex(all.slice(0, 600));
    all.slice(600).forEach((l) => index.upsert(l)); // and some changes after the build
    const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : 1);
    // Exact decimals: 1299.99999999999999 is below 1300 though their doubles are equal.
    const exact = (text: string) => {
      const [whole, fraction = ''] = text.split('.');
      return `${whole!.padStart(10, '0')}.${fraction.padEnd(20, '0')}`;
    };
    const price = (a: IndexedListing, b: IndexedListing) =>
      exact(a.price) < exact(b.price) ? -1 : exact(a.price) > exact(b.price) ? 1 : 0;
    const expected: Record<string, (a: IndexedListing, b: IndexedListing) => number> = {
      price_asc: (a, b) => price(a, b) || byId(a, b),
      price_desc: (a, b) => price(b, a) || byId(b, a),
      rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || byId(b, a),
      newest: (a, b) => b.createdUs - a.createdUs || byId(b, a),
    };
    for (const [sort, compare] of Object.entries(expected)) {
      // The price bounds bring the 1299.99999999999999 and 1300 ties to the top of a page.
      for (const filter of [{}, { bedrooms: 2 }, { minPrice: 1000 }, { maxPrice: 1300 }]) {
        const want = all.filter(
          (l) =>
            l.bedrooms >= (filter.bedrooms ?? 0) &&
            Number(l.price) >= (filter.minPrice ?? -Infinity) &&
            (filter.maxPrice === undefined || exact(l.price) <= exact(String(filter.maxPrice))),
        );
        const got = ask(index, { sort: sort as IndexQuery['sort'], ...filter }, 60);
        expect(got.total).toBe(want.length);
        expect(got.ids, `${sort} ${JSON.stringify(filter)}`).toEqual(
          want
            .sort(compare)
            .slice(0, 60)
            .map((l) => l.id),
        );
      }
    }
  });

  it('takes in new, changed and removed listings, and builds afresh to the same answers', () => {
    const accra = listing('Accra Ghana');
    const kumasi = listing('Kumasi Ghana');
    const index = buildIndex([accra, kumasi]);
    const before = index.checksum();

    const tema = listing('Tema Ghana', { propertyType: 'house' });
    index.upsert(tema);
    expect(ask(index, { words: ['tema'] }).ids).toEqual([tema.id]);
    expect(ask(index, { propertyType: 'house' }).ids).toEqual([tema.id]);
    expect(ask(index, { words: ['ghana'] }).total).toBe(3);

    // Kumasi moves to Kasoa: old words no longer find it, new ones do.
    index.upsert({ ...listing('Kasoa Ghana'), id: kumasi.id, createdUs: kumasi.createdUs });
    expect(ask(index, { words: ['kumasi'] }).total).toBe(0);
    expect(ask(index, { words: ['kasoa'] }).ids).toEqual([kumasi.id]);

    expect(index.remove(tema.id)).toBe(true);
    expect(index.remove(tema.id)).toBe(false);
    expect(ask(index, { words: ['tema'] }).total).toBe(0);
    expect(index.size).toBe(2);
    expect(index.checksum()).toEqual(before);

    const fresh = compacted(index);
    expect(fresh.deltaSize).toBe(0);
    for (const q of [{ words: ['ghana'] }, { words: ['kasoa'] }, { sort: 'price_asc' as const }]) {
      expect(ask(fresh, q)).toEqual(ask(index, q));
    }
  });

  it('keeps a checksum of its live ids as the database computes it', () => {
    const listings = [listing('A'), listing('B'), listing('C')];
    const index = buildIndex(listings);
    const expected = listings.reduce(
      (sum, l) => {
        const [a, b] = idHalves(l.id);
        return { count: sum.count + 1, a: sum.a ^ a, b: sum.b ^ b };
      },
      { count: 0, a: 0, b: 0 },
    );
    expect(index.checksum()).toEqual(expected);
  });

  it('proves when no listing passing the filters can be similar to a typo', () => {
    const accra = listing('Accra Ghana', { propertyType: 'house' });
    // Shares "  a" (apartment) with "acra", but not half of its trigrams.
    const kumasi = listing('Kumasi Ghana apartment', { propertyType: 'apartment' });
    const index = buildIndex([accra, kumasi]);
    const q: IndexQuery = { words: ['acra'], sort: 'relevance' };
    // "acra" shares enough trigrams with "accra" to be worth asking the database...
    expect(index.mightBeSimilar('Acra', q, 0.5)).toBe(true);
    // ...but not when the filters leave only the apartment in Kumasi.
    expect(index.mightBeSimilar('Acra', { ...q, propertyType: 'apartment' }, 0.5)).toBe(false);
    // Text that is not plain ASCII is always worth asking.
    expect(index.mightBeSimilar('Ácra', { ...q, propertyType: 'apartment' }, 0.5)).toBe(true);
    index.upsert(listing('Accra', { propertyType: 'apartment' }));
    expect(index.mightBeSimilar('Acra', { ...q, propertyType: 'apartment' }, 0.5)).toBe(true);
  });
});
