import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import type { Property } from '#common/properties';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import DashboardPage from './dashboard-page';

// The monthly confirmation on the owner's dashboard (issue 21): expired listings, Renew, and
// "Still available" on live ones.

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const owner: User = { ...renter, firstName: 'Kofi', userType: 'owner' };
const DAY = 24 * 60 * 60 * 1000;
/** Confirmed `days` whole days (and two hours) before now. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 2 * 3600_000).toISOString();

/** The dashboard of an owner whose listings the test may change between reads. */
function showDashboard(state: { listings: Property[] }, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(owner),
    'GET /api/user/properties': () => json(state.listings),
    'GET /api/favorites': () => json([]),
    'GET /api/properties/search': () => json({ properties: [], total: 0 }),
    ...extra,
  });
  renderRoute(<DashboardPage />, { path: '/dashboard', url: '/dashboard' });
  return api;
}

const cardOf = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('article')!;

const expiredFlat = () =>
  makeProperty({
    title: 'Old flat',
    confirmedAt: daysAgo(31),
    expiredAt: daysAgo(1),
  });

describe('dashboard, monthly confirmation', () => {
  it('shows an expired listing with its badge and renews it in one click', async () => {
    const user = userEvent.setup();
    const property = expiredFlat();
    const state = { listings: [property] };
    const renewed = { ...property, confirmedAt: new Date().toISOString(), expiredAt: null };
    const { calls } = showDashboard(state, {
      [`POST /api/properties/${property.id}/renew`]: () => {
        state.listings = [renewed];
        return json({ id: property.id, status: 'live', confirmedAt: renewed.confirmedAt });
      },
    });
    const card = await cardOf('Old flat');
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(card.textContent).toContain(
      'Not confirmed available for 30 days, so it left search. Renew it and it is back at once, without a new review.',
    );
    // No "Still available" on a listing that is already out of search: Renew says it.
    await user.click(screen.getByRole('button', { name: 'Actions for Old flat' }));
    expect(screen.queryByRole('menuitem', { name: 'Still available' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(card).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('"Old flat" is renewed and back in search')).toBeTruthy();
    expect(calls('POST', `/api/properties/${property.id}/renew`)).toHaveLength(1);
    // The owner's list is read again: live, confirmed today, nothing to renew.
    await waitFor(() => expect(within(card).getByText('Live')).toBeTruthy());
    expect(within(card).getByText('Confirmed today')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(calls('GET', '/api/user/properties').length).toBeGreaterThan(1);
  });

  it('counts expired listings under their own filter', async () => {
    const user = userEvent.setup();
    showDashboard({ listings: [makeProperty({ title: 'Live flat' }), expiredFlat()] });
    await screen.findByRole('heading', { name: 'Old flat' });
    const filters = screen.getByRole('group', { name: 'Show listings by status' });
    expect(within(filters).getByRole('button', { name: 'Live (1)' })).toBeTruthy();
    await user.click(within(filters).getByRole('button', { name: 'Expired (1)' }));
    expect(router.location?.search).toBe('?status=expired');
    expect(screen.queryByRole('heading', { name: 'Live flat' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Old flat' })).toBeTruthy();
  });

  it('says when a live listing was confirmed, and confirms it from its menu', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Garden flat', confirmedAt: daysAgo(3) });
    const { calls } = showDashboard(
      {
        listings: [
          property,
          makeProperty({ title: 'Waiting flat', isVerified: false, verified: false }),
        ],
      },
      {
        [`POST /api/properties/${property.id}/renew`]: () =>
          json({ id: property.id, status: 'live', confirmedAt: new Date().toISOString() }),
      },
    );
    const card = await cardOf('Garden flat');
    expect(within(card).getByText('Confirmed 3 days ago')).toBeTruthy();
    // Calm: no note and no button on the card until the reminder is due.
    expect(card.textContent).not.toContain('Confirm by');
    expect(within(card).queryByRole('button', { name: 'Still available' })).toBeNull();
    // A listing renters cannot see yet has nothing to confirm.
    const waiting = await cardOf('Waiting flat');
    expect(waiting.textContent).not.toContain('Confirmed');
    await user.click(screen.getByRole('button', { name: 'Actions for Waiting flat' }));
    expect(screen.queryByRole('menuitem', { name: 'Still available' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions for Garden flat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Still available' }));
    expect(
      await screen.findByText(
        '"Garden flat" is confirmed available. We will ask again in 30 days.',
      ),
    ).toBeTruthy();
    expect(calls('POST', `/api/properties/${property.id}/renew`)).toHaveLength(1);
  });

  it('asks, from the reminder day on, to confirm by the day it would leave search', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-29T15:00:00.000Z'));
    const user = userEvent.setup();
    const property = makeProperty({
      title: 'Garden flat',
      confirmedAt: '2026-03-01T12:00:00.000Z',
    });
    const { calls } = showDashboard(
      { listings: [property] },
      {
        [`POST /api/properties/${property.id}/renew`]: () =>
          json({ id: property.id, status: 'live', confirmedAt: new Date().toISOString() }),
      },
    );
    const card = await cardOf('Garden flat');
    expect(within(card).getByText('Confirmed 28 days ago')).toBeTruthy();
    expect(within(card).getByText('Confirm by Mar 31, 2026 or it leaves search.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Still available' }));
    expect(
      await screen.findByText(
        '"Garden flat" is confirmed available. We will ask again in 30 days.',
      ),
    ).toBeTruthy();
    expect(calls('POST', `/api/properties/${property.id}/renew`)).toHaveLength(1);
  });

  it('says so when renewing fails, and keeps the listing expired', async () => {
    const user = userEvent.setup();
    const property = expiredFlat();
    showDashboard(
      { listings: [property] },
      { [`POST /api/properties/${property.id}/renew`]: () => json({ message: 'Boom' }, 500) },
    );
    const card = await cardOf('Old flat');
    await user.click(within(card).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Failed to renew the property. Please try again.')).toBeTruthy();
    expect(within(card).getByText('Expired')).toBeTruthy();
  });
});
