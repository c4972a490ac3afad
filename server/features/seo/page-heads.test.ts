import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createTestDatabase } from '../../testing/test-database';
import { createListing } from '../../testing/builders';
import { signUp } from '../../testing/test-app';
import { localStorage } from '../../lib/storage';
import { createPageHead } from './page-heads';
import { parseHtml } from '../../testing/markup';

/**
 * The head the server writes into index.html for each page (page-heads.ts), read as a
 * crawler or a link preview would: from the HTML, before any script runs.
 */
const publicUrl = 'https://abode.example';
// A built index.html, small (page-template.test.ts has the real shape): the static title and
// description the server replaces, and the entry script.
const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Static description." /><title>Static title</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-seo-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-seo-files-'));
const database = await createTestDatabase();
const app = await buildApp({
  config: testConfig({ publicUrl }),
  db: database.db,
  storage: localStorage(filesDir),
  webRoot,
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const xssTitle = '"><script>alert(1)</script>';
const ids = { live: '', dollars: '', pending: '', hidden: '', xss: '', bare: '' };
let ownerCookie = '';
const longDescription =
  'A bright two-bedroom flat on a quiet street in Osu, five minutes from Oxford Street. ' +
  'Fitted kitchen, fast wifi, a balcony facing the sea, parking for one car and a guard at ' +
  'night. Water and electricity are included in the rent.';

beforeAll(async () => {
  const owner = await signUp(app, { userType: 'owner' });
  ownerCookie = owner.cookie;
  ids.live = await createListing(database.db, owner.userId, {
    title: 'Sunny flat in Osu',
    description: longDescription,
    address: '12 Ring Road, Osu',
    // What moving in costs (issue 20): a year ahead, a deposit, from the first of March.
    advanceMonths: 12,
    depositAmount: 1500,
    availableFrom: '2027-03-01',
    minLeaseMonths: 12,
    photos: [
      { key: 'pcover', width: 2000, height: 1333, widths: [400, 800, 1200, 1600] },
      { key: 'pkitchen', width: 1000, height: 750, widths: [400, 800] },
    ],
  });
  ids.dollars = await createListing(database.db, owner.userId, {
    title: 'Tiny studio',
    description: null,
    propertyType: 'studio',
    bedrooms: 0,
    price: 125.5,
    currency: '$',
    pricingPeriod: 'week',
  });
  ids.pending = await createListing(database.db, owner.userId, {
    title: 'Pending house',
    isVerified: false,
    photos: [{ key: 'ppending', width: 800, height: 600, widths: [400, 800] }],
  });
  ids.hidden = await createListing(database.db, owner.userId, {
    title: 'Hidden house',
    isActive: false,
  });
  ids.xss = await createListing(database.db, owner.userId, {
    title: xssTitle,
    description: '</script><script>alert(2)</script> & <!-- more',
    city: '<img src=x onerror=alert(3)>',
    photos: [{ key: 'pxss', width: 800, height: 600, widths: [400, 800] }],
  });
});

const asPage = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function page(url: string, { status = 200, cookie = '' } = {}) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: cookie ? { ...asPage, cookie } : asPage,
  });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  const html = response.body;
  const head = parseHtml(html).head;
  const meta = (key: string) =>
    head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ??
    null;
  const scripts = [...head.querySelectorAll('script[type="application/ld+json"]')];
  return {
    html,
    head,
    response,
    title: head.querySelector('title')?.textContent ?? null,
    titles: head.querySelectorAll('title').length,
    meta,
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    structuredData: scripts.map((script) => JSON.parse(script.textContent!)),
  };
}

