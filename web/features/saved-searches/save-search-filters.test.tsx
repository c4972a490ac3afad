import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { searchFilterList } from './describe-search';
import { SaveSearchButton } from './save-search-button';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const query = {
  location: 'Accra',
  bedrooms: '2',
  maxPrice: '3000',
  timePeriod: 'months',
  currency: 'GH₵',
  guests: '3',
  amenities: 'wifi,parking,nonsense',
  verifiedLister: 'true',
  maxAdvanceMonths: '6',
  maxMoveIn: '12000',
  availableBy: '2027-01-31',
  furnished: 'semi',
};

describe('the save-search dialog shows the filters it saves (issue 34)', () => {
  it('lists every filter of the URL in words', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/auth/user': () => json(renter) });
    renderRoute(<SaveSearchButton query={query} />, {
      path: '/search',
      url: `/search?${new URLSearchParams(query)}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const list = within(dialog).getByRole('list', { name: 'Filters this search saves' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Accra',
      '2+ bedrooms',
      'up to GH₵3,000/month',
      'Guests: 3',
      'Amenities: Wi-Fi, Parking',
      'Verified listers only',
      'Max months in advance: 6',
      'Max move-in cost: GH₵12,000',
      'Available by: Jan 31, 2027',
      'Furnished: Semi-furnished',
    ]);
  });

  it('says a search without filters saves all listings, in the reader’s language', async () => {
    await i18next.changeLanguage('fr');
    expect(searchFilterList(i18next.t, 'fr', { sort: 'newest' })).toEqual([
      i18next.t('savedSearches.describe.all'),
    ]);
    expect(searchFilterList(i18next.t, 'fr', { guests: '2' })).toEqual(['Personnes : 2']);
  });
});
