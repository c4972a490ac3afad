import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageRead, PageRenderer, PageRenderInput } from '#common/page-render';
import { createListing } from '../testing/builders';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';

// The server's half of server rendering (issue 22): which page is rendered, the answers it is
// rendered with (the API's own, asked as the reader), the language and data saver it is
// rendered for, and what is served when it cannot be. The web app's half, the HTML itself
// and its hydration, is tested in web/render-page.test.tsx and the journeys.

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Abode</title>' +
  '<script type="module" src="/assets/app.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const user: PageRead = { key: ['user'], path: '/api/auth/user', nullOn401: true };

/** A renderer shaped like the web app's: reads by path, and a body that shows its input. */
function fakeRenderer(rendered: PageRenderInput[]): PageRenderer & { fail: boolean } {
  return {
    fail: false,
    reads(url) {
      const { pathname, search } = new URL(url, 'http://x');
      if (pathname === '/') {
        return [
          user,
          { key: ['featured'], path: '/api/properties/featured' },
          { key: ['latest'], path: '/api/properties/search?limit=6', fallbackFor: 1 },
        ];
      }
      if (pathname === '/search') {
        return [user, { key: ['search'], path: `/api/properties/search${search}` }];
      }
      const listing = /^\/property\/([^/]+)$/.exec(pathname);
      if (listing) {
        return [
          user,
          { key: ['listing'], path: `/api/properties/${listing[1]}` },
          { key: ['rate'], path: '/api/exchange-rate', optional: true },
        ];
      }
      return null;
    },
    async render(input) {
      if (this.fail) throw new Error('the renderer broke');
      rendered.push(input);
      return {
        html: `<main>rendered ${input.url}</main>`,
        state: '{"rendered":true}',
        script: null,
      };
    },
  };
}

let t: TestApp;
let webRoot: string;
const rendered: PageRenderInput[] = [];
let renderer: ReturnType<typeof fakeRenderer>;
let ownerId: string;
let listingId: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-page-render-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  renderer = fakeRenderer(rendered);
  t = await createTestApp({}, { webRoot, pageRenderer: renderer });
  const owner = await signUp(t.app, { userType: 'owner' });
  ownerId = owner.userId;
  listingId = await createListing(t.database.db, ownerId, { title: 'Bright flat in Osu' });
  await t.app.listingSearch.changed();
});

afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

beforeEach(() => {
  rendered.length = 0;
  renderer.fail = false;
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

const answer = (input: PageRenderInput | undefined, key: string) =>
  input?.answers.find((a) => a.key[0] === key)?.data;

describe('a page the server renders', () => {
  it('is rendered with the answers the API gives a visitor, and served private to them', async () => {
    const response = await page('/search?location=Osu');
    expect(response.statusCode).toBe(200);
    expect(rendered).toHaveLength(1);
    const [input] = rendered;
    expect(input).toMatchObject({ url: '/search?location=Osu', language: 'en', dataSaver: false });
    expect(answer(input, 'user')).toBeNull();
    const search = answer(input, 'search') as { properties: { title: string }[] };
    expect(search.properties.map((p) => p.title)).toContain('Bright flat in Osu');

    expect(response.body).toContain('<div id="root"><main>rendered /search?location=Osu</main>');
    expect(response.body).toContain(
      '<script type="application/json" id="abode-page-state">{"rendered":true}</script>',
    );
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/cookie/);
  });

  it("is rendered with a signed-in reader's own answers", async () => {
    const renter = await signUp(t.app, { userType: 'renter' });
    await page('/search', { cookie: renter.cookie });
    expect(answer(rendered[0], 'user')).toMatchObject({ id: renter.userId });
  });

  it("is written in the reader's language: their choice, else their browser's", async () => {
    const french = await page('/search', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(rendered[0]?.language).toBe('fr');
    expect(french.body).toContain('<html lang="fr">');

    await page('/search', { 'accept-language': 'fr-FR', cookie: 'abode.language=de' });
    expect(rendered[1]?.language).toBe('de');
    await page('/search', { 'accept-language': 'xx', cookie: 'abode.language=klingon' });
    expect(rendered[2]?.language).toBe('en');
  });

  it('uses the smallest photos when the reader turned the data saver on, or the browser asks', async () => {
    await page('/search?bedrooms=1', { 'save-data': 'on' });
    await page('/search?bedrooms=2', { cookie: 'abode.dataSaver=on' });
    await page('/search?bedrooms=3', { 'save-data': 'on', cookie: 'abode.dataSaver=off' });
    await page('/search?bedrooms=4');
    expect(rendered.map((input) => input.dataSaver)).toEqual([true, true, false, false]);
  });

  it('reads the latest listings only when none is featured (the home page)', async () => {
    await page('/');
    expect(answer(rendered[0], 'featured')).toEqual([]);
    const latest = answer(rendered[0], 'latest') as { properties: { id: string }[] };
    expect(latest.properties.map((p) => p.id)).toContain(listingId);

    const featuredId = await createListing(t.database.db, ownerId, {
      isFeatured: true,
      featuredOrder: 1,
    });
    await t.app.listingSearch.changed();
    await page('/');
    expect(rendered[1]?.answers.map((a) => a.key[0])).toEqual(['user', 'featured']);
    expect((answer(rendered[1], 'featured') as { id: string }[])[0]?.id).toBe(featuredId);
  });

  it('renders a listing without the optional exchange rate, and serves a missing listing to the browser', async () => {
    await page(`/property/${listingId}`);
    expect(answer(rendered[0], 'listing')).toMatchObject({ id: listingId });

    // Not there: the browser renders the not-found state, and the status says so (issue 51).
    const missing = await page('/property/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(rendered).toHaveLength(1);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).not.toContain('abode-page-state');
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it('serves the plain page when the renderer fails, and every page it does not render', async () => {
    renderer.fail = true;
    const broken = await page('/search?location=Kumasi');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');

    renderer.fail = false;
    const dashboard = await page('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<div id="root"></div>');
    expect(rendered).toHaveLength(0);
  });
});

describe("a visitor's page, kept", () => {
  it('is rendered once for every visitor asking for it, until a listing changes', async () => {
    const url = '/search?location=Osu&sort=newest';
    const [first, second] = await Promise.all([page(url), page(url)]);
    const third = await page(url);
    expect(rendered).toHaveLength(1);
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);

    // Kept per language and data saver as well as per address.
    await page(url, { 'accept-language': 'es' });
    await page(url, { 'save-data': 'on' });
    expect(rendered).toHaveLength(3);

    await createListing(t.database.db, ownerId, { title: 'Quiet room in Osu' });
    await t.app.listingSearch.changed();
    await page(url);
    expect(rendered).toHaveLength(4);
    const search = answer(rendered[3], 'search') as { properties: { title: string }[] };
    expect(search.properties.map((p) => p.title)).toContain('Quiet room in Osu');
  });

  it("is never a signed-in reader's", async () => {
    const renter = await signUp(t.app, { userType: 'renter' });
    await page('/search?location=Osu&sort=price_desc', { cookie: renter.cookie });
    await page('/search?location=Osu&sort=price_desc', { cookie: renter.cookie });
    expect(rendered).toHaveLength(2);
  });
});
