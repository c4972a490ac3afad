import { beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';

const { app, database } = await createTestApp();
const db = database.db;

type Result = { properties: { id: string; title: string }[]; total: number };
const search = async (query: string, cookie?: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/properties/search?${query}`,
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, body: response.json() as Result };
};
const titles = async (query: string) =>
  (await search(query)).body.properties.map((p) => p.title).sort();

let ownerId: string;
beforeAll(async () => {
  ownerId = (await signUp(app, { userType: 'owner' })).userId;
  const add = (title: string, values: Parameters<typeof createListing>[2] = {}) =>
    createListing(db, ownerId, { title, ...values });
  await add('Osu flat', {
    city: 'Accra',
    address: '4 Oxford Street, Osu',
    price: 2500,
    bedrooms: 2,
    amenities: ['wifi', 'parking'],
  });
  await add('Legon hostel room', {
    city: 'Accra',
    address: 'University Road, Legon',
    propertyType: 'hostel',
    category: 'student',
    price: 6000,
    pricingPeriod: 'year',
    bedrooms: 1,
    amenities: ['wifi'],
  });
  await add('Kumasi family house', {
    city: 'Kumasi',
    address: '12 Ahodwo Road',
    propertyType: 'house',
    price: 4000,
    bedrooms: 4,
    amenities: ['parking', 'garden', 'wifi'],
    averageRating: 4.8,
  });
  await add('Silver Lake studio', {
    city: 'Los Angeles',
    country: 'California USA',
    address: '2200 Sunset Blvd',
    propertyType: 'studio',
    currency: '$',
    price: 1800,
    bedrooms: 1,
    amenities: ['wifi', 'gym'],
    averageRating: 4.2,
  });
  await add('Bávaro beach villa', {
    city: 'Punta Cana',
    country: 'Dominican Republic',
    address: '8 Calle Sol, Bávaro',
    propertyType: 'house',
    category: 'tourist',
    currency: '$',
    price: 700,
    pricingPeriod: 'week',
    bedrooms: 3,
    amenities: ['pool', 'wifi', 'air_conditioning'],
  });
  await add('Kingston corporate suite', {
    city: 'Kingston',
    country: 'Jamaica',
    address: '1 Knutsford Blvd, New Kingston',
    category: 'corporate',
    currency: '$',
    price: 1500,
    bedrooms: 2,
    amenities: ['wifi', 'workspace'],
  });
  // Never public:
  await add('Pending Accra flat', { isVerified: false });
  await add('Hidden Accra flat', { isVerified: true, isActive: false });
});

const live = [
  'Bávaro beach villa',
  'Kingston corporate suite',
  'Kumasi family house',
  'Legon hostel room',
  'Osu flat',
  'Silver Lake studio',
];

describe('GET /api/properties/search', () => {
  it('lists every live listing and counts them, never pending or hidden ones', async () => {
    const { status, body } = await search('');
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.properties.map((p) => p.title).sort()).toEqual(live);
  });

  it.each([
    ['city', 'location=accra', ['Legon hostel room', 'Osu flat']],
    ['country', 'location=Jamaica', ['Kingston corporate suite']],
    ['address', 'location=oxford%20street', ['Osu flat']],
    ['title', 'location=villa', ['Bávaro beach villa']],
    ['a prefix while typing', 'location=kum', ['Kumasi family house']],
    ['accents ignored', 'location=bavaro', ['Bávaro beach villa']],
    ['accents typed', 'location=B%C3%A1varo', ['Bávaro beach villa']],
    ['a small typo', 'location=acra', ['Legon hostel room', 'Osu flat']],
    ['upper case', 'location=LOS%20ANGELES', ['Silver Lake studio']],
    ['punctuation only', 'location=%25%27%22%3B--', live],
  ])('location matches by %s', async (_case, query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it.each([
    ['propertyType', 'propertyType=house', ['Bávaro beach villa', 'Kumasi family house']],
    ['type (alias)', 'type=studio', ['Silver Lake studio']],
    ['category', 'category=student', ['Legon hostel room']],
    ['bedrooms (at least)', 'bedrooms=3', ['Bávaro beach villa', 'Kumasi family house']],
    ['guests (two per bedroom)', 'guests=7', ['Kumasi family house']],
    ['amenities (all of them)', 'amenities=wifi,parking', ['Kumasi family house', 'Osu flat']],
    ['one amenity', 'amenities=pool', ['Bávaro beach villa']],
  ])('filters by %s', async (_case, query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it('compares rents across currencies and periods at 15 GH₵ to the dollar', async () => {
    // Monthly US dollars: Osu 166.67, Legon 33.33, Kumasi 266.67, Silver Lake 1800,
    // Bávaro 3033.33, Kingston 1500.
    expect(await titles('maxPrice=3000&timePeriod=months&currency=GH%E2%82%B5')).toEqual([
      'Legon hostel room',
      'Osu flat',
    ]);
    expect(await titles('minPrice=1500&maxPrice=1800&currency=$')).toEqual([
      'Kingston corporate suite',
      'Silver Lake studio',
    ]);
    expect(await titles('minPrice=700&timePeriod=weeks&currency=$')).toEqual([
      'Bávaro beach villa',
    ]);
    expect(await titles('maxPrice=1000&timePeriod=years&currency=$')).toEqual([
      'Legon hostel room',
    ]);
    // Without a currency, amounts are cedis (most listings are in Ghana).
    expect(await titles('minPrice=3500&maxPrice=4500')).toEqual(['Kumasi family house']);
  });

  it('combines filters', async () => {
    expect(await titles('location=accra&amenities=parking&bedrooms=2')).toEqual(['Osu flat']);
    expect(await titles('propertyType=house&category=tourist&minPrice=2000&currency=$')).toEqual([
      'Bávaro beach villa',
    ]);
    expect(await titles('location=ghana&propertyType=studio')).toEqual([]);
  });

  it('sorts by price, rating and newest', async () => {
    const order = async (sort: string) =>
      (await search(`sort=${sort}`)).body.properties.map((p) => p.title);
    expect(await order('price_asc')).toEqual([
      'Legon hostel room',
      'Osu flat',
      'Kumasi family house',
      'Kingston corporate suite',
      'Silver Lake studio',
      'Bávaro beach villa',
    ]);
    expect((await order('price_desc'))[0]).toBe('Bávaro beach villa');
    expect((await order('rating')).slice(0, 2)).toEqual([
      'Kumasi family house',
      'Silver Lake studio',
    ]);
    expect((await order('newest'))[0]).toBe('Kingston corporate suite');
  });

  it('pages 12 at a time by default and honours a lower limit', async () => {
    const first = await search('limit=4&sort=price_asc');
    const second = await search('limit=4&sort=price_asc&page=2');
    const beyond = await search('limit=4&page=9');
    expect(first.body.total).toBe(6);
    expect(first.body.properties).toHaveLength(4);
    expect(second.body.properties.map((p) => p.title)).toEqual([
      'Silver Lake studio',
      'Bávaro beach villa',
    ]);
    expect(beyond.body).toEqual({ properties: [], total: 6 });
  });

  it.each([
    ['a negative price', 'minPrice=-5', 'minPrice'],
    ['a price that is not a number', 'maxPrice=cheap', 'maxPrice'],
    ['min above max', 'minPrice=10&maxPrice=5', 'maxPrice'],
    ['an unknown type', 'propertyType=castle', 'propertyType'],
    ['an unknown category', 'category=palace', 'category'],
    ['an unknown amenity', 'amenities=wifi,helipad', 'amenities.1'],
    ['an unknown period', 'timePeriod=decades', 'timePeriod'],
    ['an unknown currency', 'currency=EUR', 'currency'],
    ['page 0', 'page=0', 'page'],
    ['a fractional page', 'page=1.5', 'page'],
    ['a limit over 50', 'limit=51', 'limit'],
    ['0 guests', 'guests=0', 'guests'],
    ['a 10 000-character location', `location=${'a'.repeat(10_000)}`, 'location'],
    ['an unknown sort', 'sort=random', 'sort'],
  ])('answers 400 naming the field for %s', async (_case, query, field) => {
    const response = await app.inject({ method: 'GET', url: `/api/properties/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty([field]);
  });

  it('treats empty parameters as absent, as forms send them', async () => {
    const { status, body } = await search('location=&propertyType=&category=&minPrice=&page=');
    expect(status).toBe(200);
    expect(body.total).toBe(6);
  });

  it('answers letters PostgreSQL reads as punctuation without an error (the API fuzz found ʻ and ⅐)', async () => {
    // unaccent turns ʻ into an apostrophe; the text-search parser splits 0⅐ in two.
    for (const location of ['ʻ', '0⅐', "o'brien", 'a\\b', 'Osuʻ', 'ʻOsu']) {
      const { status } = await search(`location=${encodeURIComponent(location)}`);
      expect(status, location).toBe(200);
    }
    // The words around such a letter still find what they name.
    expect(await titles(`location=${encodeURIComponent('ʻOsu')}`)).toEqual(['Osu flat']);
  });
});

