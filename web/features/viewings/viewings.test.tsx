import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Viewing, ViewingSlots } from '#common/viewings';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import { renter } from '../../testing/properties';
import BookViewingPage from './book-viewing-page';
import { ViewingHoursSection } from './viewing-hours-section';
import ViewingPage from './viewing-page';

// Viewings in the browser (issue 38): booking one of a listing's free times, where the place
// is; a viewing's page and what each party may do there; a listing's hours as its owner edits
// them. The server decides each rule (server/features/viewings); these check what is shown and
// sent.
beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const owner = {
  ...renter,
  id: '00000000-0000-4000-8000-bbbbbbbbbbbb',
  firstName: 'Kofi',
  userType: 'owner' as const,
};
const propertyId = '00000000-0000-4000-8000-0000000000a1';
const viewingId = '00000000-0000-4000-8000-0000000000b1';
// Far ahead, so that the page offers what it offers before a viewing starts.
const slots: ViewingSlots = {
  slots: [
    { startsAt: '2036-12-06T10:00:00+00:00' },
    { startsAt: '2036-12-06T10:30:00+00:00' },
    { startsAt: '2036-12-13T10:00:00+00:00' },
  ],
  slotMinutes: 30,
  timeZone: 'Africa/Accra',
};
const viewing: Viewing = {
  id: viewingId,
  property: {
    id: propertyId,
    title: 'Chamber and hall, Osu',
    image: null,
    address: 'Osu',
    ghanaPostGps: null,
    streetAddress: null,
    pin: null,
  },
  startsAt: '2036-12-06T10:30:00+00:00',
  endsAt: '2036-12-06T11:00:00+00:00',
  timeZone: 'Africa/Accra',
  status: 'pending',
  note: 'Can I bring my sister?',
  reason: null,
  suggestedStartsAt: null,
  cancelledBy: null,
  cancelledFor: null,
  otherParty: { firstName: 'Ama' },
  conversationId: '00000000-0000-4000-8000-0000000000c1',
  asLister: true,
  renterNoShow: false,
  noShowDisputed: false,
  renterRecord: { booked: 5, cancelled: 2, noShows: 1 },
};

