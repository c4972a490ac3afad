import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { adminUser, pending } from '../../testing/admin';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import ImageApprovalPage from './image-approval-page';

beforeAll(() => i18nReady);
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

/** The queue answers the listings still waiting, 20 a page, like the server. */
function showQueue({
  queue,
  url = '/admin/image-approval',
  extra = {},
}: {
  queue: AdminProperty[];
  url?: string;
  extra?: Handlers;
}) {
  const review = (id: string) => () => {
    queue.splice(
      queue.findIndex((p) => p.id === id),
      1,
    );
    return json({ id, status: 'live' });
  };
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/properties': (request) => {
      const page = Number(request.searchParams.get('page') ?? 1);
      return json({ properties: queue.slice((page - 1) * 20, page * 20), total: queue.length });
    },
    ...Object.fromEntries(
      queue.flatMap((p) => [
        [`POST /api/admin/properties/${p.id}/approve`, review(p.id)],
        [`POST /api/admin/properties/${p.id}/reject`, review(p.id)],
      ]),
    ),
    ...extra,
  });
  const view = renderRoute(<ImageApprovalPage />, { path: '/admin/image-approval', url });
  return { ...api, ...view };
}

const item = (title: string) => screen.getByRole('article', { name: title });
const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

describe('image approval queue', () => {
  it('asks for the pending listings oldest first and shows every photo, the details and the owner', async () => {
    const listing = pending({
      title: 'Garden flat in Koforidua',
      propertyType: 'house',
      category: 'general',
      address: '7 Palm Lane',
      city: 'Koforidua',
      pricePerNight: 1850,
      price: 1850,
      bedrooms: 3,
      bathrooms: 2,
      amenities: ['wifi', 'parking'],
      description: 'A quiet street.',
      createdAt: '2026-02-03T09:00:00.000Z',
      ownerBusinessName: 'Boateng Homes',
      photos: [
        { key: 'p1', width: 1600, height: 1067, widths: [400, 800, 1200, 1600] },
        { key: 'p2', width: 1200, height: 1600, widths: [400, 800, 1200] },
        { key: 'p3', width: 800, height: 600, widths: [400, 800] },
        { key: 'p4', width: 1600, height: 1200, widths: [400, 800, 1200, 1600] },
      ],
      images: [
        '/files/p1-800.webp',
        '/files/p2-800.webp',
        '/files/p3-800.webp',
        '/files/p4-800.webp',
      ],
    });
    const { calls } = showQueue({ queue: [listing, pending({ title: 'Second' })] });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Property Approval' }),
    ).toBeTruthy();
    expect(await screen.findByText('2 listings waiting for review')).toBeTruthy();
    expect(Object.fromEntries(calls('GET', '/api/admin/properties')[0]!.searchParams)).toEqual({
      status: 'pending',
      sort: 'oldest',
      page: '1',
    });
    expect(screen.getByRole('link', { name: 'Open Admin Panel' }).getAttribute('href')).toBe(
      '/admin',
    );

    const card = item('Garden flat in Koforidua');
    // Every photo (not three thumbnails), each with its size set and an alt text.
    const photos = within(card).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('alt'))).toEqual([
      'Garden flat in Koforidua, photo 1 of 4',
      'Garden flat in Koforidua, photo 2 of 4',
      'Garden flat in Koforidua, photo 3 of 4',
      'Garden flat in Koforidua, photo 4 of 4',
    ]);
    expect(photos[1]!.getAttribute('width')).toBe('1200');
    expect(photos[1]!.getAttribute('height')).toBe('1600');
    // Each opens its largest version.
    expect(photos[0]!.closest('a')!.getAttribute('href')).toBe('/files/p1-1600.webp');
    expect(photos[2]!.closest('a')!.getAttribute('href')).toBe('/files/p3-800.webp');

    const value = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Type')).toBe('House');
    expect(value('Category')).toBe('General');
    expect(value('Address')).toBe('7 Palm Lane');
    expect(value('Place')).toBe('Koforidua, Ghana');
    expect(value('Price')).toBe('GH₵1,850/month');
    expect(value('Bedrooms')).toBe('3');
    expect(value('Bathrooms')).toBe('2');
    expect(value('Amenities')).toBe('Wi-Fi, Parking');
    expect(value('Submitted')).toBe('Feb 3, 2026');
    expect(within(card).getByText('A quiet street.')).toBeTruthy();
    expect(within(card).getByText('Kwame Boateng')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'kwame@example.com' })).toBeTruthy();
    expect(within(card).getByText('Boateng Homes')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Owner' })).toBeTruthy();
  });

  // Issue 51: not every lister is an owner.
  it('labels the lister by what they are: an agent is an Agent', async () => {
    showQueue({ queue: [pending({ title: 'Agent flat', ownerUserType: 'agent' })] });
    const card = await waitFor(() => item('Agent flat'));
    expect(within(card).getByRole('heading', { name: 'Agent' })).toBeTruthy();
    expect(within(card).queryByRole('heading', { name: 'Owner' })).toBeNull();
  });

  it('approves a listing: the toast, and it leaves the queue', async () => {
    const user = userEvent.setup();
    const first = pending({ title: 'First flat' });
    const { calls } = showQueue({ queue: [first, pending({ title: 'Second flat' })] });
    await user.click(await screen.findByRole('button', { name: 'Approve First flat' }));
    expect(await toastWith('Property Approved')).toBeTruthy();
    expect(calls('POST', `/api/admin/properties/${first.id}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'First flat' })).toBeNull());
    expect(screen.getByText('1 listing waiting for review')).toBeTruthy();
    // The next listing takes the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Second flat' }),
      ),
    );
  });

  it('rejects only with a reason, which it sends; the listing leaves the queue', async () => {
    const user = userEvent.setup();
    const listing = pending({ title: 'Dark room' });
    const { fetch } = showQueue({ queue: [listing] });
    await user.click(await screen.findByRole('button', { name: 'Reject Dark room' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason for the owner');
    expect(reason.getAttribute('maxlength')).toBe('500');

    await user.type(reason, 'The photos are too dark.');
    expect(within(dialog).getByText('24 / 500 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    expect(await toastWith('Property Rejected')).toBeTruthy();
    const call = fetch.mock.calls.find(([input]) =>
      String(input).endsWith(`/api/admin/properties/${listing.id}/reject`),
    );
    expect(JSON.parse(String(call![1]!.body))).toEqual({ reason: 'The photos are too dark.' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeTruthy();
  });

  it('keeps the dialog and says so when rejecting fails', async () => {
    const user = userEvent.setup();
    const listing = pending({ title: 'Dark room' });
    showQueue({
      queue: [listing],
      extra: {
        [`POST /api/admin/properties/${listing.id}/reject`]: () => json({ message: 'x' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject Dark room' }));
    await user.type(await screen.findByLabelText('Reason for the owner'), 'Too dark');
    await user.click(screen.getByRole('button', { name: 'Reject Listing' }));
    // The toast is behind the modal dialog, so the dialog says it too.
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to reject property',
    );
  });

  it('shows an empty state when nothing waits', async () => {
    showQueue({ queue: [] });
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeTruthy();
    expect(screen.getByText('0 listings waiting for review')).toBeTruthy();
  });

  it('pages through the queue 20 at a time', async () => {
    const user = userEvent.setup();
    const queue = Array.from({ length: 25 }, (_, index) => pending({ title: `Flat ${index + 1}` }));
    const { calls } = showQueue({ queue });
    await screen.findByRole('article', { name: 'Flat 1' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('article', { name: 'Flat 21' });
    expect(router.location?.search).toBe('?page=2');
    expect(calls('GET', '/api/admin/properties').at(-1)!.searchParams.get('page')).toBe('2');
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });
});