describe('GET /api/properties/featured', () => {
  it('lists live featured listings in featured order only', async () => {
    const fresh = await createTestApp();
    const host = (await signUp(fresh.app, { userType: 'owner' })).userId;
    const add = (values: Parameters<typeof createListing>[2]) =>
      createListing(fresh.database.db, host, values);
    const second = await add({ title: 'B', isFeatured: true, featuredOrder: 2 });
    const first = await add({ title: 'A', isFeatured: true, featuredOrder: 1 });
    await add({ title: 'Pending', isFeatured: true, featuredOrder: 0, isVerified: false });
    await add({ title: 'Hidden', isFeatured: true, featuredOrder: 0, isActive: false });
    await add({ title: 'Plain' });
    const response = await fresh.app.inject({ method: 'GET', url: '/api/properties/featured' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: string }) => p.id)).toEqual([first, second]);
    expect(response.json()[0]).toMatchObject({
      isFeatured: true,
      featuredOrder: 1,
      isFavorite: false,
    });
  });
});

describe('the search cache', () => {
  it('answers repeated searches from memory until listings change', async () => {
    const fresh = await createTestApp();
    const host = (await signUp(fresh.app, { userType: 'owner' })).userId;
    await createListing(fresh.database.db, host, { title: 'First' });
    // A started server has loaded its index (until then SQL answers, and nothing is cached).
    await fresh.app.listingSearch.warm();
    const totals = async () =>
      (
        await fresh.app.inject({ method: 'GET', url: '/api/properties/search?location=ACCRA%20' })
      ).json().total;
    expect(await totals()).toBe(1);
    // Written behind the server's back: the cached answer stands…
    await createListing(fresh.database.db, host, { title: 'Second' });
    expect(await totals()).toBe(1);
    // …until the server hears of a change, as every listing write through the API tells it.
    void fresh.app.listingSearch.changed();
    expect(await totals()).toBe(2);
  });
});
