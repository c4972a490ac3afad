import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property } from '#common/properties';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import PropertyDetailPage from './property-detail-page';

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function showListing(property: Property, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [`GET /api/properties/${property.id}`]: () => json(property), ...extra });
  renderRoute(<PropertyDetailPage />, {
    path: '/property/:id',
    url: `/property/${property.id}`,
  });
  return api;
}

const signedIn = { 'GET /api/auth/user': () => json(renter) };

describe('property detail page', () => {
  it('shows the listing: badges, price, rooms, type, description and amenities', async () => {
    const property = makeProperty({
      title: 'Bright studio near Legon',
      category: 'student',
      propertyType: 'studio',
      bedrooms: 1,
      bathrooms: 2,
      pricePerNight: 1250.5,
      price: 1250.5,
      currency: 'GH₵',
      pricingPeriod: 'year',
      amenities: ['wifi', 'air_conditioning'],
    });
    showListing(property);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bright studio near Legon' }));
    expect(screen.getByText('12 Oxford Street, Accra, Ghana')).toBeTruthy();
    expect(screen.getByText('Reviewed by Abode')).toBeTruthy();
    // The listing's review is not a promise about its lister (issue 34): no bare "Verified".
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByText('Student Housing')).toBeTruthy();
    expect(screen.getByText('GH₵1,250.50')).toBeTruthy();
    expect(screen.getByText('/year')).toBeTruthy();
    const facts = screen.getByText('Bedrooms').closest('dl')!;
    expect(within(facts).getByText('Bedrooms').nextSibling?.textContent).toBe('1');
    expect(within(facts).getByText('Bathrooms').nextSibling?.textContent).toBe('2');
    expect(within(facts).getByText('Type').nextSibling?.textContent).toBe('Studio');
    expect(screen.getByText('Two bedrooms close to the university.')).toBeTruthy();
    const amenities = screen.getByRole('heading', { name: 'Amenities' }).parentElement!;
    expect(within(amenities).getByText('Wi-Fi').querySelector('svg')).toBeTruthy();
    expect(within(amenities).getByText('Air conditioning')).toBeTruthy();
    expect(document.title).toBe('Bright studio near Legon · Abode');
  });

  it('shows the rating only above 0, and a fallback without a description', async () => {
    const unrated = makeProperty({
      description: null,
      isVerified: false,
      verified: false,
      address: '137 Ocean View Drive, Takoradi',
      city: 'Takoradi',
    });
    showListing(unrated);
    await screen.findByRole('heading', { level: 1, name: unrated.title });
    expect(screen.getByText('137 Ocean View Drive, Takoradi, Ghana')).toBeTruthy();
    expect(screen.queryByText('Rating')).toBeNull();
    expect(screen.queryByText('Reviewed by Abode')).toBeNull();
    expect(screen.getByText(/The owner has not added a description yet/)).toBeTruthy();
  });

  it('shows a rating above 0 with the viewings its reviews rest on', async () => {
    const rated = makeProperty({ averageRating: 4.5, rating: 4.5, reviewCount: 12 });
    showListing(rated);
    await screen.findByRole('heading', { level: 1, name: rated.title });
    expect(screen.getByText('Rating')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('from 12 viewings')).toBeTruthy();
  });

  it('says "Property not found" with Back to Search for a missing listing', async () => {
    mockApi({ 'GET /api/properties/nope': () => json({ message: 'Property not found' }, 404) });
    renderRoute(<PropertyDetailPage />, { path: '/property/:id', url: '/property/nope' });
    expect(await screen.findByRole('heading', { name: 'Property not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe(
      '/search',
    );
  });

  it('offers visitors to sign up to contact, and signed-in users the contact page', async () => {
    const property = makeProperty();
    showListing(property);
    const signUp = await screen.findByRole('link', { name: 'Sign up to message the lister' });
    expect(signUp.getAttribute('href')).toBe(`/register?action=contact&propertyId=${property.id}`);
    expect(screen.getByText('Contact information is free for all registered users')).toBeTruthy();
  });

  it('links signed-in users to the contact page', async () => {
    const property = makeProperty();
    showListing(property, signedIn);
    const contact = await screen.findByRole('link', { name: 'Message the lister' });
    expect(contact.getAttribute('href')).toBe(`/contact-landlord/${property.id}`);
    expect(screen.queryByRole('link', { name: /Sign Up/ })).toBeNull();
  });

  it.each([
    [
      'pending',
      { isVerified: false, verified: false },
      'Your listing: Pending Approval',
      /Renters cannot see it yet/,
    ],
    ['approved', { isActive: false }, 'Your listing: Approved', /approved but switched off/],
    [
      'hidden',
      { isActive: false, hiddenByAdmin: true, hiddenReason: 'Viewing fee reports' },
      'Your listing: Hidden by an administrator',
      /only an administrator can show it again/,
    ],
    ['live', {}, 'Your listing: Live', /Renters can find and contact you/],
  ] as const)(
    'shows its owner a %s banner and Edit instead of Save and Contact',
    async (_status, state, title, text) => {
      const property = makeProperty({ ...state, isOwn: true });
      showListing(property, signedIn);
      const banner = (await screen.findByText(title)).closest('[role="status"]') as HTMLElement;
      expect(within(banner).getByText(text)).toBeTruthy();
      if ('hiddenReason' in state)
        expect(within(banner).getByText(state.hiddenReason)).toBeTruthy();
      const edit = screen.getByRole('link', { name: 'Edit Property' });
      expect(edit.getAttribute('href')).toBe(`/property/${property.id}/edit`);
      expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /Message the lister/ })).toBeNull();
    },
  );

  it('shows other readers no owner banner and no Edit', async () => {
    showListing(makeProperty(), signedIn);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/Your listing/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Property' })).toBeNull();
    expect(await screen.findByRole('link', { name: /Message the lister/ })).toBeTruthy();
  });

  it('tells an administrator reading a listing renters cannot see why, and nothing on a live one', async () => {
    const admin = { 'GET /api/auth/user': () => json({ ...renter, isAdmin: true }) };
    showListing(makeProperty({ isActive: false, hiddenForReports: true }), admin);
    expect(
      await screen.findByText('Renters cannot see this listing: Hidden while we review reports.'),
    ).toBeTruthy();
  });

  it('shows an administrator no banner on a live listing', async () => {
    const admin = { 'GET /api/auth/user': () => json({ ...renter, isAdmin: true }) };
    showListing(makeProperty(), admin);
    await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('link', { name: /Message the lister/ });
    expect(screen.queryByText(/Renters cannot see this listing/)).toBeNull();
  });

  describe('a rented listing', () => {
    const rentedAt = '2026-03-02T09:00:00.000Z';

    it('tells a visitor it has been rented, links similar places and offers no contact', async () => {
      const property = makeProperty({
        city: 'Kumasi',
        propertyType: 'house',
        isActive: false,
        rentedAt,
      });
      showListing(property);
      const banner = (await screen.findByText('This place has been rented')).closest(
        '[role="status"]',
      ) as HTMLElement;
      expect(
        within(banner).getByRole('link', { name: 'See similar places' }).getAttribute('href'),
      ).toBe('/search?location=Kumasi&propertyType=house');
      expect(screen.getByRole('heading', { level: 1, name: property.title })).toBeTruthy();
      const card = screen.getByRole('complementary', { name: 'Price and contact' });
      expect(
        within(card).getByText('Rented: the lister no longer takes enquiries about this place.'),
      ).toBeTruthy();
      expect(screen.queryByRole('link', { name: /Message the lister/ })).toBeNull();
      expect(screen.queryByText('Contact information is free for all registered users')).toBeNull();
      expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
      expect(within(card).getByRole('button', { name: 'Share' })).toBeTruthy();
    });

    it('offers a signed-in renter no contact page either', async () => {
      showListing(makeProperty({ isActive: false, rentedAt }), signedIn);
      expect(await screen.findByText('This place has been rented')).toBeTruthy();
      // Wait for the reader to be known, then check nothing offers contact.
      await screen.findByRole('button', { name: /Report/ });
      expect(screen.queryByRole('link', { name: /Message the lister/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /Sign Up/ })).toBeNull();
    });

    it('shows its owner that it is rented, with Available again and the dashboard', async () => {
      const user = userEvent.setup();
      let property = makeProperty({ isActive: false, rentedAt, isOwn: true });
      const { calls } = showListing(property, {
        ...signedIn,
        [`GET /api/properties/${property.id}`]: () => json(property),
        [`DELETE /api/properties/${property.id}/rented`]: () => {
          property = { ...property, isActive: true, rentedAt: null };
          return json({ id: property.id, status: 'live' });
        },
      });
      const banner = (await screen.findByText('Your listing: Rented')).closest(
        '[role="status"]',
      ) as HTMLElement;
      expect(within(banner).getByText(/you marked it rented. For 14 days/)).toBeTruthy();
      expect(within(banner).getByRole('link', { name: 'Manage in your dashboard' })).toBeTruthy();
      expect(
        within(banner).getByRole('link', { name: 'Manage in your dashboard' }).getAttribute('href'),
      ).toBe('/dashboard');
      expect(screen.queryByText('This place has been rented')).toBeNull();
      expect(screen.getByRole('link', { name: 'Edit Property' })).toBeTruthy();

      await user.click(within(banner).getByRole('button', { name: 'Available again' }));
      expect(await screen.findByText(`"${property.title}" is available again`)).toBeTruthy();
      expect(calls('DELETE', `/api/properties/${property.id}/rented`)).toHaveLength(1);
      expect(await screen.findByText('Your listing: Live')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Available again' })).toBeNull();
    });

    it('says so when making it available again fails', async () => {
      const user = userEvent.setup();
      const property = makeProperty({ isActive: false, rentedAt, isOwn: true });
      showListing(property, {
        ...signedIn,
        [`DELETE /api/properties/${property.id}/rented`]: () => json({ message: 'Boom' }, 500),
      });
      await user.click(await screen.findByRole('button', { name: 'Available again' }));
      expect(
        await screen.findByText('Failed to make the property available again. Please try again.'),
      ).toBeTruthy();
      expect(screen.getByText('Your listing: Rented')).toBeTruthy();
    });
  });

  it('shows "No image available" for a listing without images', async () => {
    const property = makeProperty({ photos: [], images: [], image: null });
    showListing(property);
    expect(await screen.findByText('No image available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
  });

  it('moves through the photos with thumbnails, arrow keys and swipes', async () => {
    const user = userEvent.setup();
    const property = makeProperty({
      title: 'Villa',
      photos: ['a', 'b', 'c'].map((key) => ({
        key,
        width: 1600,
        height: 1067,
        widths: [400, 800, 1200, 1600],
      })),
    });
    showListing(property);
    const gallery = await screen.findByRole('region', { name: 'Photos of Villa' });
    const main = () => within(gallery).getByAltText(/^Villa, photo/);

    expect(main().getAttribute('alt')).toBe('Villa, photo 1 of 3');
    expect(main().getAttribute('loading')).toBe('eager');
    expect(main().getAttribute('fetchpriority')).toBe('high');
    expect(main().getAttribute('src')).toBe('/files/a-1200.webp');
    expect(main().getAttribute('srcset')).toBe(
      '/files/a-400.webp 400w, /files/a-800.webp 800w, /files/a-1200.webp 1200w, /files/a-1600.webp 1600w',
    );
    expect(main().getAttribute('width')).toBe('1600');
    expect(main().getAttribute('height')).toBe('1067');
    const thumbnails = within(gallery).getAllByRole('button', { name: /^Show photo/ });
    expect(thumbnails).toHaveLength(3);
    for (const thumbnail of thumbnails) {
      expect(thumbnail.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    }

    await user.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(main().getAttribute('alt')).toBe('Villa, photo 3 of 3');
    expect(main().getAttribute('loading')).toBe('eager');
    expect(main().getAttribute('fetchpriority')).toBeNull();
    expect(thumbnails[2]!.getAttribute('aria-current')).toBe('true');

    gallery.focus();
    await user.keyboard('{ArrowRight}');
    expect(main().getAttribute('alt')).toBe('Villa, photo 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(main().getAttribute('alt')).toBe('Villa, photo 3 of 3');
    await user.keyboard('{Home}');
    expect(main().getAttribute('alt')).toBe('Villa, photo 1 of 3');

    const frame = main().parentElement!;
    fireEvent.touchStart(frame, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(frame, { changedTouches: [{ clientX: 150 }] });
    expect(main().getAttribute('alt')).toBe('Villa, photo 2 of 3');
    fireEvent.touchStart(frame, { touches: [{ clientX: 150 }] });
    fireEvent.touchEnd(frame, { changedTouches: [{ clientX: 170 }] });
    expect(main().getAttribute('alt')).toBe('Villa, photo 2 of 3');
    fireEvent.touchStart(frame, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(frame, { changedTouches: [{ clientX: 250 }] });
    expect(main().getAttribute('alt')).toBe('Villa, photo 1 of 3');
  });

  it('falls back to the local placeholder when a photo does not load', async () => {
    const property = makeProperty({ title: 'Loft' });
    showListing(property);
    const image = await screen.findByAltText('Loft, photo 1 of 2');
    fireEvent.error(image);
    const fallback = await screen.findByAltText('Loft, photo 1 of 2');
    expect(fallback.getAttribute('src')).toBe('/placeholder-property.svg');
    expect(fallback.getAttribute('srcset')).toBeNull();
  });

  it('copies the link with a "Link copied" toast where there is no share sheet', async () => {
    const user = userEvent.setup();
    const property = makeProperty();
    showListing(property);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect('share' in navigator).toBe(false);
    expect(await screen.findByText('Link copied', { exact: true })).toBeTruthy();
  });

  it('uses the native share sheet when there is one', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ title: 'Beach house' });
    showListing(property);
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Beach house',
      text: 'Have a look at this rental on Abode: Beach house',
      url: window.location.href,
    });
    Reflect.deleteProperty(navigator, 'share');
  });

  it('toggles the favourite for signed-in users and says so when it fails', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ isFavorite: true });
    const api = showListing(property, {
      ...signedIn,
      [`DELETE /api/favorites/${property.id}`]: () => json({ message: 'Removed' }),
      [`POST /api/favorites/${property.id}`]: () => json({ message: 'Unavailable' }, 503),
      'GET /api/favorites': () => json([]),
    });
    // Pressed, the button reads "Saved" (issue 15: it kept saying "Save").
    const save = await screen.findByRole('button', { name: 'Saved' });
    expect(save.getAttribute('aria-pressed')).toBe('true');

    await user.click(save);
    expect(save.getAttribute('aria-pressed')).toBe('false');
    expect(save.textContent).toBe('Save');
    expect(api.calls('DELETE', `/api/favorites/${property.id}`)).toHaveLength(1);

    await user.click(save);
    expect(
      await screen.findByText('Failed to update favorites. Please try again.', { exact: true }),
    ).toBeTruthy();
    expect(save.getAttribute('aria-pressed')).toBe('false');
  });
});
