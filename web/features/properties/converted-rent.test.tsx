import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Property } from '#common/properties';
import type { SearchMapProps } from '../maps';
import { makeProperty } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import SearchPage from './search-page';

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => vi.unstubAllGlobals());

const cedis = () => makeProperty({ title: 'Cedi flat', pricePerNight: 2500, price: 2500 });
const dollars = () =>
  makeProperty({ title: 'Dollar flat', currency: '$', pricePerNight: 1200, price: 1200 });
const weekly = () =>
  makeProperty({ title: 'Weekly room', pricingPeriod: 'week', pricePerNight: 450, price: 450 });

function search(url: string, properties: Property[]) {
  const api = mockApi({
    'GET /api/properties/search': () => json({ properties, total: properties.length }),
    'GET /api/exchange-rate': () => json({ ghsPerUsd: 15.4, setAt: '2026-11-24T10:00:00.000Z' }),
  });
  renderRoute(<SearchPage />, { path: '/search', url });
  return api;
}

const card = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('article') as HTMLElement;

describe('converted rents on cards of a mixed list', () => {
  it('shows a dollar card’s rent in cedis a month, beside its own price; the cedi card as it is', async () => {
    search('/search', [cedis(), dollars()]);
    const dollarCard = await card('Dollar flat');
    expect(await within(dollarCard).findByText('≈ GH₵18,480/month')).toBeTruthy();
    expect(within(dollarCard).getByText('$1,200')).toBeTruthy();
    expect(within(await card('Cedi flat')).queryByText(/≈/)).toBeNull();
  });

  it('converts another period too: a weekly rent as a month (52 weeks make 12 months)', async () => {
    search('/search', [cedis(), weekly()]);
    // GH₵450 × 52 / 12 = GH₵1,950.
    expect(await within(await card('Weekly room')).findByText('≈ GH₵1,950/month')).toBeTruthy();
  });

  it('compares in the search’s own currency and period when it has them', async () => {
    search('/search?currency=%24&timePeriod=weeks&minPrice=1', [cedis(), dollars()]);
    // GH₵2,500 a month is GH₵576.92 a week, $37 at 15.4; $1,200 a month is $277 a week.
    expect(await within(await card('Cedi flat')).findByText('≈ $37/week')).toBeTruthy();
    expect(within(await card('Dollar flat')).getByText('≈ $277/week')).toBeTruthy();
  });

  it('adds nothing when every card is in one currency and period, and reads no rate', async () => {
    const api = search('/search', [dollars(), dollars()]);
    await screen.findAllByRole('link', { name: 'Dollar flat' });
    expect(screen.queryByText(/≈/)).toBeNull();
    expect(api.calls('GET', '/api/exchange-rate')).toHaveLength(0);
  });
});

describe('the map’s markers of a mixed list (issue 51)', () => {
  const markers = async () => {
    const map = await waitFor(() => {
      const element = document.querySelector('[data-map-props]');
      if (!element) throw new Error('no map yet');
      return element;
    });
    return (JSON.parse(map.getAttribute('data-map-props')!) as SearchMapProps).markers;
  };

  it('say the rent with its period when every result is in one unit', async () => {
    search('/search?view=map', [cedis(), cedis()]);
    expect((await markers()).map(({ price, rent }) => [price, rent])).toEqual([
      ['GH₵2,500/month', 'GH₵2,500/month'],
      ['GH₵2,500/month', 'GH₵2,500/month'],
    ]);
  });

  it('compare as the cards do when the results mix currencies or periods', async () => {
    search('/search?view=map', [cedis(), dollars(), weekly()]);
    await waitFor(async () =>
      expect((await markers()).map(({ price, rent }) => [price, rent])).toEqual([
        ['GH₵2,500/month', 'GH₵2,500/month'],
        ['≈ GH₵18,480/month', '$1,200/month'],
        ['≈ GH₵1,950/month', 'GH₵450/week'],
      ]),
    );
  });
});