describe('booking a viewing', () => {
  it('says viewings are free, offers the free times by day where the place is, and sends one', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/properties/${propertyId}/viewing-slots`]: () => json(slots),
      [`POST /api/properties/${propertyId}/viewings`]: () =>
        json(
          {
            id: viewingId,
            status: 'pending',
            startsAt: slots.slots[1]!.startsAt,
            conversationId: viewing.conversationId,
          },
          201,
        ),
    });
    renderRoute(<BookViewingPage />, {
      path: '/property/:id/book-viewing',
      url: `/property/${propertyId}/book-viewing`,
    });
    expect(await screen.findByText(/Viewings booked on Abode are free/)).toBeTruthy();
    const saturday = await screen.findByRole('group', { name: 'Saturday, December 6' });
    expect(within(saturday).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Saturday, December 13' })).toBeTruthy();
    expect(screen.getByText('Times are where the place is (GMT).')).toBeTruthy();

    // Nothing chosen: said, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time first.');
    expect(api.calls('POST', `/api/properties/${propertyId}/viewings`)).toHaveLength(0);

    await user.click(within(saturday).getByRole('radio', { name: '10:30 AM' }));
    await user.type(screen.getByRole('textbox', { name: /A note for the lister/ }), 'Two of us');
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    await waitFor(() => expect(router.location?.pathname).toBe(`/viewings/${viewingId}`));
    const [, init] = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      startsAt: '2036-12-06T10:30:00+00:00',
      note: 'Two of us',
    });
  });

  it('says when someone took the time meanwhile, and reads the times again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/properties/${propertyId}/viewing-slots`]: () => json(slots),
      [`POST /api/properties/${propertyId}/viewings`]: () => refusal('viewing_slot_taken'),
    });
    renderRoute(<BookViewingPage />, {
      path: '/property/:id/book-viewing',
      url: `/property/${propertyId}/book-viewing`,
    });
    const saturday = await screen.findByRole('group', { name: 'Saturday, December 6' });
    await user.click(within(saturday).getByRole('radio', { name: '10:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone has just booked this time. Please choose another.',
    );
    await waitFor(() =>
      expect(
        api.calls('GET', `/api/properties/${propertyId}/viewing-slots`).length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it('sends a listing without times to message its lister, and a visitor to sign up first', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/properties/${propertyId}/viewing-slots`]: () =>
        json({ slots: [], slotMinutes: null, timeZone: 'Africa/Accra' }),
    });
    renderRoute(<BookViewingPage />, {
      path: '/property/:id/book-viewing',
      url: `/property/${propertyId}/book-viewing`,
    });
    const link = await screen.findByRole('link', { name: 'Message the lister' });
    expect(link.getAttribute('href')).toBe(`/contact-landlord/${propertyId}`);

    mockApi({});
    renderRoute(<BookViewingPage />, {
      path: '/property/:id/book-viewing',
      url: `/property/${propertyId}/book-viewing`,
    });
    await waitFor(() => expect(router.location?.pathname).toBe('/register'));
    expect(router.location?.search).toBe(`?action=viewing&propertyId=${propertyId}`);
  });
});

describe('a viewing’s page', () => {
  it('lets the lister confirm a request, with the time where the place is', async () => {
    const user = userEvent.setup();
    let current = viewing;
    const api = mockApi({
      'GET /api/auth/user': () => json(owner),
      [`GET /api/viewings/${viewingId}`]: () => json(current),
      [`POST /api/viewings/${viewingId}/confirm`]: () =>
        json((current = { ...viewing, status: 'confirmed' })),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(await screen.findByText('Sat, Dec 6, 10:30 AM GMT')).toBeTruthy();
    expect(
      screen.getByText('Ama asked to see the place at this time. Confirm or decline within a day.'),
    ).toBeTruthy();
    expect(screen.getByText('Can I bring my sister?')).toBeTruthy();
    // How the renter kept their viewings, before the lister decides.
    expect(screen.getByText('Ama: 2 of 5 viewings cancelled, 1 not attended')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(api.calls('POST', `/api/viewings/${viewingId}/confirm`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      `/messages/${viewing.conversationId}`,
    );
  });

  it('lets the lister decline with a reason and another free time', async () => {
    const user = userEvent.setup();
    let current = viewing;
    const api = mockApi({
      'GET /api/auth/user': () => json(owner),
      [`GET /api/viewings/${viewingId}`]: () => json(current),
      [`GET /api/properties/${propertyId}/viewing-slots`]: () => json(slots),
      [`POST /api/viewings/${viewingId}/decline`]: () =>
        json(
          (current = {
            ...viewing,
            status: 'declined',
            reason: 'Away',
            suggestedStartsAt: slots.slots[2]!.startsAt,
          }),
        ),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.type(screen.getByRole('textbox', { name: /Why/ }), 'Away');
    const offer = screen.getByRole('combobox', { name: 'Offer another free time' });
    // The request's own time is not offered back.
    await waitFor(() => expect(within(offer).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(offer, slots.slots[2]!.startsAt);
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    expect(await screen.findByText('Another time offered: Sat, Dec 13, 10:00 AM GMT')).toBeTruthy();
    const [, init] = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      reason: 'Away',
      suggestedStartsAt: slots.slots[2]!.startsAt,
    });
  });

  it('offers the renter to cancel a confirmed viewing, not to confirm it', async () => {
    const user = userEvent.setup();
    const mine = {
      ...viewing,
      status: 'confirmed' as const,
      asLister: false,
      otherParty: { firstName: 'Kofi' },
      renterRecord: null,
    };
    let current: Viewing = mine;
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json(current),
      [`POST /api/viewings/${viewingId}/cancel`]: () =>
        json((current = { ...mine, status: 'cancelled', cancelledBy: 'renter' })),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(await screen.findByText(/Kofi expects you/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel the viewing' }));
    await user.click(screen.getByRole('button', { name: 'Cancel it' }));
    expect(await screen.findByText(/You cancelled this viewing/)).toBeTruthy();
  });

  // Issue 51: the calendar file for everyone, not only those whose e-mail carried it.
  it('offers a confirmed viewing still ahead as a calendar file, and nothing else', async () => {
    const confirmed = {
      ...viewing,
      status: 'confirmed' as const,
      asLister: false,
      renterRecord: null,
    };
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json(confirmed),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe(`/api/viewings/${viewingId}/calendar.ics`);
    expect(link.getAttribute('download')).toBe('viewing.ics');
    cleanup();

    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json({ ...confirmed, status: 'pending' }),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  // Issue 51: Abode cancelled it as its listing left the site; the page says why, not who.
  it('says why Abode cancelled a viewing whose listing was rented, and warns not to pay for a hidden one', async () => {
    const gone = (cancelledFor: Viewing['cancelledFor']) => ({
      ...viewing,
      status: 'cancelled' as const,
      cancelledFor,
      asLister: false,
      renterRecord: null,
    });
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json(gone('listing_rented')),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(
      await screen.findByText('Abode cancelled this viewing: the place was rented.'),
    ).toBeTruthy();
    expect(screen.queryByText(/cancelled this viewing\.$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the viewing' })).toBeNull();
    cleanup();

    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json(gone('listing_hidden')),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(await screen.findByText(/Do not pay anyone for it\./)).toBeTruthy();
  });

  it('shows the renter of a confirmed viewing where exactly: street, code, pin and a geo: link (issue 50)', async () => {
    const confirmed: Viewing = {
      ...viewing,
      status: 'confirmed',
      asLister: false,
      otherParty: { firstName: 'Kofi' },
      renterRecord: null,
      property: {
        ...viewing.property,
        streetAddress: '12 Oxford Street',
        ghanaPostGps: 'GA-123-4567',
        pin: { latitude: 5.556, longitude: -0.182 },
      },
    };
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json(confirmed),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    const place = await screen.findByRole('region', { name: 'Where exactly' });
    expect(place.textContent).toContain('12 Oxford Street');
    expect(place.textContent).toContain('GA-123-4567');
    const link = screen.getByRole('link', { name: 'Open in your map app' });
    expect(link.getAttribute('href')).toBe(
      'geo:5.556,-0.182?q=5.556,-0.182(Chamber%20and%20hall%2C%20Osu)',
    );
    const map = place.querySelector('[data-map]');
    expect(JSON.parse(map?.getAttribute('data-map-props') ?? '{}')).toMatchObject({
      kind: 'pin',
      fixed: true,
      latitude: 5.556,
      longitude: -0.182,
    });
  });

  it('tells the renter of a request that the exact place comes once confirmed (issue 50)', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () =>
        json({ ...viewing, asLister: false, renterRecord: null }),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(
      await screen.findByText(
        'The street address, GhanaPost GPS code and exact pin come here once the lister confirms.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in your map app' })).toBeNull();
  });

  it('lets the renter of a viewing marked as missed say "I was there", after a second look (issue 50)', async () => {
    const user = userEvent.setup();
    const missed: Viewing = {
      ...viewing,
      startsAt: '2026-11-28T10:30:00+00:00',
      endsAt: '2026-11-28T11:00:00+00:00',
      status: 'confirmed',
      asLister: false,
      otherParty: { firstName: 'Kofi' },
      renterRecord: null,
      renterNoShow: true,
    };
    let current = missed;
    const api = mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => json(current),
      [`POST /api/viewings/${viewingId}/dispute-no-show`]: () =>
        json((current = { ...missed, noShowDisputed: true })),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(await screen.findByText(/^Kofi says you did not come to this viewing\./)).toBeTruthy();
    // No review while the lister's word stands unanswered.
    expect(screen.queryByRole('link', { name: 'Review this viewing' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I was there' }));
    expect(screen.getByText(/^Tell Kofi that you came to this viewing\?/)).toBeTruthy();
    expect(api.calls('POST', `/api/viewings/${viewingId}/dispute-no-show`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, I was there' }));
    expect(
      await screen.findByText(
        'You said you were there: Kofi’s mark does not count in your record.',
      ),
    ).toBeTruthy();
    expect(api.calls('POST', `/api/viewings/${viewingId}/dispute-no-show`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'I was there' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Review this viewing' })).toBeTruthy();
  });

  it('tells the lister that the renter says they were there (issue 50)', async () => {
    mockApi({
      'GET /api/auth/user': () => json(owner),
      [`GET /api/viewings/${viewingId}`]: () =>
        json({
          ...viewing,
          startsAt: '2026-11-28T10:30:00+00:00',
          endsAt: '2026-11-28T11:00:00+00:00',
          status: 'confirmed',
          renterNoShow: true,
          noShowDisputed: true,
        }),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect(
      await screen.findByText(
        'The renter says they were there. Your mark does not count in their record.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I was there' })).toBeNull();
    expect(screen.queryByRole('button', { name: /did not come/ })).toBeNull();
  });

  it('says so for a viewing that is not the reader’s', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/viewings/${viewingId}`]: () => refusal('viewing_not_found'),
    });
    renderRoute(<ViewingPage />, { path: '/viewings/:id', url: `/viewings/${viewingId}` });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This viewing does not exist or is not yours.',
    );
  });
});

