import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnerContact } from '#common/listings';
import type { Property } from '#common/properties';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import ContactLandlordPage from './contact-landlord-page';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const signedIn = { 'GET /api/auth/user': () => json(renter) };

function contactOf(property: Property, overrides: Partial<OwnerContact> = {}): OwnerContact {
  return {
    propertyId: property.id,
    propertyTitle: property.title,
    firstName: 'Kwame',
    lastName: 'Mensah',
    businessName: 'Mensah Homes',
    userType: 'agent',
    email: 'kwame@example.com',
    phone: '+233 24 123 4567',
    ...overrides,
  };
}

function show(property: Property, handlers: Parameters<typeof mockApi>[0] = signedIn) {
  const api = mockApi({
    [`GET /api/properties/${property.id}`]: () => json(property),
    [`GET /api/properties/${property.id}/contact`]: () => json(contactOf(property)),
    ...handlers,
  });
  renderRoute(<ContactLandlordPage />, {
    path: '/contact-landlord/:id',
    url: `/contact-landlord/${property.id}`,
  });
  return api;
}

describe('contact landlord page', () => {
  it('shows the listing and the contact details of a live listing, with call, mail and WhatsApp links', async () => {
    const property = makeProperty({ title: 'Garden flat in Osu', pricePerNight: 3000 });
    show(property);
    const details = (await screen.findByRole('heading', { name: 'Contact details' }))
      .parentElement!;
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Landlord/Agent' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Garden flat in Osu' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Garden flat in Osu' })).toBeTruthy();
    expect(screen.getByText('GH₵3,000')).toBeTruthy();
    expect(within(details).getByText('Kwame Mensah')).toBeTruthy();
    expect(within(details).getByText('Agent')).toBeTruthy();
    expect(within(details).getByText('Mensah Homes')).toBeTruthy();
    expect(
      within(details).getByRole('link', { name: 'kwame@example.com' }).getAttribute('href'),
    ).toBe('mailto:kwame@example.com');
    expect(
      within(details).getByRole('link', { name: '+233 24 123 4567' }).getAttribute('href'),
    ).toBe('tel:+233241234567');
    expect(within(details).getByRole('link', { name: 'Call Kwame' }).getAttribute('href')).toBe(
      'tel:+233241234567',
    );
    const whatsapp = within(details).getByRole('link', { name: /Message on WhatsApp/ });
    // The greeting names the listing and links it (absolute), encoded for the URL.
    const greeting = `Hello, I saw your listing "Garden flat in Osu" on Abode and would like to know more: ${window.location.origin}/property/${property.id}`;
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/233241234567?text=${encodeURIComponent(greeting)}`,
    );
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByText('Property Under Review')).toBeNull();
  });

  it('shows the lister’s badges, as the listing’s page does (issue 34)', async () => {
    const property = makeProperty({
      ownerUserType: 'agent',
      lister: {
        handle: 'kofi-3f9a1c0b',
        emailVerified: true,
        phoneVerified: false,
        identityVerified: false,
        licensedAgent: true,
        responseTime: null,
      },
    });
    show(property);
    const section = await screen.findByRole('region', { name: 'About the lister' });
    expect(within(section).getByText('Licensed agent')).toBeTruthy();
    expect(within(section).getByText('Our team checked the agent’s licence.')).toBeTruthy();
    expect(within(section).getByText('Identity not verified')).toBeTruthy();
    expect(within(section).getByText('Email verified')).toBeTruthy();
    expect(within(section).getByText('Phone not verified')).toBeTruthy();
    // The listing's own badge says what was reviewed, not "Verified".
    expect(screen.getByText('Reviewed by Abode')).toBeTruthy();
    expect(screen.queryByText('Verified')).toBeNull();
  });

  it('writes the WhatsApp greeting in the reader’s language, and calls a 00 number in E.164', async () => {
    await i18next.changeLanguage('fr');
    try {
      const property = makeProperty({ title: 'Studio à Osu' });
      show(property, {
        ...signedIn,
        [`GET /api/properties/${property.id}/contact`]: () =>
          json(contactOf(property, { phone: '00233 20 765 4321' })),
      });
      const whatsapp = await screen.findByRole('link', { name: /WhatsApp/ });
      const greeting = `Bonjour, j’ai vu votre annonce « Studio à Osu » sur Abode et j’aimerais en savoir plus : ${window.location.origin}/property/${property.id}`;
      expect(whatsapp.getAttribute('href')).toBe(
        `https://wa.me/233207654321?text=${encodeURIComponent(greeting)}`,
      );
      for (const link of screen.getAllByRole('link', { name: /00233|Appeler/ })) {
        expect(link.getAttribute('href')).toBe('tel:+233207654321');
      }
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('offers neither Call nor WhatsApp when the lister has no phone', async () => {
    const property = makeProperty();
    show(property, {
      ...signedIn,
      [`GET /api/properties/${property.id}/contact`]: () =>
        json(contactOf(property, { phone: null })),
    });
    await screen.findByRole('heading', { name: 'Contact details' });
    expect(screen.queryByRole('link', { name: /Call|WhatsApp/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send an email' })).toBeTruthy();
  });

  it('leaves out what the owner did not share', async () => {
    const property = makeProperty();
    show(property, {
      ...signedIn,
      [`GET /api/properties/${property.id}/contact`]: () =>
        json(contactOf(property, { userType: 'owner', businessName: null, phone: null })),
    });
    await screen.findByText('Kwame Mensah');
    expect(screen.getByText('Property owner')).toBeTruthy();
    expect(screen.queryByText('Business name')).toBeNull();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Call/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send an email' })).toBeTruthy();
  });

  const underReview = () =>
    json(
      { message: 'This property is under review; its contact details show once it is live' },
      409,
    );

  it.each([
    ['pending approval', { isVerified: false, verified: false, isActive: true }],
    ['approved but inactive', { isVerified: true, verified: true, isActive: false }],
    ['hidden by an administrator', { isActive: false, hiddenByAdmin: true }],
  ])(
    'shows its owner "Property Under Review" for their listing %s, and no contact details',
    async (_, state) => {
      const property = makeProperty({ ...state, isOwn: true });
      show(property, {
        ...signedIn,
        [`GET /api/properties/${property.id}/contact`]: underReview,
      });
      expect(await screen.findByRole('heading', { name: 'Property Under Review' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: property.title })).toBeTruthy();
      expect(screen.queryByText('Kwame Mensah')).toBeNull();
    },
  );

  it('shows a renter "Property Under Review" for a listing that exists but is not live, with nothing of it', async () => {
    const property = makeProperty({ title: 'Unapproved villa' });
    show(property, {
      ...signedIn,
      [`GET /api/properties/${property.id}`]: () => json({ message: 'Property not found' }, 404),
      [`GET /api/properties/${property.id}/contact`]: underReview,
    });
    expect(await screen.findByRole('heading', { name: 'Property Under Review' })).toBeTruthy();
    expect(screen.queryByText('Unapproved villa')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Property not found' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Search' })).toBeTruthy();
  });

  it('says a rented listing has been rented, with similar places, and no contact details', async () => {
    const property = makeProperty({
      title: 'Let flat in Osu',
      isActive: false,
      rentedAt: '2026-11-20T10:00:00.000Z',
    });
    show(property, {
      ...signedIn,
      [`GET /api/properties/${property.id}/contact`]: underReview,
    });
    expect(await screen.findByText('This place has been rented')).toBeTruthy();
    expect(screen.getByRole('link', { name: /See similar places/ })).toBeTruthy();
    expect(screen.queryByText('Property Under Review')).toBeNull();
    expect(screen.queryByText('Kwame Mensah')).toBeNull();
  });

  it('says "Property Under Review" when the server hides the details', async () => {
    const property = makeProperty();
    show(property, {
      ...signedIn,
      [`GET /api/properties/${property.id}/contact`]: underReview,
    });
    expect(await screen.findByRole('heading', { name: 'Property Under Review' })).toBeTruthy();
  });

  it('asks an account with neither e-mail nor phone verified to verify in Account Settings', async () => {
    const property = makeProperty();
    show(property, {
      ...signedIn,
      [`GET /api/properties/${property.id}/contact`]: () =>
        refusal('contact_needs_verified_contact'),
    });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'Verify your email address or phone number to see the contact details of listings',
      ),
    ).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: 'Verify in Account Settings' }).getAttribute('href'),
    ).toBe('/account-settings');
    expect(screen.queryByText('kwame@example.com')).toBeNull();
  });

  it('sends visitors to sign up to contact', async () => {
    const property = makeProperty();
    const api = show(property, {});
    await vi.waitFor(() => expect(router.location?.pathname).toBe('/register'));
    expect(router.location?.search).toBe(`?action=contact&propertyId=${property.id}`);
    expect(api.calls('GET', `/api/properties/${property.id}`)).toHaveLength(0);
  });

  it('says "Property not found" with Back to Search for a missing listing', async () => {
    mockApi({
      ...signedIn,
      'GET /api/properties/nope': () => json({ message: 'Not found' }, 404),
      'GET /api/properties/nope/contact': () => json({ message: 'Property not found' }, 404),
    });
    renderRoute(<ContactLandlordPage />, {
      path: '/contact-landlord/:id',
      url: '/contact-landlord/nope',
    });
    expect(await screen.findByRole('heading', { name: 'Property not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe(
      '/search',
    );
  });
});
