import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProperties, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import HomeListings from './home-listings';

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