describe('the home page', () => {
  it('has the product’s title, description, canonical URL and share card', async () => {
    const home = await page('/');
    expect(home.title).toBe('Abode: rentals that feel like home');
    expect(home.titles).toBe(1);
    expect(home.meta('description')).toMatch(/^Apartments, houses and student hostels/);
    expect(home.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(home.canonical).toBe('https://abode.example/');
    expect(home.meta('robots')).toBeNull();
    expect(home.meta('og:type')).toBe('website');
    expect(home.meta('og:site_name')).toBe('Abode');
    expect(home.meta('og:locale')).toBe('en_US');
    expect(home.meta('og:url')).toBe('https://abode.example/');
    expect(home.meta('og:title')).toBe('Abode');
    expect(home.meta('og:description')).toBe(home.meta('description'));
    // A page without a photo of its own shows the site's card (web/public/share-card.png).
    expect(home.meta('og:image')).toBe('https://abode.example/share-card.png');
    expect(home.meta('og:image:width')).toBe('1200');
    expect(home.meta('og:image:height')).toBe('630');
    expect(home.meta('twitter:card')).toBe('summary_large_image');
  });

  it('describes the site and its search in JSON-LD', async () => {
    const [data] = (await page('/')).structuredData;
    const graph = data['@graph'] as Record<string, unknown>[];
    const website = graph.find((node) => node['@type'] === 'WebSite')!;
    expect(website).toMatchObject({
      url: 'https://abode.example/',
      name: 'Abode',
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          urlTemplate: 'https://abode.example/search?location={search_term_string}',
        },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(graph.find((node) => node['@type'] === 'Organization')).toMatchObject({
      name: 'Abode',
      url: 'https://abode.example/',
      logo: 'https://abode.example/favicon.svg',
    });
  });

  it('puts the head before the app’s script, which stays as it was', async () => {
    const { html } = await page('/');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('type="module"'));
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html).not.toContain('Static');
  });

  it('keeps the page’s CSP: the JSON-LD is data, no inline script is allowed', async () => {
    const { response } = await page('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('the search page', () => {
  it('names what is searched for, and keeps only that in its canonical URL', async () => {
    const search = await page(
      '/search?sort=price_asc&page=2&location=%20Accra%20&bedrooms=2&propertyType=apartment',
    );
    expect(search.title).toBe('Apartments in Accra · Abode');
    expect(search.meta('og:title')).toBe('Apartments in Accra');
    expect(search.meta('description')).toMatch(/^Apartments to rent in Accra on Abode/);
    expect(search.canonical).toBe(
      'https://abode.example/search?location=Accra&propertyType=apartment',
    );
    expect(search.meta('robots')).toBeNull();
  });

  it.each([
    ['/search?location=accra', 'Rentals in Accra · Abode', '/search?location=Accra'],
    [
      '/search?location=East+Legon&type=house',
      'Houses in East Legon · Abode',
      '/search?location=East+Legon&propertyType=house',
    ],
    ['/search?category=student', 'Student rentals · Abode', '/search?category=student'],
    // `room`, the former name of a single room (issue 34), canonical under the new one.
    [
      '/search?propertyType=room&category=student',
      'Student single rooms to rent · Abode',
      '/search?propertyType=single_room&category=student',
    ],
    [
      '/search?location=Kumasi&propertyType=chamber_and_hall',
      'Chamber and halls in Kumasi · Abode',
      '/search?location=Kumasi&propertyType=chamber_and_hall',
    ],
    // Not a type, a blank location, the default category: nothing to name.
    [
      '/search?propertyType=castle&location=%20&category=general',
      'Search rentals · Abode',
      '/search',
    ],
    ['/search', 'Search rentals · Abode', '/search'],
  ])('%s is "%s", canonical %s', async (url, title, canonical) => {
    const search = await page(url);
    expect(search.title).toBe(title);
    expect(search.canonical).toBe(`${publicUrl}${canonical}`);
  });

  it('escapes the searched words', async () => {
    const search = await page(
      `/search?location=${encodeURIComponent('<script>alert(1)</script>')}`,
    );
    expect(search.html).not.toContain('<script>alert');
    expect(search.title).toBe('Rentals in <script>alert(1)</script> · Abode');
    expect(search.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('keeps a reader’s saved properties out of search engines', async () => {
    const saved = await page('/search?saved=true');
    expect(saved.meta('robots')).toBe('noindex');
    expect(saved.canonical).toBeNull();
  });
});

describe('a listing page', () => {
  it('has the listing’s title, description, canonical URL and share card', async () => {
    const listing = await page(`/property/${ids.live}?from=search`);
    expect(listing.title).toBe('Sunny flat in Osu · Abode');
    const description = listing.meta('description')!;
    expect(description).toMatch(
      /^Apartment to rent in Accra, Ghana: GH₵3,000 a month, 2 bedrooms\. A bright two-bedroom flat/,
    );
    // The facts, then about 150 characters of the owner's words, cut at a word.
    expect(description).toMatch(/a balcony facing the sea, parking for…$/);
    expect(listing.canonical).toBe(`https://abode.example/property/${ids.live}`);
    expect(listing.meta('robots')).toBeNull();
    expect(listing.meta('og:title')).toBe('Sunny flat in Osu');
    expect(listing.meta('og:url')).toBe(listing.canonical);
    expect(listing.meta('og:description')).toBe(description);
    expect(listing.meta('og:image')).toBe('https://abode.example/files/pcover-1600.webp');
    expect(listing.meta('og:image:width')).toBe('1600');
    expect(listing.meta('og:image:height')).toBe('1066');
    expect(listing.meta('og:image:alt')).toBe('Sunny flat in Osu');
    expect(listing.meta('twitter:card')).toBe('summary_large_image');
    expect(listing.meta('twitter:image')).toBe('https://abode.example/files/pcover-1600.webp');
    expect(listing.meta('twitter:title')).toBe('Sunny flat in Osu');
  });

  it('describes the listing in JSON-LD: the place, its rooms, photos and rent', async () => {
    const [data] = (await page(`/property/${ids.live}`)).structuredData;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: `https://abode.example/property/${ids.live}`,
      name: 'Sunny flat in Osu',
      mainEntity: {
        '@type': 'Apartment',
        name: 'Sunny flat in Osu',
        // The locality and region only: no street (issue 50).
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Accra',
          addressRegion: 'Greater Accra',
        },
        numberOfRooms: 2,
        numberOfBedrooms: 2,
        numberOfBathroomsTotal: 1,
        leaseLength: { '@type': 'QuantitativeValue', value: 12, unitCode: 'MON' },
        image: [
          'https://abode.example/files/pcover-1600.webp',
          'https://abode.example/files/pkitchen-800.webp',
        ],
      },
      offers: {
        '@type': 'Offer',
        price: 3000,
        priceCurrency: 'GHS',
        availabilityStarts: '2027-03-01',
        // The rent, then what moving in costs beside it: 12 × 3 000 + 1 500.
        priceSpecification: [
          {
            '@type': 'UnitPriceSpecification',
            unitCode: 'MON',
            unitText: 'month',
            priceCurrency: 'GHS',
          },
          {
            '@type': 'PriceSpecification',
            name: 'Security deposit',
            price: 1500,
            priceCurrency: 'GHS',
          },
          {
            '@type': 'PriceSpecification',
            name: 'Move-in cost',
            price: 37_500,
            priceCurrency: 'GHS',
          },
        ],
      },
    });
    expect(new Date(data.datePosted).toString()).not.toBe('Invalid Date');
    // Not reviewed yet: no rating is claimed.
    expect(data.mainEntity).not.toHaveProperty('aggregateRating');
  });

  it('carries the rating its counted reviews give, as the page shows it (issue 51)', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const id = await createListing(database.db, owner.userId, {
      title: 'Reviewed flat',
      averageRating: 4.5,
      reviewCount: 6,
    });
    const [data] = (await page(`/property/${id}`)).structuredData;
    expect(data.mainEntity.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("prices a dollar rent per week in USD, and a listing without photos has the site's card", async () => {
    const listing = await page(`/property/${ids.dollars}`);
    expect(listing.meta('description')).toBe('Studio to rent in Accra, Ghana: $125.50 a week.');
    // A page without a photo of its own shows the site's card (web/public/share-card.png).
    expect(listing.meta('og:image')).toBe('https://abode.example/share-card.png');
    expect(listing.meta('og:image:width')).toBe('1200');
    expect(listing.meta('og:image:height')).toBe('630');
    expect(listing.meta('twitter:card')).toBe('summary_large_image');
    const [data] = listing.structuredData;
    expect(data.mainEntity['@type']).toBe('Apartment');
    expect(data.mainEntity.numberOfRooms).toBe(1);
    expect(data.mainEntity).not.toHaveProperty('image');
    expect(data.offers).toMatchObject({
      price: 125.5,
      priceCurrency: 'USD',
      priceSpecification: [{ unitCode: 'WEE' }],
    });
    // Nothing to pay beside the rent, no date: neither is claimed.
    expect(data.offers.priceSpecification).toHaveLength(1);
    expect(data.offers).not.toHaveProperty('availabilityStarts');
  });

  it.each([
    ['pending', () => ids.pending],
    ['hidden', () => ids.hidden],
    ['unknown', () => '00000000-0000-4000-8000-000000000000'],
  ])('of a %s listing is not found (404), and kept out of search engines', async (_what, id) => {
    const listing = await page(`/property/${id()}`, { status: 404 });
    expect(listing.title).toBe('Listing not found · Abode');
    expect(listing.meta('robots')).toBe('noindex');
    expect(listing.canonical).toBeNull();
    expect(listing.meta('og:url')).toBeNull();
    expect(listing.meta('og:image')).toBe('https://abode.example/share-card.png');
    expect(listing.structuredData).toEqual([]);
    expect(listing.html).not.toMatch(/Pending house|Hidden house|ppending/);
  });

  it.each([
    ['pending', () => ids.pending],
    ['hidden', () => ids.hidden],
  ])(
    'of a %s listing is there for its owner to preview, still kept out of search engines',
    async (_what, id) => {
      const listing = await page(`/property/${id()}`, { cookie: ownerCookie });
      expect(listing.title).toBe('Abode: rentals that feel like home');
      expect(listing.meta('robots')).toBe('noindex');
      expect(listing.structuredData).toEqual([]);
    },
  );

  it.each(['/property/%00', '/property/not-an-id', `/property/${'9'.repeat(3000)}`])(
    '%s answers the not-found page (404), never an error',
    async (url) => {
      const listing = await page(url, { status: 404 });
      expect(listing.meta('robots')).toBe('noindex');
      expect(listing.title).toBe('Listing not found · Abode');
    },
  );

  it('a path that is not valid percent-encoding is a bad request (the router says so)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/property/%E0%A4%A',
      headers: asPage,
    });
    expect(response.statusCode).toBe(400);
  });

  it('escapes what the owner wrote: a listing titled like markup stays text', async () => {
    const listing = await page(`/property/${ids.xss}`);
    expect(listing.html).not.toContain('<script>alert');
    expect(listing.html).not.toContain('<img src=x');
    expect(listing.html).not.toContain('</script><script>');
    // The only scripts are the JSON-LD and the app's own.
    expect([...listing.head.querySelectorAll('script')].map((s) => s.type)).toEqual([
      'application/ld+json',
      'module',
    ]);
    expect(listing.head.querySelectorAll('img')).toHaveLength(0);
    // …and the text reads as written once parsed.
    expect(listing.title).toBe(`${xssTitle} · Abode`);
    expect(listing.meta('og:title')).toBe(xssTitle);
    expect(listing.meta('description')).toContain('</script><script>alert(2)</script> & <!-- more');
    const [data] = listing.structuredData;
    expect(data.name).toBe(xssTitle);
    expect(data.description).toContain('</script><script>alert(2)</script>');
    expect(data.mainEntity.address.addressLocality).toBe('<img src=x onerror=alert(3)>');
  });
});

describe('other pages', () => {
  it.each([
    ['/services', 'Home Maintenance Services · Abode'],
    ['/contact', 'Contact Us · Abode'],
    ['/support', '24/7 Support · Abode'],
    ['/privacy-policy', 'Privacy Policy · Abode'],
    ['/terms-of-service', 'Terms of Service · Abode'],
    ['/listing-payment', 'Choose Your Listing Plan · Abode'],
  ])('public %s is indexable with its own title', async (url, title) => {
    const other = await page(url);
    expect(other.title).toBe(title);
    expect(other.canonical).toBe(`${publicUrl}${url}`);
    expect(other.meta('robots')).toBeNull();
  });

  it.each([
    '/admin',
    '/admin/image-approval',
    '/admin-service-approval',
    '/account-settings',
    '/dashboard',
    '/list-property?plan=premium',
    '/property/00000000-0000-4000-8000-000000000000/edit',
    '/images-pending-approval',
    '/verify-email',
    '/verify-phone',
    '/reset-password?token=abc',
    '/forgot-password',
    '/user/videos',
    '/dev/mailbox',
    '/login',
  ])('%s has the generic head and noindex', async (url) => {
    const other = await page(url);
    expect(other.title).toBe('Abode: rentals that feel like home');
    expect(other.meta('robots')).toBe('noindex');
    expect(other.canonical).toBeNull();
    expect(other.structuredData).toEqual([]);
  });
});

describe('a path that is no page (issue 51)', () => {
  it.each(['/no/such/page', '/property', '/search/extra', '/admin/nothing', '/listers/'])(
    '%s answers 404 with the app’s not-found page, titled so, kept out of search engines',
    async (url) => {
      const missing = await page(url, { status: 404 });
      expect(missing.title).toBe('Page not found · Abode');
      expect(missing.meta('robots')).toBe('noindex');
      expect(missing.canonical).toBeNull();
      // The app's page all the same: its script renders the not-found screen.
      expect(missing.html).toContain('<script type="module"');
      expect(missing.response.headers['cache-control']).toBe('no-cache');
    },
  );
});

describe('a lister’s page (issue 40)', () => {
  it('is indexable, named for the lister, and in the sitemap; an unknown handle is not', async () => {
    const agent = await signUp(app, {
      userType: 'agent',
      firstName: 'Kwame',
      businessName: 'Osu Homes Ltd',
    });
    await createListing(database.db, agent.userId, { title: 'Agent flat, Osu' });
    const [row] = await database.db
      .select({ handle: users.handle })
      .from(users)
      .where(eq(users.id, agent.userId));
    const path = `/listers/${row!.handle}`;
    const lister = await page(path);
    expect(lister.title).toBe('Osu Homes Ltd · Abode');
    expect(lister.meta('description')).toContain('1 listing to rent');
    expect(lister.meta('robots')).toBeNull();
    expect(lister.canonical).toBe(`${publicUrl}${path}`);
    expect(lister.structuredData[0]).toMatchObject({
      '@type': 'RealEstateAgent',
      name: 'Osu Homes Ltd',
    });
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${publicUrl}${path}</loc>`);

    const unknown = await page('/listers/nobody-00000000', { status: 404 });
    expect(unknown.title).toBe('Lister not found · Abode');
    expect(unknown.meta('robots')).toBe('noindex');
    expect(unknown.canonical).toBeNull();
  });
});

describe('when the database is away', () => {
  it('a listing page gets the generic head, without noindex (the listing may well be live)', async () => {
    const warnings: unknown[] = [];
    const pageHead = createPageHead({
      publicUrl,
      listingSearch: {
        liveProperty: () => Promise.reject(new Error('connection refused')),
      },
      listingVisible: () => Promise.reject(new Error('connection refused')),
      listerOf: () => Promise.reject(new Error('connection refused')),
    });
    const request = {
      url: `/property/${ids.live}`,
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    } as unknown as FastifyRequest;
    const { tags, found } = await pageHead(request);
    // Not a 404 either: the listing may well be there.
    expect(found).toBe(true);
    expect(tags[0]).toBe('<title>Abode: rentals that feel like home</title>');
    expect(tags.join('\n')).not.toContain('noindex');
    expect(warnings).toHaveLength(1);
  });
});
