import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { adminUser, makeAdminProperties, makeAdminProperty, pending } from '../../testing/admin';
import { stubEventSource } from '../../testing/event-source';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import AdminPanelPage from './admin-panel-page';

beforeAll(() => i18nReady);
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

/** The panel on its Properties tab, with `all` listings answered 20 a page. */
function showPanel({
  all = makeAdminProperties(3),
  total = all.length,
  url = '/admin',
  extra = {},
}: { all?: AdminProperty[]; total?: number; url?: string; extra?: Handlers } = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/properties': (request) => {
      // The approval queue's count beside the title.
      if (request.searchParams.get('limit') === '1') return json({ properties: [], total: 4 });
      const page = Number(request.searchParams.get('page') ?? 1);
      return json({ properties: all.slice((page - 1) * 20, page * 20), total });
    },
    ...extra,
  });
  return { ...api, ...renderRoute(<AdminPanelPage />, { path: '/admin', url }) };
}

/** The Properties tab's listing requests (not the queue count), as query objects. */
const listRequests = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls('GET', '/api/admin/properties')
    .filter((url) => url.searchParams.get('limit') !== '1')
    .map((url) => Object.fromEntries(url.searchParams));

const row = (title: string) => screen.getByRole('article', { name: title });
const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);
const bodyOf = (fetch: ReturnType<typeof mockApi>['fetch'], method: string, path: string) => {
  const call = fetch.mock.calls.find(
    ([input, init]) =>
      new URL(input, 'http://localhost').pathname === path && init?.method === method,
  );
  return call?.[1]?.body ? (JSON.parse(String(call[1].body)) as unknown) : undefined;
};

