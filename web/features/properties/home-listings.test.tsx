import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProperties, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import HomeListings from './home-listings';
import ListerCount from './lister-count';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const renderHome = () => renderRoute(<HomeListings />, { path: '/', url: '/' });

describe('home listings', () => {
  it('shows the first six featured listings with a Featured badge', async () => {
    const featured = makeProperties(8, { isFeatured: true });
    const api = mockApi({ 'GET /api/properties/featured': () => json(featured) });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Featured Properties' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getAllByText('Featured', { exact: true })).toHaveLength(6);
    expect(screen.getByRole('link', { name: featured[5]!.title })).toBeTruthy();
    expect(screen.queryByRole('link', { name: featured[6]!.title })).toBeNull();
    expect(screen.getByRole('link', { name: 'View All Properties' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(api.calls('GET', '/api/properties/search')).toHaveLength(0);
  });

  it('falls back to six available listings (limit=6) when none is featured', async () => {
    const api = mockApi({
      'GET /api/properties/featured': () => json([]),
      'GET /api/properties/search': () => json({ properties: makeProperties(6), total: 40 }),
    });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Available Properties' })).toBeTruthy();
    expect(screen.getAllByText('Available', { exact: true })).toHaveLength(6);
    expect(api.calls('GET', '/api/properties/search')[0]!.search).toBe('?limit=6');
  });

  it('invites visitors to list when there is nothing at all', async () => {
    mockApi({
      'GET /api/properties/featured': () => json([]),
      'GET /api/properties/search': () => json({ properties: [], total: 0 }),
    });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'No properties available yet' }));
    expect(screen.getByRole('link', { name: 'List Your Property' }).getAttribute('href')).toBe(
      '/register?userType=property_professional',
    );
  });

  it('sends signed-in users straight to the listing form from the empty state', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      'GET /api/properties/featured': () => json([]),
      'GET /api/properties/search': () => json({ properties: [], total: 0 }),
    });
    renderHome();
    await screen.findByRole('heading', { name: 'No properties available yet' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'List Your Property' }).getAttribute('href')).toBe(
        '/list-property',
      ),
    );
  });
});

describe('what the home page claims (issue 50)', () => {
  const verified = { identityVerified: true, licensedAgent: false };

  it('calls the featured listers verified only when every lister shown is', async () => {
    const featured = makeProperties(6, { isFeatured: true }).map((property) => ({
      ...property,
      lister: { ...property.lister, ...verified },
    }));
    mockApi({ 'GET /api/properties/featured': () => json(featured) });
    renderHome();
    expect(await screen.findByText('Hand-picked places from verified owners and agents.'));
  });

  it('says what Abode checked when one lister shown is not verified', async () => {
    const featured = makeProperties(6, { isFeatured: true }).map((property, index) => ({
      ...property,
      lister: { ...property.lister, ...(index === 4 ? {} : verified) },
    }));
    mockApi({ 'GET /api/properties/featured': () => json(featured) });
    renderHome();
    expect(
      await screen.findByText(
        'Every listing is reviewed by Abode before it goes live. Each lister’s badges say what was checked.',
      ),
    );
    expect(screen.queryByText(/verified owners/)).toBeNull();
  });
});

describe('the count of listers on the landing page (issue 50)', () => {
  it.each([
    [0, '0'],
    [37, '37'],
    [499, '499'],
    [500, '500+'],
    [1234, '500+'],
  ])('shows %i listers with a live listing as %s', async (listers, shown) => {
    mockApi({ 'GET /api/properties/stats': () => json({ listers }) });
    renderRoute(
      <dl>
        <dd data-testid="count">
          <ListerCount />
        </dd>
      </dl>,
      { path: '/', url: '/' },
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe(shown));
  });
});
