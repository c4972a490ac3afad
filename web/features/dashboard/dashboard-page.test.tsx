import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import type { Property } from '#common/properties';
import type { Viewing } from '#common/viewings';
import { navigateOutOfApp } from '../../lib/full-page-navigation';
import { stubEventSource } from '../../testing/event-source';
import { makeProperties, makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import DashboardPage from './dashboard-page';

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const owner: User = { ...renter, firstName: 'Kofi', userType: 'owner' };

type Handlers = Parameters<typeof mockApi>[0];

function showDashboard({
  user = renter,
  listings = [],
  favorites = [],
  recommended = makeProperties(4),
  extra = {},
}: {
  user?: User | null;
  listings?: Property[];
  favorites?: Property[];
  recommended?: Property[];
  extra?: Handlers;
} = {}) {
  const api = mockApi({
    ...(user ? { 'GET /api/auth/user': () => json(user) } : {}),
    'GET /api/user/properties': () => json(listings),
    'GET /api/favorites': () => json(favorites.map((p) => ({ ...p, availability: 'available' }))),
    'GET /api/properties/search': () =>
      json({ properties: recommended, total: recommended.length }),
    ...extra,
  });
  const view = renderRoute(<DashboardPage />, { path: '/dashboard', url: '/dashboard' });
  return { ...api, ...view };
}

const hostHeading = () => screen.queryByRole('heading', { level: 2, name: 'My Properties' });
const countOf = (label: string) => screen.getByText(label).nextSibling?.textContent;

describe('dashboard, welcome part', () => {
  it('greets a lister by first name, with the two main buttons', async () => {
    showDashboard({ user: owner });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Kofi!' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a Place' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('link', { name: 'List Property' }).getAttribute('href')).toBe(
      '/list-property',
    );
    expect(document.title).toBe('Dashboard · Abode');
  });

  it('offers a renter who lists nothing no lister things: no List Property, no own count', async () => {
    showDashboard();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Abena!' }),
    ).toBeTruthy();
    await waitFor(() => expect(countOf('Saved properties')).toBe('0'));
    expect(screen.getByRole('link', { name: 'Find a Place' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('link', { name: 'List Property' })).toBeNull();
    expect(screen.queryByText('My properties')).toBeNull();
  });

  it('welcomes an account made today, and welcomes it back from the next day (issue 51)', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const { unmount } = showDashboard({ user: { ...renter, createdAt: hoursAgo(2) } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Abode, Abena!' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    unmount();
    showDashboard({ user: { ...renter, createdAt: hoursAgo(25) } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Abena!' }),
    ).toBeTruthy();
  });

  it('greets a user without a first name as Traveler', async () => {
    showDashboard({ user: { ...renter, firstName: '  ' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Traveler!' }),
    ).toBeTruthy();
  });

  it('counts own and saved properties, and unread messages (issue 37)', async () => {
    showDashboard({
      listings: makeProperties(2),
      favorites: makeProperties(5),
      extra: { 'GET /api/conversations/unread': () => json({ unread: 3 }) },
    });
    await waitFor(() => expect(countOf('My properties')).toBe('2'));
    await waitFor(() => expect(countOf('Saved properties')).toBe('5'));
    await waitFor(() => expect(countOf('Unread messages')).toBe('3'));
  });

  it('recommends the first four search results, with View All', async () => {
    const { calls } = showDashboard({ recommended: makeProperties(6) });
    const section = (await screen.findByRole('heading', { name: 'Recommended for You' })).closest(
      'section',
    )!;
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(4));
    expect(calls('GET', '/api/properties/search')[0]!.searchParams.get('limit')).toBe('12');
    expect(within(section).getByRole('link', { name: 'View All' }).getAttribute('href')).toBe(
      '/search',
    );
  });

  it('leaves the reader’s own listings out of the recommendations', async () => {
    const mine = [1, 2].map((n) => makeProperty({ title: `My flat ${n}`, isOwn: true }));
    const others = makeProperties(5);
    showDashboard({
      user: owner,
      recommended: [mine[0]!, ...others.slice(0, 2), mine[1]!, ...others.slice(2)],
    });
    const section = (await screen.findByRole('heading', { name: 'Recommended for You' })).closest(
      'section',
    )!;
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(4));
    const titles = within(section)
      .getAllByRole('article')
      .map((card) => card.querySelector('h3')?.textContent);
    expect(titles).toEqual(others.slice(0, 4).map((p) => p.title));
  });

  it('lists the first three saved properties, each linking to its page', async () => {
    const favorites = makeProperties(5);
    showDashboard({ favorites });
    const card = (await screen.findByRole('heading', { name: 'Recently Saved' })).parentElement!
      .parentElement!;
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(3));
    const links = within(card)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link').getAttribute('href'));
    expect(links).toEqual(favorites.slice(0, 3).map((p) => `/property/${p.id}`));
    expect(within(card).getByText(favorites[0]!.title)).toBeTruthy();
  });

  it('offers quick actions and a quick search by location', async () => {
    const user = userEvent.setup();
    showDashboard();
    const actions = (await screen.findByRole('heading', { name: 'Quick Actions' })).parentElement!;
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/messages', '/search?saved=true', '/account/saved-searches', '/search']);
    // No action leads to a feature Abode does not have yet (My Bookings).
    expect(within(actions).queryByRole('link', { name: 'My Bookings' })).toBeNull();

    await user.type(screen.getByLabelText('Where do you want to live?'), 'East Legon');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.location?.pathname).toBe('/search');
    expect(router.location?.search).toBe('?location=East+Legon');
  });

  it('shows no host part to a renter without listings', async () => {
    const { calls } = showDashboard();
    await waitFor(() => expect(calls('GET', '/api/user/properties')).toHaveLength(1));
    await waitFor(() => expect(countOf('Saved properties')).toBe('0'));
    expect(hostHeading()).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows the host part to a renter who has a listing', async () => {
    showDashboard({ listings: [makeProperty()] });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Properties' })).toBeTruthy();
  });
});

describe('dashboard, host part', () => {
  it('shows each listing with its status badge and the totals', async () => {
    const listings = [
      makeProperty({ title: 'Pending flat', isVerified: false, verified: false, isActive: true }),
      makeProperty({ title: 'Approved flat', isActive: false, averageRating: 4, rating: 4 }),
      makeProperty({ title: 'Live flat', averageRating: 4.5, rating: 4.5 }),
    ];
    showDashboard({ user: owner, listings });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Properties' })).toBeTruthy();
    const card = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('article')!;
    await screen.findByRole('heading', { name: 'Pending flat' });
    expect(within(card('Pending flat')).getByText('Pending Approval')).toBeTruthy();
    expect(within(card('Approved flat')).getByText('Approved')).toBeTruthy();
    expect(within(card('Live flat')).getByText('Live')).toBeTruthy();

    expect(screen.getByText('Total Properties').nextSibling?.textContent).toBe('3');
    // As many as the Live badges (issue 51): the pending flat is switched on, but not live.
    expect(screen.getByText('Live: 1')).toBeTruthy();
    expect(
      screen.getAllByRole('article').filter((article) => within(article).queryByText('Live')),
    ).toHaveLength(1);
    // (4 + 4.5) / 2: the listing nobody reviewed yet has no rating to count (issue 40).
    expect(screen.getByText('Avg. Rating').nextSibling?.textContent).toBe('4.3');
    expect(screen.getByRole('link', { name: 'Add New Property' }).getAttribute('href')).toBe(
      '/list-property',
    );
  });

  it('says how many renters viewed each listing’s contact details, when the server counts them', async () => {
    const listings = [
      makeProperty({ title: 'Popular flat', contactViews: 3 }),
      makeProperty({ title: 'Quiet flat', contactViews: 1 }),
      makeProperty({ title: 'New flat', contactViews: 0 }),
      makeProperty({ title: 'Uncounted flat' }),
    ];
    showDashboard({ user: owner, listings });
    const card = async (title: string) =>
      (await screen.findByRole('heading', { name: title })).closest('article')!;
    expect(
      within(await card('Popular flat')).getByText('Contact details viewed by 3 renters'),
    ).toBeTruthy();
    expect(
      within(await card('Quiet flat')).getByText('Contact details viewed by 1 renter'),
    ).toBeTruthy();
    // Nobody yet: nothing said, rather than "viewed by 0 renters".
    expect((await card('New flat')).textContent).not.toContain('Contact details viewed');
    expect((await card('Uncounted flat')).textContent).not.toContain('Contact details viewed');
  });

  it('shows a listing its reports hid as such, with its own filter', async () => {
    const user = userEvent.setup();
    const listings = [
      makeProperty({ title: 'Live flat' }),
      makeProperty({ title: 'Flagged flat', isActive: false, hiddenForReports: true }),
    ];
    showDashboard({ user: owner, listings });
    const flagged = (await screen.findByRole('heading', { name: 'Flagged flat' })).closest(
      'article',
    )!;
    expect(within(flagged).getByText('Hidden while we review reports')).toBeTruthy();
    const filters = screen.getByRole('group', { name: 'Show listings by status' });
    await user.click(
      within(filters).getByRole('button', { name: 'Hidden while we review reports (1)' }),
    );
    expect(router.location?.search).toBe('?status=reported');
    expect(screen.queryByRole('heading', { name: 'Live flat' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Flagged flat' })).toBeTruthy();
  });

  it('pages more than 12 listings and filters them by status, kept in the URL', async () => {
    const user = userEvent.setup();
    const listings = [
      ...Array.from({ length: 13 }, (_, i) => makeProperty({ title: `Live flat ${i + 1}` })),
      makeProperty({ title: 'Waiting flat', isVerified: false, verified: false }),
      makeProperty({ title: 'Switched-off flat', isActive: false }),
      makeProperty({
        title: 'Reported flat',
        isActive: false,
        hiddenByAdmin: true,
        hiddenReason: 'Viewing fee reports',
      }),
    ];
    showDashboard({ user: owner, listings });
    await screen.findByRole('heading', { name: 'Live flat 1' });
    const cards = () =>
      within(screen.getByRole('region', { name: 'My Properties' }))
        .getAllByRole('article')
        .map((card) => card.querySelector('h3')?.textContent);
    expect(cards()).toHaveLength(12);
    const pages = screen.getByRole('navigation', { name: 'Pages of your listings' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    // On a phone the pager is far below the grid's top: pressing it brings the top back.
    const scrolled = vi.fn();
    const top = screen.getByRole('group', { name: 'Show listings by status' })
      .previousElementSibling as HTMLElement;
    top.scrollIntoView = scrolled;
    vi.spyOn(top, 'getBoundingClientRect').mockReturnValue({ top: -900 } as DOMRect);
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(cards()).toEqual(['Live flat 13', 'Waiting flat', 'Switched-off flat', 'Reported flat']);
    expect(router.location?.search).toBe('?page=2');
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });

    const filters = screen.getByRole('group', { name: 'Show listings by status' });
    expect(within(filters).getByRole('button', { name: 'Live (13)' })).toBeTruthy();
    await user.click(
      within(filters).getByRole('button', { name: 'Hidden by an administrator (1)' }),
    );
    expect(cards()).toEqual(['Reported flat']);
    expect(router.location?.search).toBe('?status=hidden');
    expect(screen.queryByRole('navigation', { name: 'Pages of your listings' })).toBeNull();
    const reported = screen.getByRole('heading', { name: 'Reported flat' }).closest('article')!;
    expect(reported.textContent).toContain('Viewing fee reports');
    await user.click(within(filters).getByRole('button', { name: 'Pending Approval (1)' }));
    expect(cards()).toEqual(['Waiting flat']);
    await user.click(within(filters).getByRole('button', { name: 'Approved (1)' }));
    expect(cards()).toEqual(['Switched-off flat']);

    // Back returns to the filter before.
    router.go(-1);
    await waitFor(() => expect(cards()).toEqual(['Waiting flat']));
  });

  it('tells the owner why a listing was not approved', async () => {
    const listings = [
      makeProperty({
        title: 'Dark flat',
        isVerified: false,
        verified: false,
        rejectionReason: 'The photos are too dark',
      }),
    ];
    showDashboard({ user: owner, listings });
    const heading = await screen.findByRole('heading', { name: 'Dark flat' });
    const card = heading.closest('article')!;
    expect(within(card).getByText('Pending Approval')).toBeTruthy();
    expect(card.textContent).toContain('Not approved yet: The photos are too dark');
  });

  it('shows a live listing with changes waiting for review as live, naming the fields (issue 34)', async () => {
    const listings = [
      makeProperty({
        title: 'Cheaper flat',
        isVerified: true,
        verified: true,
        isActive: true,
        pendingChanges: {
          fields: ['price', 'minLeaseMonths'],
          values: { price: 900, minLeaseMonths: 6 },
          photos: null,
          submittedAt: '2026-11-27T10:00:00.000Z',
        },
      }),
    ];
    showDashboard({ user: owner, listings });
    const heading = await screen.findByRole('heading', { name: 'Cheaper flat' });
    const card = heading.closest('article')!;
    expect(within(card).queryByText('Pending Approval')).toBeNull();
    const note = within(card).getByRole('note');
    expect(note.textContent).toContain('Changes waiting for review');
    expect(note.textContent).toContain('Waiting: Rent, Minimum lease.');
  });

  it('offers edit and view in each listing menu', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Garden flat' });
    showDashboard({ user: owner, listings: [property] });
    await user.click(await screen.findByRole('button', { name: 'Actions for Garden flat' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Property' }).getAttribute('href')).toBe(
      `/property/${property.id}/edit`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'View Details' }).getAttribute('href')).toBe(
      `/property/${property.id}`,
    );
  });

  it('deletes a listing after confirmation', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Garden flat' });
    let listings = [property];
    const { calls } = showDashboard({
      user: owner,
      extra: {
        'GET /api/user/properties': () => json(listings),
        [`DELETE /api/properties/${property.id}`]: () => {
          listings = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Garden flat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Property' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this property?' });
    expect(within(dialog).getByText(/"Garden flat" will be removed/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE', `/api/properties/${property.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for Garden flat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Property' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Property' }));
    expect(await screen.findByText('Property deleted successfully')).toBeTruthy();
    expect(calls('DELETE', `/api/properties/${property.id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says so when a delete fails, and keeps the listing', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Garden flat' });
    showDashboard({
      user: owner,
      listings: [property],
      extra: {
        [`DELETE /api/properties/${property.id}`]: () => json({ message: 'Boom' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Garden flat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Property' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Property' }));
    expect(await screen.findByText('Failed to delete property. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Garden flat' })).toBeTruthy();
  });

  it('marks a live listing rented after confirmation, out of search at once', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Garden flat' });
    let listings = [property];
    const { calls } = showDashboard({
      user: owner,
      extra: {
        'GET /api/user/properties': () => json(listings),
        [`POST /api/properties/${property.id}/rented`]: () => {
          listings = [{ ...property, isActive: false, rentedAt: '2026-03-02T09:00:00.000Z' }];
          return json({ id: property.id, status: 'rented' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Garden flat' }));
    expect(screen.queryByRole('menuitem', { name: 'Available again' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as rented' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Mark this property as rented?',
    });
    expect(within(dialog).getByText(/"Garden flat" leaves search at once/)).toBeTruthy();
    expect(within(dialog).getByText(/for 14 days its page tells visitors/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST', `/api/properties/${property.id}/rented`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for Garden flat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as rented' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as rented' }));
    expect(await screen.findByText('"Garden flat" is marked as rented')).toBeTruthy();
    expect(calls('POST', `/api/properties/${property.id}/rented`)).toHaveLength(1);
    // The owner's list is read again.
    const card = screen.getByRole('heading', { name: 'Garden flat' }).closest('article')!;
    await waitFor(() => expect(within(card).getByText('Rented')).toBeTruthy());
    expect(within(card).getByText(/out of search/)).toBeTruthy();
    expect(calls('GET', '/api/user/properties').length).toBeGreaterThan(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('makes a rented listing available again in one step', async () => {
    const user = userEvent.setup();
    const property = makeProperty({
      title: 'Let flat',
      isActive: false,
      rentedAt: '2026-03-02T09:00:00.000Z',
    });
    let listings = [property];
    const { calls } = showDashboard({
      user: owner,
      extra: {
        'GET /api/user/properties': () => json(listings),
        [`DELETE /api/properties/${property.id}/rented`]: () => {
          listings = [{ ...property, isActive: true, rentedAt: null }];
          return json({ id: property.id, status: 'live' });
        },
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Let flat' })).closest('article')!;
    expect(within(card).getByText('Rented')).toBeTruthy();
    expect(card.textContent).toContain('Marked rented on Mar 2, 2026: out of search.');
    expect(card.textContent).toContain('For 14 days its page tells visitors it has been rented.');

    await user.click(screen.getByRole('button', { name: 'Actions for Let flat' }));
    expect(screen.queryByRole('menuitem', { name: 'Mark as rented' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Available again' }));
    expect(await screen.findByText('"Let flat" is available again')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls('DELETE', `/api/properties/${property.id}/rented`)).toHaveLength(1);
    await waitFor(() => expect(within(card).getByText('Live')).toBeTruthy());
    expect(card.textContent).not.toContain('Marked rented');
  });

  it('offers Mark as rented only on a live or approved listing', async () => {
    const user = userEvent.setup();
    showDashboard({
      user: owner,
      listings: [
        makeProperty({ title: 'Waiting flat', isVerified: false, verified: false }),
        makeProperty({ title: 'Switched-off flat', isActive: false }),
        makeProperty({ title: 'Hidden flat', isActive: false, hiddenByAdmin: true }),
      ],
    });
    const menuOf = async (title: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
      const menu = await screen.findByRole('menu');
      const names = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return names;
    };
    expect(await menuOf('Waiting flat')).not.toContain('Mark as rented');
    expect(await menuOf('Switched-off flat')).toContain('Mark as rented');
    expect(await menuOf('Hidden flat')).not.toContain('Mark as rented');
  });

  it('says so when marking rented fails, and keeps the listing live', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Garden flat' });
    showDashboard({
      user: owner,
      listings: [property],
      extra: {
        [`POST /api/properties/${property.id}/rented`]: () => json({ message: 'Boom' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Garden flat' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as rented' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as rented' }));
    expect(
      await screen.findByText('Failed to mark the property as rented. Please try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const card = screen.getByRole('heading', { name: 'Garden flat' }).closest('article')!;
    expect(within(card).getByText('Live')).toBeTruthy();
  });

  it('counts rented listings under their own filter', async () => {
    const user = userEvent.setup();
    showDashboard({
      user: owner,
      listings: [
        makeProperty({ title: 'Live flat' }),
        makeProperty({ title: 'Let flat', isActive: false, rentedAt: '2026-03-02T09:00:00.000Z' }),
      ],
    });
    await screen.findByRole('heading', { name: 'Let flat' });
    const filters = screen.getByRole('group', { name: 'Show listings by status' });
    expect(within(filters).getByRole('button', { name: 'Live (1)' })).toBeTruthy();
    await user.click(within(filters).getByRole('button', { name: 'Rented (1)' }));
    expect(router.location?.search).toBe('?status=rented');
    expect(screen.queryByRole('heading', { name: 'Live flat' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Let flat' })).toBeTruthy();
  });

  it('offers a plan or a listing when the owner has none, with a 0.0 rating', async () => {
    showDashboard({ user: owner });
    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Subscribe to List Properties' }).getAttribute('href'),
    ).toBe('/listing-payment');
    expect(screen.getByText('Avg. Rating').nextSibling?.textContent).toBe('0.0');
    expect(screen.getByText('Total Properties').nextSibling?.textContent).toBe('0');
  });

  it('shows analytics: the listings’ page views, the response time, the guest rating and quick actions', async () => {
    const user = userEvent.setup();
    showDashboard({
      user: { ...owner, userType: 'agent' },
      extra: {
        'GET /api/conversations/response-time': () =>
          json({
            responseTime: { medianMinutes: 125, replyRate: 0.667, conversations: 3 },
            shownOnListings: true,
          }),
      },
      listings: [
        makeProperty({ averageRating: 4.25, rating: 4.25, pageViews: 1200 }),
        makeProperty({ averageRating: 4.25, rating: 4.25, pageViews: 34 }),
        makeProperty({ averageRating: 4.25, rating: 4.25 }),
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Analytics' });
    expect(within(panel).getByText('Total Views').nextSibling?.textContent).toBe('1,234');
    const response = within(panel).getByText('Response Time');
    expect(response.nextSibling?.textContent).toBe('2 hr');
    expect(response.textContent).toContain('67% answered within a day · 3 enquiries in 90 days');
    expect(within(panel).getByText('Guest Rating').nextSibling?.textContent).toBe('4.3');
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Add New Property', '/list-property'],
      ['Account Settings', '/account-settings'],
      ['My Videos', '/user/videos'],
    ]);
  });

  it('adds the approval screens to the analytics quick actions for admins', async () => {
    const user = userEvent.setup();
    showDashboard({ user: { ...owner, isAdmin: true } });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Analytics' });
    expect(
      within(panel).getByRole('link', { name: 'Property Approval' }).getAttribute('href'),
    ).toBe('/admin/image-approval');
    expect(
      within(panel).getByRole('link', { name: 'Service Provider Approval' }).getAttribute('href'),
    ).toBe('/admin/service-approval');
    expect(within(panel).getByRole('link', { name: 'Video Management' }).getAttribute('href')).toBe(
      '/admin/video-management',
    );
  });
});

describe('dashboard, signed out', () => {
  it('sends a reader whose listings answer 401 to sign in after 500 ms', async () => {
    showDashboard({
      user: owner,
      extra: { 'GET /api/user/properties': () => json({ message: 'Unauthorized' }, 401) },
    });
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(navigateOutOfApp).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(navigateOutOfApp).toHaveBeenCalledWith('/api/login?next=%2Fdashboard'),
    );
  });

  it('sends a visitor to sign in the same way, asking for nothing else', async () => {
    const { calls } = showDashboard({ user: null });
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() =>
      expect(navigateOutOfApp).toHaveBeenCalledWith('/api/login?next=%2Fdashboard'),
    );
    expect(calls('GET', '/api/user/properties')).toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('dashboard, response time', () => {
  const analytics = async (answer: object) => {
    const user = userEvent.setup();
    showDashboard({
      user: owner,
      listings: [makeProperty()],
      extra: { 'GET /api/conversations/response-time': () => json(answer) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Analytics' });
    const label = await within(panel).findByText('Response Time');
    await waitFor(() =>
      expect((label.nextSibling as HTMLElement | null)?.querySelector('[role=status]')).toBeNull(),
    );
    return label;
  };

  it('shows a dash and why while nobody enquired', async () => {
    const label = await analytics({ responseTime: null, shownOnListings: false });
    await waitFor(() => expect(label.textContent).toContain('No enquiries in the last 90 days'));
    expect(label.nextSibling?.textContent).toBe('—Not measured yet');
  });

  it('says renters do not see it yet, and when nothing was answered', async () => {
    const label = await analytics({
      responseTime: { medianMinutes: null, replyRate: 0, conversations: 2 },
      shownOnListings: false,
    });
    await waitFor(() =>
      expect(label.textContent).toContain(
        '2 enquiries, none answered yet · Renters see it from 3 enquiries',
      ),
    );
    expect(label.nextSibling?.textContent).toBe('—Not measured yet');
  });
});

describe('dashboard, live updates', () => {
  it('tells the owner a listing was not approved and shows it again, without a reload', async () => {
    const sources = stubEventSource();
    const listing = makeProperty({ title: 'Osu flat', isVerified: false, isActive: true });
    const { calls } = showDashboard({ user: owner, listings: [listing] });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Properties' })).toBeTruthy();
    expect(calls('GET', '/api/user/properties')).toHaveLength(1);
    await waitFor(() => expect(sources.open()).toHaveLength(1));
    act(() =>
      sources.open()[0]!.emit('listing.status', {
        listingId: listing.id,
        title: 'Osu flat',
        status: 'pending',
        rejected: true,
      }),
    );
    expect(await screen.findByText('“Osu flat” was not approved')).toBeTruthy();
    expect(screen.getByText('Your listing below says why.')).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/api/user/properties')).toHaveLength(2));
  });

  it('tells of an approval, and only fetches again for a change it does not announce', async () => {
    const sources = stubEventSource();
    const listing = makeProperty({ title: 'Tema house' });
    const { calls } = showDashboard({ user: owner, listings: [listing] });
    await waitFor(() => expect(sources.open()).toHaveLength(1));
    const status = { listingId: listing.id, title: 'Tema house', rejected: false };
    act(() => sources.open()[0]!.emit('listing.status', { ...status, status: 'live' }));
    expect(await screen.findByText('“Tema house” is now live')).toBeTruthy();
    act(() => sources.open()[0]!.emit('listing.status', { ...status, status: 'rented' }));
    await waitFor(() => expect(calls('GET', '/api/user/properties').length).toBeGreaterThan(2));
    expect(screen.queryByText(/Tema house.*rented/)).toBeNull();
  });
});

describe('dashboard, what waits for the lister’s answer (issue 51)', () => {
  const request: Viewing = {
    id: '00000000-0000-4000-8000-0000000000b1',
    property: {
      id: '00000000-0000-4000-8000-0000000000a1',
      title: 'Chamber and hall, Osu',
      image: null,
      address: 'Osu',
      ghanaPostGps: null,
      streetAddress: null,
      pin: null,
    },
    // Far ahead, so that it is a request still to answer.
    startsAt: '2036-12-06T10:30:00+00:00',
    endsAt: '2036-12-06T11:00:00+00:00',
    timeZone: 'Africa/Accra',
    status: 'pending',
    note: null,
    reason: null,
    suggestedStartsAt: null,
    cancelledBy: null,
    cancelledFor: null,
    otherParty: { firstName: 'Ama' },
    conversationId: '00000000-0000-4000-8000-0000000000c1',
    asLister: true,
    renterNoShow: false,
    noShowDisputed: false,
    renterRecord: { booked: 1, cancelled: 0, noShows: 0 },
  };
  const waiting = (counts: { viewingRequests: number; unansweredEnquiries: number }) => ({
    'GET /api/user/to-answer': () => json(counts),
    'GET /api/viewings': (url: URL) =>
      json({ viewings: url.searchParams.get('role') === 'lister' ? [request] : [] }),
  });

  it('comes before the listings: each request with Confirm and Decline, then the enquiries', async () => {
    showDashboard({
      user: owner,
      listings: makeProperties(3),
      extra: waiting({ viewingRequests: 1, unansweredEnquiries: 2 }),
    });
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Waiting for your answer' })
    ).closest('section')!;
    const requests = within(section).getByRole('region', { name: '1 viewing request to answer' });
    expect(within(requests).getByRole('link', { name: /Chamber and hall, Osu/ })).toBeTruthy();
    expect(within(requests).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(requests).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: '2 enquiries waiting for your reply' })
        .getAttribute('href'),
    ).toBe('/messages');
    // First: before the lister's own listings.
    const listings = await screen.findByRole('heading', { level: 2, name: 'My Properties' });
    expect(
      section.compareDocumentPosition(listings) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('confirms a request in place, and reads what is left to answer again', async () => {
    const { calls } = showDashboard({
      user: owner,
      extra: {
        ...waiting({ viewingRequests: 1, unansweredEnquiries: 0 }),
        'POST /api/viewings/00000000-0000-4000-8000-0000000000b1/confirm': () =>
          json({ ...request, status: 'confirmed' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        calls('POST', '/api/viewings/00000000-0000-4000-8000-0000000000b1/confirm'),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(calls('GET', '/api/user/to-answer')).toHaveLength(2));
  });

  it('shows nothing to a reader nothing waits for', async () => {
    const { calls } = showDashboard({
      user: owner,
      listings: makeProperties(1),
      extra: {
        'GET /api/user/to-answer': () => json({ viewingRequests: 0, unansweredEnquiries: 0 }),
        'GET /api/viewings': () => json({ viewings: [] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Properties' })).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/api/user/to-answer').length).toBeGreaterThan(0));
    await waitFor(() => expect(calls('GET', '/api/viewings')).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'Waiting for your answer' })).toBeNull();
  });

  it('reads the counts again when a message or a viewing step arrives on the live stream', async () => {
    const sources = stubEventSource();
    const { calls } = showDashboard({
      user: owner,
      extra: waiting({ viewingRequests: 1, unansweredEnquiries: 0 }),
    });
    await screen.findByRole('heading', { name: 'Waiting for your answer' });
    await waitFor(() => expect(sources.open()).toHaveLength(1));
    const before = calls('GET', '/api/user/to-answer').length;
    act(() =>
      sources.open()[0]!.emit('conversation.message', {
        conversationId: request.conversationId,
        unread: 1,
        message: {
          id: '00000000-0000-4000-8000-0000000000d1',
          body: 'Is it still available?',
          fromMe: false,
          sentAt: new Date().toISOString(),
          readAt: null,
          warnings: [],
          event: null,
        },
      }),
    );
    await waitFor(() => expect(calls('GET', '/api/user/to-answer').length).toBeGreaterThan(before));
  });
});

describe('dashboard, a listing’s figures (issue 51)', () => {
  it('opens from the card and reads the span the lister picks', async () => {
    const listing = makeProperty({ title: 'Osu flat' });
    const statsUrl = `/api/user/properties/${listing.id}/stats`;
    const { calls } = showDashboard({
      user: owner,
      listings: [listing],
      extra: {
        [`GET ${statsUrl}`]: (url: URL) => {
          const days = Number(url.searchParams.get('days'));
          return json({
            days,
            since: '2026-11-01T12:00:00.000Z',
            views: days * 10,
            enquiries: 4,
            viewingRequests: 3,
            confirmedViewings: 2,
            heldViewings: 1,
            reviews: 1,
          });
        },
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Osu flat' })).closest('article')!;
    expect(calls('GET', statsUrl)).toHaveLength(0);
    await userEvent.click(within(card).getByRole('button', { name: 'Figures' }));
    const figures = await within(card).findByRole('region', { name: 'Figures for Osu flat' });
    const value = (label: string) => within(figures).getByText(label).nextSibling?.textContent;
    await waitFor(() => expect(value('Page views')).toBe('300'));
    expect(value('Enquiries')).toBe('4');
    expect(value('Viewing requests')).toBe('3');
    expect(value('Viewings confirmed')).toBe('2');
    expect(value('Viewings held')).toBe('1');
    expect(value('Reviews')).toBe('1');
    expect(within(figures).getByText(/^Since Nov 1, 2026\./)).toBeTruthy();
    expect(
      within(figures).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await userEvent.click(within(figures).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(value('Page views')).toBe('70'));
    expect(calls('GET', statsUrl).map((url) => url.searchParams.get('days'))).toEqual(['30', '7']);
  });

  it('says so when the figures cannot be read', async () => {
    const listing = makeProperty({ title: 'Tema house' });
    showDashboard({
      user: owner,
      listings: [listing],
      extra: {
        [`GET /api/user/properties/${listing.id}/stats`]: () => json({ message: 'x' }, 500),
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Tema house' })).closest('article')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Figures' }));
    expect(await within(card).findByText('These figures could not be loaded.')).toBeTruthy();
  });
});

describe('dashboard, words for owners (issue 51)', () => {
  it('speaks to an owner of their listings, and to a renter of their search', async () => {
    const { unmount } = showDashboard({ user: owner, listings: makeProperties(1) });
    expect(
      await screen.findByText(
        'Here is what renters ask about your listings, and how your listings are doing.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/happening with your search/)).toBeNull();
    unmount();
    showDashboard();
    expect(await screen.findByText('Here is what is happening with your search.')).toBeTruthy();
  });
});