describe('a listing’s viewing hours', () => {
  it('are edited and saved on their own, with the server’s word on a wrong field', async () => {
    const user = userEvent.setup();
    let saves = 0;
    const api = mockApi({
      'GET /api/auth/user': () => json(owner),
      [`GET /api/properties/${propertyId}/viewing-hours`]: () =>
        json({ slotMinutes: 30, windows: [], blockedDates: [], timeZone: 'Africa/Accra' }),
      [`PUT /api/properties/${propertyId}/viewing-hours`]: (_url, init) => {
        saves += 1;
        if (saves === 1)
          return refusal('invalid_input', { fields: { 'windows.0.end': 'timeRangeInvalid' } });
        return json({ ...JSON.parse(String(init!.body)), timeZone: 'Africa/Accra' });
      },
    });
    renderRoute(<ViewingHoursSection propertyId={propertyId} />, { path: '/', url: '/' });
    expect(await screen.findByText('No hours yet: renters cannot book a viewing.')).toBeTruthy();
    expect(screen.getByText('In the listing’s time zone: Africa/Accra.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add hours' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Each viewing takes' }), '60');
    await user.click(screen.getByRole('button', { name: 'Save viewing hours' }));
    expect(await screen.findByText('The end must be after the start')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save viewing hours' }));
    await waitFor(() => expect(saves).toBe(2));
    const puts = api.fetch.mock.calls.filter(([, options]) => options?.method === 'PUT');
    expect(JSON.parse(String(puts[1]![1]!.body))).toEqual({
      slotMinutes: 60,
      windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
      blockedDates: [],
    });
  });

  it('are copied to the lister’s other listings in one action, saved first when edited (issue 51)', async () => {
    const user = userEvent.setup();
    const others = [
      { id: '00000000-0000-4000-8000-0000000000a2', title: 'Single room, Madina' },
      { id: '00000000-0000-4000-8000-0000000000a3', title: 'Two bedroom, Tema' },
    ];
    const order: string[] = [];
    const api = mockApi({
      'GET /api/auth/user': () => json(owner),
      [`GET /api/properties/${propertyId}/viewing-hours`]: () =>
        json({ slotMinutes: 30, windows: [], blockedDates: [], timeZone: 'Africa/Accra' }),
      [`PUT /api/properties/${propertyId}/viewing-hours`]: (_url, init) => {
        order.push('save');
        return json({ ...JSON.parse(String(init!.body)), timeZone: 'Africa/Accra' });
      },
      [`POST /api/properties/${propertyId}/viewing-hours/copy`]: (_url, init) => {
        order.push('copy');
        return json(JSON.parse(String(init!.body)));
      },
    });
    renderRoute(<ViewingHoursSection propertyId={propertyId} otherListings={others} />, {
      path: '/',
      url: '/',
    });
    const copy = (await screen.findByRole('group', {
      name: 'Copy these hours to your other listings',
    })) as HTMLElement;
    expect(within(copy).getByRole('checkbox', { name: 'Single room, Madina' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(copy).getByRole('checkbox', { name: 'Two bedroom, Tema' }));
    await user.click(screen.getByRole('button', { name: 'Add hours' }));
    await user.click(within(copy).getByRole('button', { name: 'Copy to 1 listing' }));
    expect(await screen.findByText('Viewing hours copied to 1 listing')).toBeTruthy();
    expect(order).toEqual(['save', 'copy']);
    const posted = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({ propertyIds: [others[0]!.id] });

    // Nothing ticked: nothing to send.
    await user.click(within(copy).getByRole('checkbox', { name: 'Single room, Madina' }));
    expect(
      within(copy).getByRole('button', { name: 'Copy to 0 listings' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