describe('admin panel, Properties tab', () => {
  it('shows the tabs, the queue link with its count, and each listing with owner and status', async () => {
    const listing = makeAdminProperty({
      title: 'Bright flat in Osu',
      ownerBusinessName: 'Boateng Homes',
      images: ['/a.webp', '/b.webp', '/c.webp', '/d.webp', '/e.webp'],
      photos: [],
    });
    const hidden = makeAdminProperty({ title: 'Hidden house', isActive: false });
    const rejected = pending({ title: 'Blurry room', rejectionReason: 'Photos are blurry' });
    showPanel({ all: [listing, hidden, rejected] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Properties',
      'Featured',
      'Reports',
      'Reviews',
      'Verifications',
      'Admin Management',
      'User Analytics',
      'Messages',
      'Deliveries',
      'Settings',
    ]);
    const queue = screen.getByRole('link', { name: /Image Approval Queue/ });
    expect(queue.getAttribute('href')).toBe('/admin/image-approval');
    await waitFor(() => expect(queue.textContent).toContain('4 listings waiting'));

    await screen.findByRole('article', { name: 'Bright flat in Osu' });
    const first = row('Bright flat in Osu');
    // At most three thumbnails, then the count of the rest.
    expect(within(first).getAllByRole('img')).toHaveLength(3);
    expect(within(first).getByText('+2')).toBeTruthy();
    expect(within(first).getByText('and 2 more photos')).toBeTruthy();
    expect(within(first).getByText('Accra, Ghana')).toBeTruthy();
    expect(within(first).getByText('GH₵2,500')).toBeTruthy();
    expect(within(first).getByText('Live')).toBeTruthy();
    expect(within(first).getByText('Kwame Boateng')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'kwame@example.com' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: '+233241234567' })).toBeTruthy();
    expect(within(first).getByText('Boateng Homes')).toBeTruthy();
    // Approve only for listings that are not verified.
    expect(within(first).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Hide Bright flat in Osu' })).toBeTruthy();

    expect(within(row('Hidden house')).getByText('Approved (hidden)')).toBeTruthy();
    expect(
      within(row('Hidden house')).getByRole('button', { name: 'Show Hidden house' }),
    ).toBeTruthy();
    const blurry = row('Blurry room');
    expect(within(blurry).getByText('Pending Approval')).toBeTruthy();
    expect(within(blurry).getByText('Rejected')).toBeTruthy();
    expect(within(blurry).getByText('Photos are blurry')).toBeTruthy();
    expect(within(blurry).getByRole('button', { name: 'Approve Blurry room' })).toBeTruthy();
    expect(screen.getByText('3 properties')).toBeTruthy();
  });

  it('labels a listing its owner marked rented', async () => {
    const rented = makeAdminProperty({
      title: 'Let flat',
      isActive: false,
      rentedAt: '2026-03-02T09:00:00.000Z',
    });
    showPanel({ all: [rented] });
    await screen.findByRole('article', { name: 'Let flat' });
    expect(within(row('Let flat')).getByText('Rented')).toBeTruthy();
    expect(within(row('Let flat')).queryByText('Approved (hidden)')).toBeNull();
  });

  it('filters by status and search text and pages 20 at a time, all in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = showPanel({ all: makeAdminProperties(45) });
    await screen.findByText('45 properties');
    expect(listRequests(calls)).toEqual([{ status: 'all', page: '1' }]);

    const pager = screen.getByRole('navigation', { name: 'Properties pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listRequests(calls).at(-1)).toEqual({ status: 'all', page: '2' }));
    expect(router.location?.search).toBe('?page=2');

    await user.selectOptions(screen.getByLabelText('Status'), 'unverified');
    await waitFor(() =>
      expect(listRequests(calls).at(-1)).toEqual({ status: 'unverified', page: '1' }),
    );
    expect(router.location?.search).toBe('?status=unverified');

    await user.type(screen.getByLabelText('Search'), 'Osu');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listRequests(calls).at(-1)).toEqual({
        search: 'Osu',
        status: 'unverified',
        page: '1',
      }),
    );
    expect(router.location?.search).toBe('?status=unverified&search=Osu');
    expect(
      [...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.text),
    ).toEqual(['All', 'Active', 'Inactive', 'Verified', 'Unverified']);
  });

  it('approves a pending listing with the spec toast', async () => {
    const user = userEvent.setup();
    const listing = pending({ title: 'New flat' });
    const { calls } = showPanel({
      all: [listing],
      extra: {
        [`POST /api/admin/properties/${listing.id}/approve`]: () =>
          json({ id: listing.id, status: 'live' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve New flat' }));
    expect(await toastWith('Property Approved')).toBeTruthy();
    expect(calls('POST', `/api/admin/properties/${listing.id}/approve`)).toHaveLength(1);
  });

  it('says so when approving fails', async () => {
    const user = userEvent.setup();
    const listing = pending({ title: 'New flat' });
    showPanel({
      all: [listing],
      extra: {
        [`POST /api/admin/properties/${listing.id}/approve`]: () => json({ message: 'Boom' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve New flat' }));
    expect(await toastWith('Failed to approve property')).toBeTruthy();
  });

  it('hides a live listing with the reason its owner reads, and shows a hidden one', async () => {
    const user = userEvent.setup();
    const live = makeAdminProperty({ title: 'Live flat' });
    const hidden = makeAdminProperty({ title: 'Hidden flat', isActive: false });
    const { fetch } = showPanel({
      all: [live, hidden],
      extra: {
        [`PATCH /api/admin/properties/${live.id}/visibility`]: () =>
          json({ message: 'Property hidden' }),
        [`PATCH /api/admin/properties/${hidden.id}/visibility`]: () =>
          json({ message: 'Nope' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Hide Live flat' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hide this listing?' });
    await user.type(
      within(dialog).getByLabelText('Reason for the owner (optional)'),
      'Renters were asked for a viewing fee',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide Listing' }));
    expect(await toastWith('Property disabled successfully')).toBeTruthy();
    expect(bodyOf(fetch, 'PATCH', `/api/admin/properties/${live.id}/visibility`)).toEqual({
      isActive: false,
      reason: 'Renters were asked for a viewing fee',
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Show Hidden flat' }));
    expect(await toastWith('Failed to update property visibility')).toBeTruthy();
    expect(bodyOf(fetch, 'PATCH', `/api/admin/properties/${hidden.id}/visibility`)).toEqual({
      isActive: true,
    });
  });

  it('deletes only after confirming, and the listing leaves the list', async () => {
    const user = userEvent.setup();
    const doomed = makeAdminProperty({ title: 'Old shack' });
    const all = [doomed, makeAdminProperty({ title: 'Keeper' })];
    const { calls } = showPanel({
      all,
      extra: {
        [`DELETE /api/admin/properties/${doomed.id}`]: () => {
          all.splice(all.indexOf(doomed), 1);
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Old shack' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this property?' });
    expect(within(dialog).getByText(/"Old shack" will be removed for good/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE', `/api/admin/properties/${doomed.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Old shack' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Property' }));
    expect(await toastWith('Property deleted successfully')).toBeTruthy();
    expect(calls('DELETE', `/api/admin/properties/${doomed.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old shack' })).toBeNull());
  });

  it('says so when deleting fails', async () => {
    const user = userEvent.setup();
    const listing = makeAdminProperty({ title: 'Stubborn flat' });
    showPanel({
      all: [listing],
      extra: { [`DELETE /api/admin/properties/${listing.id}`]: () => json({ message: 'x' }, 500) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Stubborn flat' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Property' }));
    expect(await toastWith('Failed to delete property')).toBeTruthy();
  });

  it('shows the Access Denied card when the properties call is refused', async () => {
    showPanel({
      extra: {
        'GET /api/admin/properties': () => json({ message: 'Administrators only' }, 403),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('opens the tab the URL names and keeps the chosen tab in the URL', async () => {
    const user = userEvent.setup();
    showPanel({
      url: '/admin?tab=settings',
      extra: { 'GET /api/admin/featured-properties': () => json([]) },
    });
    expect(await screen.findByRole('tab', { name: 'Settings', selected: true })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Featured' }));
    expect(router.location?.search).toBe('?tab=featured');
    await user.click(screen.getByRole('tab', { name: 'Properties' }));
    expect(router.location?.search).toBe('');
  });
});

describe('the approval queue’s count, live', () => {
  it('moves when a listing arrives for review, without a reload', async () => {
    const sources = stubEventSource();
    let waiting = 4;
    showPanel({
      extra: {
        'GET /api/admin/properties': (request) =>
          request.searchParams.get('limit') === '1'
            ? json({ properties: [], total: waiting })
            : json({ properties: [], total: 0 }),
      },
    });
    expect(await screen.findByText('4 listings waiting')).toBeTruthy();
    await waitFor(() => expect(sources.open()).toHaveLength(1));
    waiting = 5;
    act(() => sources.open()[0]!.emit('moderation.queue-changed', {}));
    expect(await screen.findByText('5 listings waiting')).toBeTruthy();
  });
});
