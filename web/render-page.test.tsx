import { act, screen } from '@testing-library/react';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property, SearchResult } from '#common/properties';
import { App } from './app';
import {
  holdHydrationUntilInteraction,
  releaseHydration,
} from './components/hydrate-on-interaction';
import i18next from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { serverRenderedState } from './page-state';
import { reads } from './render-page';
import { answersFor, renderOnTheServer, serve } from './render-page-fixtures';
import { i18nReady, json, mockApi } from './testing/render';
import { makeProperties, makeProperty } from './testing/properties';

vi.mock('./lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  releaseHydration();
  document.body.innerHTML = '';
  await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * What the browser gets from the server (the page's HTML in #root and its state), then what
 * web/main.tsx does with it; resolves with every error React reported while hydrating.
 */
async function serveAndHydrate(
  url: string,
  byPath: Record<string, unknown>,
  { language = 'en', visitor = true } = {},
) {
  const page = await renderOnTheServer({
    url,
    language,
    dataSaver: false,
    answers: answersFor(url, byPath),
  });
  const container = serve(url, page);
  const serverHtml = container.innerHTML;

  await i18next.changeLanguage(language);
  const state = serverRenderedState();
  expect(state?.url).toBe(url);
  expect(state?.language).toBe(language);
  const queryClient = createQueryClient();
  hydrate(queryClient, state!.queries);
  if (visitor) holdHydrationUntilInteraction();

  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  // The one warning that comes of the two renderers sharing this realm (see renderOnTheServer).
  const sharedRealm = /multiple renderers concurrently rendering the same context provider/;
  const consoleErrors = () =>
    consoleError.mock.calls.filter((call) => !sharedRealm.test(String(call[0])));
  return { errors, consoleErrors, serverHtml, container };
}

const searchResult = (properties: Property[]): SearchResult => ({
  properties,
  total: properties.length,
});

describe('the reads of a page rendered on the server', () => {
  it('names the API answers each first page shows, keyed as its hooks key them', () => {
    expect(reads('/')?.map((read) => read.path)).toEqual([
      '/api/auth/user',
      '/api/properties/featured',
      '/api/properties/search?limit=6',
      '/api/exchange-rate',
      // The count of listers with a live listing (issue 50).
      '/api/properties/stats',
    ]);
    expect(reads('/search?location=Accra&bedrooms=2&view=list')?.map((r) => r.path)).toEqual([
      '/api/auth/user',
      '/api/properties/search?location=Accra&bedrooms=2',
      '/api/exchange-rate',
      // "Near a place" offers the searched city's landmarks (issue 39).
      '/api/places?city=Accra',
    ]);
    expect(reads('/property/abc')?.map((read) => read.path)).toEqual([
      '/api/auth/user',
      '/api/properties/abc',
      '/api/exchange-rate',
      // Its reviews (issue 40).
      '/api/properties/abc/reviews',
    ]);
  });

  it('leaves every other page, and a search of saved listings, to the browser', () => {
    for (const url of ['/dashboard', '/login', '/search?saved=true', '/property/a/edit', '/x']) {
      expect(reads(url), url).toBeNull();
    }
  });
});

describe('a first page rendered on the server and hydrated in the browser', () => {
  it('home: the HTML shows the featured listings, and React takes it over unchanged', async () => {
    mockApi({});
    const featured = makeProperties(3, { isFeatured: true });
    const { errors, consoleErrors, serverHtml, container } = await serveAndHydrate('/', {
      '/api/auth/user': null,
      '/api/properties/featured': featured,
      '/api/properties/stats': { listers: 37 },
    });
    for (const property of featured) expect(serverHtml).toContain(property.title);
    // The listers counted, not a made-up "500+" (issue 50).
    expect(serverHtml).toMatch(/Landlords and agents with live listings<\/dt><dd[^>]*>37<\/dd>/);
    expect(errors).toEqual([]);
    expect(consoleErrors()).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
  });

  it('search: the results are in the HTML; a card answers its first press (a visitor is asked to sign in)', async () => {
    mockApi({});
    const found = makeProperties(2);
    const url = '/search?location=Accra';
    const { errors, consoleErrors, serverHtml } = await serveAndHydrate(url, {
      '/api/auth/user': null,
      '/api/properties/search?location=Accra': searchResult(found),
      '/api/places?city=Accra': { places: [] },
    });
    expect(serverHtml).toContain(found[0]!.title);
    expect(errors).toEqual([]);
    expect(consoleErrors()).toEqual([]);

    // The card is still the server's until the reader acts (React has not taken its nodes
    // over); its heart is a link to sign in, which works before any script (issue 36).
    const heart = screen.getByRole('link', { name: `Save ${found[0]!.title}` });
    const takenOver = (node: Element) => Object.keys(node).some((k) => k.startsWith('__react'));
    expect(takenOver(heart)).toBe(false);
    expect(takenOver(screen.getByRole('heading', { level: 1 }))).toBe(true);
    // With the listing to save once the visitor has signed in (issue 51).
    expect(heart.getAttribute('href')).toBe(
      `/api/login?next=%2Fsearch%3Flocation%3DAccra&then=save-listing%3A${found[0]!.id}`,
    );
  });

  it('search mixing currencies: the converted rent is in the HTML, and hydration agrees', async () => {
    mockApi({});
    const found = [
      makeProperty({ pricePerNight: 2500, price: 2500 }),
      makeProperty({ currency: '$', pricePerNight: 1200, price: 1200 }),
    ];
    const url = '/search?location=Accra';
    const { errors, consoleErrors, serverHtml, container } = await serveAndHydrate(url, {
      '/api/auth/user': null,
      '/api/properties/search?location=Accra': searchResult(found),
      '/api/exchange-rate': { ghsPerUsd: 15.4, setAt: '2026-11-20T10:00:00.000Z' },
      '/api/places?city=Accra': {
        places: [
          { name: 'University of Ghana', kind: 'university', latitude: 5.6505, longitude: -0.1869 },
        ],
      },
    });
    // "Near a place" lists the city's landmarks in the HTML (issue 39).
    expect(serverHtml).toContain('University of Ghana');
    // $1,200 a month at 15.4 is GH₵18,480; the cedi card needs no conversion.
    expect(serverHtml).toContain('≈ GH₵18,480/month');
    expect(serverHtml.match(/≈ /g)).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(consoleErrors()).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
  });

  it('a listing: title, price and move-in cost are in the HTML, in French when the reader reads French', async () => {
    mockApi({});
    const property = makeProperty({ title: 'Maison lumineuse à Osu', pricePerNight: 3500 });
    const url = `/property/${property.id}`;
    const { errors, consoleErrors, serverHtml } = await serveAndHydrate(
      url,
      {
        '/api/auth/user': null,
        [`/api/properties/${property.id}`]: property,
        '/api/exchange-rate': { rate: 15.5, updatedAt: '2026-11-20T10:00:00.000Z' },
      },
      { language: 'fr' },
    );
    expect(serverHtml).toContain('Maison lumineuse à Osu');
    expect(serverHtml).toMatch(/GH₵3\s?500/);
    expect(serverHtml).toContain(i18next.t('property.backToSearch', { lng: 'fr' }));
    expect(errors).toEqual([]);
    expect(consoleErrors()).toEqual([]);
  });

  it("hydrates a signed-in reader's page at once, their lazy menu included, without a mismatch", async () => {
    mockApi({ 'GET /api/favorites': () => json([]) });
    const found = makeProperties(1);
    const user = { ...(await import('./testing/properties')).renter };
    const { errors, consoleErrors, serverHtml } = await serveAndHydrate(
      '/search',
      { '/api/auth/user': user, '/api/properties/search': searchResult(found) },
      { visitor: false },
    );
    expect(serverHtml).toContain(found[0]!.title);
    expect(errors).toEqual([]);
    expect(consoleErrors()).toEqual([]);
  });

  it('a page kept for another address is drawn anew, not hydrated (the offline copy of the home page)', async () => {
    const page = await renderOnTheServer({
      url: '/',
      language: 'en',
      dataSaver: false,
      answers: answersFor('/', { '/api/auth/user': null, '/api/properties/featured': [] }),
    });
    window.history.replaceState(null, '', '/search');
    document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="abode-page-state">${page.state}</script>`;
    expect(serverRenderedState()).toBeNull();
  });

  it('keeps the state from closing its script element, whatever a listing says', async () => {
    const property = makeProperty({ description: '</script><script>alert(1)</script><!--' });
    const page = await renderOnTheServer({
      url: `/property/${property.id}`,
      language: 'en',
      dataSaver: false,
      answers: answersFor(`/property/${property.id}`, {
        '/api/auth/user': null,
        [`/api/properties/${property.id}`]: property,
      }),
    });
    expect(page.state).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(page.state).queries.queries[1].state.data.description).toBe(
      property.description,
    );
  });
});
