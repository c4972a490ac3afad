import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import type { SavedSearch } from '#common/saved-searches';
import { clearToasts } from '../../lib/toast';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import SavedSearchesPage from './saved-searches-page';

beforeAll(() => i18nReady);
beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

const accra: SavedSearch = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Flats in Accra',
  query: {
    location: 'Accra',
    propertyType: 'apartment',
    bedrooms: '2',
    amenities: 'wifi,pool',
    verifiedLister: 'true',
  },
  channel: 'email',
  frequency: 'instant',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastAlertAt: '2026-11-24T08:00:00.000Z',
  alertCount: 3,
};
const kumasi: SavedSearch = {
  ...accra,
  id: '00000000-0000-4000-8000-0000000000e2',
  name: 'Kumasi houses',
  query: { location: 'Kumasi', propertyType: 'house', maxPrice: '2000', currency: 'GH₵' },
  frequency: 'daily',
  lastAlertAt: null,
  alertCount: 0,
};
/** Both channels verified, so every choice is open. */
const both: User = { ...renter, phone: '+233241234567', phoneVerified: true };

function show({ user = both as User | null, list = [accra, kumasi], extra = {} as Handlers } = {}) {
  const api = mockApi({
    ...(user ? { 'GET /api/auth/user': () => json(user) } : {}),
    'GET /api/saved-searches': () => json({ savedSearches: list }),
    ...extra,
  });
  renderRoute(<SavedSearchesPage />, {
    path: '/account/saved-searches',
    url: '/account/saved-searches',
  });
  return api;
}

const itemOf = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('li')!;

const bodiesOf = (fetch: ReturnType<typeof mockApi>['fetch'], method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({
      path: new URL(input, 'http://localhost').pathname,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));

describe('saved searches page', () => {
  it('lists each saved search with its filters, alerts so far and how they come', async () => {
    show();
    expect(await screen.findByText('2 of 20 saved searches')).toBeTruthy();

    const first = await itemOf('Flats in Accra');
    expect(
      within(first).getByText('Accra · Apartment · 2+ bedrooms · +3 more filters'),
    ).toBeTruthy();
    expect(within(first).getByText(/Last alert: Nov 24, 2026/)).toBeTruthy();
    expect(within(first).getByText(/3 alerts sent/)).toBeTruthy();
    expect(within(first).getByRole('combobox', { name: 'Send alerts by' })).toHaveProperty(
      'value',
      'email',
    );
    const open = within(first).getByRole('link', { name: 'Open search' });
    const href = new URL(open.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/search');
    expect(Object.fromEntries(href.searchParams)).toEqual(accra.query);

    const second = await itemOf('Kumasi houses');
    expect(within(second).getByText('Kumasi · House · up to GH₵2,000/month')).toBeTruthy();
    expect(within(second).getByText(/No alerts yet/)).toBeTruthy();
    expect(within(second).getByRole('combobox', { name: 'How often' })).toHaveProperty(
      'value',
      'daily',
    );
  });

  it('explains how to save a search when there is none', async () => {
    show({ list: [] });
    expect(await screen.findByRole('heading', { name: 'No saved searches yet' })).toBeTruthy();
    expect(screen.getByText('0 of 20 saved searches')).toBeTruthy();
    expect(screen.getByText(/press “Save this search” above the results/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Properties' }).getAttribute('href')).toBe(
      '/search',
    );
  });

  it('changes the channel in place with one PATCH', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      extra: {
        [`PATCH /api/saved-searches/${accra.id}`]: () => json({ ...accra, channel: 'sms' }),
      },
    });
    const first = await itemOf('Flats in Accra');
    const channel = within(first).getByRole('combobox', { name: 'Send alerts by' });
    await user.selectOptions(channel, 'sms');

    expect(await screen.findByText('Saved search updated')).toBeTruthy();
    expect(bodiesOf(fetch, 'PATCH')).toEqual([
      { path: `/api/saved-searches/${accra.id}`, body: { channel: 'sms' } },
    ]);
    await waitFor(() => expect(channel).toHaveProperty('value', 'sms'));
  });

  it('offers SMS only to an account with a verified phone', async () => {
    show({ user: renter });
    const first = await itemOf('Flats in Accra');
    const sms = within(first).getByRole('option', { name: 'SMS' });
    expect(sms).toHaveProperty('disabled', true);
  });

  it('says why a change was refused, and keeps the old value', async () => {
    const user = userEvent.setup();
    show({
      extra: {
        [`PATCH /api/saved-searches/${accra.id}`]: () =>
          refusal('saved_search_needs_verified_phone'),
      },
    });
    const first = await itemOf('Flats in Accra');
    const channel = within(first).getByRole('combobox', { name: 'Send alerts by' });
    await user.selectOptions(channel, 'sms');
    expect(await screen.findByText('Verify your phone number to get alerts by SMS')).toBeTruthy();
    await waitFor(() => expect(channel).toHaveProperty('value', 'email'));
  });

  it('renames a saved search', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      extra: {
        [`PATCH /api/saved-searches/${accra.id}`]: () => json({ ...accra, name: 'Near work' }),
      },
    });
    const first = await itemOf('Flats in Accra');
    await user.click(within(first).getByRole('button', { name: 'Rename “Flats in Accra”' }));
    const name = within(first).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Near work{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Near work' })).toBeTruthy();
    expect(bodiesOf(fetch, 'PATCH')).toEqual([
      { path: `/api/saved-searches/${accra.id}`, body: { name: 'Near work' } },
    ]);
  });

  it('deletes a saved search only after it is confirmed', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      extra: {
        [`DELETE /api/saved-searches/${accra.id}`]: () => new Response(null, { status: 204 }),
      },
    });
    const first = await itemOf('Flats in Accra');
    await user.click(within(first).getByRole('button', { name: 'Delete “Flats in Accra”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
    expect(
      within(confirm).getByText('You will no longer get alerts for “Flats in Accra”.'),
    ).toBeTruthy();
    expect(bodiesOf(fetch, 'DELETE')).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Flats in Accra' })).toBeNull(),
    );
    expect(bodiesOf(fetch, 'DELETE')).toEqual([
      { path: `/api/saved-searches/${accra.id}`, body: undefined },
    ]);
    expect(screen.getByText('1 of 20 saved searches')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Kumasi houses' })).toBeTruthy();
  });

  it('sends a visitor to sign in and back here', async () => {
    show({ user: null });
    await waitFor(() => expect(router.location?.pathname).toBe('/login'));
    expect(router.location?.search).toBe('?next=%2Faccount%2Fsaved-searches');
  });
});
