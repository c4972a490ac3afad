import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property, SearchResult } from '#common/properties';
import { ISLAND_ATTRIBUTE } from '../components/island-names';
import i18next from '../lib/i18n';
import { serverRenderedState } from '../page-state';
import { i18nReady, mockApi } from '../testing/render';
import { makeProperties, makeProperty } from '../testing/properties';
import { answersFor, renderOnTheServer, serve } from '../render-page-fixtures';
import { islandLoaders } from './registry';
import { wakeIsland } from './runtime';

// A visitor's page runs no React until they touch an island (decision 030): each island then
// hydrates the HTML the server rendered for it, alone, from the page's state. These tests
// render pages as the server does and wake their islands as web/islands/boot.ts does.

beforeAll(() => i18nReady);
afterEach(async () => {
  document.body.innerHTML = '';
  await i18next.changeLanguage('en');
  vi.restoreAllMocks();
});

const searchResult = (properties: Property[]): SearchResult => ({
  properties,
  total: properties.length,
});

/** Serves `url` as a visitor gets it and collects what React reports while islands wake. */
async function visit(url: string, byPath: Record<string, unknown>) {
  const page = await renderOnTheServer({
    url,
    language: 'en',
    dataSaver: false,
    answers: answersFor(url, byPath),
  });
  serve(url, page);
  const consoleError = vi.spyOn(console, 'error');
  const state = serverRenderedState()!;
  const island = (name: string) =>
    document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="${name}"]`)!;
  // Woken outside act(): it resolves once React's effects ran, which act() would hold back.
  const wake = async (name: string) => {
    let awake = false;
    await act(async () => {
      void wakeIsland(island(name), name, state).then(() => (awake = true));
    });
    await waitFor(() => expect(awake).toBe(true));
  };
  // The one warning that comes of the server's and the browser's renderers sharing this realm
  // (see renderOnTheServer); a mismatch, or anything else, is an error here.
  const sharedRealm = /multiple renderers concurrently rendering the same context provider/;
  const consoleErrors = () =>
    consoleError.mock.calls.filter((call) => !sharedRealm.test(String(call[0])));
  return { page, island, wake, consoleErrors };
}

describe('islands', () => {
  it('a visitor’s page carries its islands, and starts with the boot script only once built', async () => {
    const { page, island } = await visit('/search?location=Accra', {
      '/api/auth/user': null,
      '/api/properties/search?location=Accra': searchResult(makeProperties(2)),
    });
    for (const name of ['header', 'offline-notice', 'search-form', 'data-saver']) {
      expect(island(name), name).toBeTruthy();
    }
    // Unbuilt (this test), there is no boot script to name: the page starts the app.
    expect(page.script).toBeNull();
  });

  it('the search form wakes without a mismatch and opens its filters in place', async () => {
    const { island, wake, consoleErrors } = await visit('/search?location=Accra', {
      '/api/auth/user': null,
      '/api/properties/search?location=Accra': searchResult(makeProperties(3)),
    });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await wake('search-form');
    expect(consoleErrors()).toEqual([]);
    // React now answers: the toggle opens the panel without leaving the page.
    await act(async () => void fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(window.location.search).toBe('?location=Accra');
    expect(island('search-form').querySelector('[hidden]')).toBeNull();
  });

  it('the gallery wakes without a mismatch and shows the photo a thumbnail names', async () => {
    mockApi({});
    const listing = makeProperty();
    const url = `/property/${listing.id}`;
    const { wake, consoleErrors } = await visit(url, {
      '/api/auth/user': null,
      [`/api/properties/${listing.id}`]: listing,
    });
    const second = screen.getByRole('button', { name: /^Show photo 2 of/ });
    expect(second.getAttribute('href')).toMatch(/^\/files\/.+\.webp$/);
    await wake('gallery');
    expect(consoleErrors()).toEqual([]);
    await act(async () => void fireEvent.click(second));
    await waitFor(() => expect(second.getAttribute('aria-current')).toBe('true'));
    expect(window.location.pathname).toBe(url);
  });

  it('the header and the share button wake without a mismatch', async () => {
    mockApi({});
    const listing = makeProperty();
    const url = `/property/${listing.id}`;
    const { wake, consoleErrors } = await visit(url, {
      '/api/auth/user': null,
      [`/api/properties/${listing.id}`]: listing,
    });
    await wake('header');
    await wake('share');
    await wake('data-saver');
    await wake('offline-notice');
    expect(consoleErrors()).toEqual([]);
  });

  it('has a loader for every island name, each giving a component', async () => {
    for (const [name, load] of Object.entries(islandLoaders)) {
      expect(typeof (await load()), name).toBe('function');
    }
  });
});
