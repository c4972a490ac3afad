import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { adminUser, makeAdminProperties, makeAdminProperty, pending } from '../../testing/admin';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import AdminPanelPage from './admin-panel-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

const featuredOf = (titles: string[]) =>
  titles.map((title, index) =>
    makeAdminProperty({ title, isFeatured: true, featuredOrder: index + 1 }),
  );

function showFeatured({
  featured,
  active = [],
  extra = {},
}: {
  featured: AdminProperty[];
  active?: AdminProperty[];
  extra?: Handlers;
}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/featured-properties': () => json(featured),
    'GET /api/admin/properties': (url) =>
      url.searchParams.get('status') === 'live'
        ? json({ properties: active, total: active.length })
        : json({ properties: [], total: 0 }),
    ...extra,
  });
  const view = renderRoute(<AdminPanelPage />, { path: '/admin', url: '/admin?tab=featured' });
  return { ...api, ...view };
}

const bodiesOf = (fetch: ReturnType<typeof mockApi>['fetch'], method: string, path: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) =>
        new URL(input, 'http://localhost').pathname === path && init?.method === method,
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

const featuredList = () =>
  within(
    screen.getByRole('heading', { level: 2, name: 'Featured Properties' }).parentElement!,
  ).getByRole('list');
const order = () =>
  within(featuredList())
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('admin panel, Featured tab', () => {
  it('moves a listing down and up, sending the whole list renumbered from 1', async () => {
    const user = userEvent.setup();
    const featured = featuredOf(['Alpha', 'Bravo', 'Charlie']);
    const [alpha, bravo, charlie] = featured as [AdminProperty, AdminProperty, AdminProperty];
    const { fetch } = showFeatured({
      featured,
      extra: {
        'POST /api/admin/reorder-featured-properties': (_url, init) => {
          const { propertyOrders } = JSON.parse(String(init!.body)) as {
            propertyOrders: { id: string; order: number }[];
          };
          // The server now answers the new order.
          const next = propertyOrders.map((entry) => featured.find((p) => p.id === entry.id)!);
          featured.splice(0, featured.length, ...next);
          return json({ order: next.map((p) => p.id) });
        },
      },
    });
    await screen.findByRole('button', { name: 'Move down: Alpha' });
    expect(order()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(
      (screen.getByRole('button', { name: 'Move up: Alpha' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Move down: Charlie' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Move down: Alpha' }));
    await waitFor(() => expect(order()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    const path = '/api/admin/reorder-featured-properties';
    await waitFor(() => expect(bodiesOf(fetch, 'POST', path)).toHaveLength(1));
    expect(bodiesOf(fetch, 'POST', path)[0]).toEqual({
      propertyOrders: [
        { id: bravo.id, order: 1 },
        { id: alpha.id, order: 2 },
        { id: charlie.id, order: 3 },
      ],
    });
    // The moved listing keeps the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: Alpha' })),
    );
    expect(await screen.findByText('Alpha moved to position 2.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move up: Charlie' }));
    await waitFor(() => expect(order()).toEqual(['Bravo', 'Charlie', 'Alpha']));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', path)).toHaveLength(2));
    expect(bodiesOf(fetch, 'POST', path)[1]).toEqual({
      propertyOrders: [
        { id: bravo.id, order: 1 },
        { id: charlie.id, order: 2 },
        { id: alpha.id, order: 3 },
      ],
    });
  });

  it('puts the old order back and says so when reordering fails', async () => {
    const user = userEvent.setup();
    showFeatured({
      featured: featuredOf(['Alpha', 'Bravo']),
      extra: {
        'POST /api/admin/reorder-featured-properties': () => json({ message: 'x' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move up: Bravo' }));
    expect(await toastWith('Failed to reorder properties')).toBeTruthy();
    await waitFor(() => expect(order()).toEqual(['Alpha', 'Bravo']));
  });

  it('offers at most 10 live candidates that are not featured yet, and features one', async () => {
    const user = userEvent.setup();
    const featured = featuredOf(['Alpha']);
    const candidates = makeAdminProperties(12);
    const { fetch, calls } = showFeatured({
      featured,
      // Whatever comes back, the featured one and a pending one are not offered.
      active: [featured[0]!, pending({ title: 'Unapproved' }), ...candidates],
      extra: {
        [`PATCH /api/admin/properties/${candidates[0]!.id}/featured`]: () =>
          json({ message: 'Property featured' }),
      },
    });
    const section = (await screen.findByRole('heading', { name: 'Feature a Property' }))
      .parentElement!;
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(10));
    expect(within(section).queryByText('Alpha')).toBeNull();
    expect(within(section).queryByText('Unapproved')).toBeNull();
    expect(
      Object.fromEntries(
        calls('GET', '/api/admin/properties').find(
          (url) => url.searchParams.get('status') === 'live',
        )!.searchParams,
      ),
    ).toEqual({ status: 'live', limit: '100' });

    await user.click(
      within(section).getByRole('button', { name: `Feature ${candidates[0]!.title}` }),
    );
    expect(await toastWith('Property featured')).toBeTruthy();
    expect(bodiesOf(fetch, 'PATCH', `/api/admin/properties/${candidates[0]!.id}/featured`)).toEqual(
      [{ isFeatured: true }],
    );
  });

  it('unfeatures a listing, and says so when it fails', async () => {
    const user = userEvent.setup();
    const [alpha, bravo] = featuredOf(['Alpha', 'Bravo']) as [AdminProperty, AdminProperty];
    const { fetch } = showFeatured({
      featured: [alpha, bravo],
      extra: {
        [`PATCH /api/admin/properties/${alpha.id}/featured`]: () =>
          json({ message: 'Property unfeatured' }),
        [`PATCH /api/admin/properties/${bravo.id}/featured`]: () => json({ message: 'x' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unfeature Alpha' }));
    expect(await toastWith('Property unfeatured')).toBeTruthy();
    expect(bodiesOf(fetch, 'PATCH', `/api/admin/properties/${alpha.id}/featured`)).toEqual([
      { isFeatured: false },
    ]);
    await user.click(screen.getByRole('button', { name: 'Unfeature Bravo' }));
    expect(await toastWith('Failed to update featured status')).toBeTruthy();
  });

  it('marks a featured listing that is not live', async () => {
    showFeatured({
      featured: [makeAdminProperty({ title: 'Hidden', isFeatured: true, isActive: false })],
    });
    const item = (await screen.findByRole('heading', { name: 'Hidden' })).closest('li')!;
    expect(within(item).getByText('Approved (hidden)')).toBeTruthy();
    expect(within(item).getByText(/Not live/)).toBeTruthy();
  });
});
