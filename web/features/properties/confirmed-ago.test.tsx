import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property } from '#common/properties';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import HomeListings from './home-listings';
import PropertyDetailPage from './property-detail-page';

// "Confirmed N days ago" on cards and on a listing's page (issue 21).

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const DAY = 24 * 60 * 60 * 1000;
/** Confirmed `days` whole days (and two hours) before now. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 2 * 3600_000).toISOString();

function showListing(property: Property, extra: Parameters<typeof mockApi>[0] = {}) {
  mockApi({ [`GET /api/properties/${property.id}`]: () => json(property), ...extra });
  renderRoute(<PropertyDetailPage />, { path: '/property/:id', url: `/property/${property.id}` });
}

describe('confirmed line', () => {
  it('says on each card when its owner last confirmed it: today, yesterday, N days ago', async () => {
    const featured = [
      makeProperty({
        title: 'Fresh flat',
        isFeatured: true,
        confirmedAt: new Date().toISOString(),
      }),
      makeProperty({ title: 'Recent flat', isFeatured: true, confirmedAt: daysAgo(1) }),
      makeProperty({ title: 'Older flat', isFeatured: true, confirmedAt: daysAgo(2) }),
      makeProperty({ title: 'Oldest flat', isFeatured: true, confirmedAt: daysAgo(29) }),
    ];
    mockApi({ 'GET /api/properties/featured': () => json(featured) });
    renderRoute(<HomeListings />, { path: '/', url: '/' });
    const card = async (title: string) =>
      (await screen.findByRole('link', { name: title })).closest('article')!;
    expect(within(await card('Fresh flat')).getByText('Confirmed today')).toBeTruthy();
    expect(within(await card('Recent flat')).getByText('Confirmed yesterday')).toBeTruthy();
    expect(within(await card('Older flat')).getByText('Confirmed 2 days ago')).toBeTruthy();
    expect(within(await card('Oldest flat')).getByText('Confirmed 29 days ago')).toBeTruthy();
  });

  it('says it beside the badges of a listing’s page', async () => {
    const property = makeProperty({ title: 'Garden flat', confirmedAt: daysAgo(12) });
    showListing(property);
    await screen.findByRole('heading', { level: 1, name: 'Garden flat' });
    const line = screen.getByText('Confirmed 12 days ago');
    expect(within(line.parentElement!).getByText('Reviewed by Abode')).toBeTruthy();
  });

  it('does not say it on a rented listing, which is no longer free', async () => {
    const property = makeProperty({
      title: 'Let flat',
      isActive: false,
      rentedAt: daysAgo(2),
      confirmedAt: daysAgo(5),
    });
    showListing(property);
    expect(await screen.findByText('This place has been rented')).toBeTruthy();
    expect(screen.queryByText(/^Confirmed/)).toBeNull();
  });

  it('tells the owner of an expired listing why renters cannot find it, and where to renew', async () => {
    const property = makeProperty({
      title: 'Old flat',
      isOwn: true,
      confirmedAt: daysAgo(31),
      expiredAt: daysAgo(1),
    });
    showListing(property, { 'GET /api/auth/user': () => json(renter) });
    const banner = (await screen.findByText('Your listing: Expired')).parentElement!;
    expect(banner.textContent).toContain(
      'you have not confirmed for 30 days that it is still available',
    );
    expect(
      within(banner).getByRole('link', { name: 'Manage in your dashboard' }).getAttribute('href'),
    ).toBe('/dashboard');
  });
});
