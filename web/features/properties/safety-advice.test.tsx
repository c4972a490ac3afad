import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import ContactLandlordPage from './contact-landlord-page';
import PropertyDetailPage from './property-detail-page';

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const property = makeProperty({ title: 'Garden flat in Osu' });
const contact = {
  propertyId: property.id,
  propertyTitle: property.title,
  firstName: 'Kwame',
  lastName: 'Mensah',
  businessName: null,
  userType: 'owner' as const,
  email: 'kwame@example.com',
  phone: '+233 24 123 4567',
};

function api(answers: { contact?: () => Response } = {}) {
  mockApi({
    'GET /api/auth/user': () => json(renter),
    [`GET /api/properties/${property.id}`]: () => json(property),
    [`GET /api/properties/${property.id}/contact`]: answers.contact ?? (() => json(contact)),
  });
}

/** The advice's three points, and what each badge means. */
async function expectAdvice(near: () => HTMLElement) {
  const advice = (await screen.findByRole('region', { name: 'Stay safe' })) as HTMLElement;
  expect(near().contains(advice)).toBe(true);
  const points = within(advice)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.parentElement === advice);
  expect(points.map((point) => point.querySelector('span')?.textContent)).toEqual([
    'Never pay before viewing.',
    'Check the lister’s badges.',
    'Something wrong?',
  ]);
  expect(points[0]!.textContent).toContain('no viewing fee, deposit or rent');
  expect(points[0]!.textContent).toContain('met the lister in person');
  for (const badge of ['Verified email or phone:', 'Identity verified:', 'Licensed agent:']) {
    expect(within(points[1]!).getByText(new RegExp(`^${badge}`))).toBeTruthy();
  }
  expect(points[2]!.textContent).toContain('“Report this listing”');
}

describe('safety advice', () => {
  it('shows on the listing page, in the card with the contact button', async () => {
    api();
    renderRoute(<PropertyDetailPage />, { path: '/property/:id', url: `/property/${property.id}` });
    await expectAdvice(() => screen.getByRole('complementary', { name: 'Price and contact' }));
    const card = screen.getByRole('complementary', { name: 'Price and contact' });
    expect(await within(card).findByRole('link', { name: 'Message the lister' })).toBeTruthy();
  });

  it('says how many renters who came were asked for money before the viewing (issue 50)', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET /api/properties/${property.id}`]: () => json(property),
      [`GET /api/properties/${property.id}/reviews`]: () =>
        json({
          reviews: [],
          summary: {
            averageRating: 2,
            reviewCount: 3,
            asDescribedShare: 0,
            askedForMoneyRecently: 2,
          },
          page: 1,
          totalPages: 1,
        }),
    });
    renderRoute(<PropertyDetailPage />, { path: '/property/:id', url: `/property/${property.id}` });
    const advice = await screen.findByRole('region', { name: 'Stay safe' });
    expect(
      await within(advice).findByText(
        '2 renters who came to a viewing said they were asked to pay before it, in the last 90 days.',
      ),
    ).toBeTruthy();
  });

  it('shows on the contact page, with the owner’s details', async () => {
    api();
    renderRoute(<ContactLandlordPage />, {
      path: '/contact-landlord/:id',
      url: `/contact-landlord/${property.id}`,
    });
    await screen.findByText('Kwame Mensah');
    await expectAdvice(
      () => screen.getByRole('heading', { name: 'Contact details' }).parentElement!,
    );
  });

  it('is in the reader’s language', async () => {
    await i18next.changeLanguage('fr');
    try {
      api();
      renderRoute(<PropertyDetailPage />, {
        path: '/property/:id',
        url: `/property/${property.id}`,
      });
      const advice = await screen.findByRole('region', { name: 'Conseils de sécurité' });
      expect(within(advice).getByText('Ne payez jamais avant la visite.')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('contact page past the daily limit', () => {
  it('says why the details are refused, and when new ones open again', async () => {
    api({
      contact: () => refusal('contact_reveals_limit', { params: { max: 30, hours: 5 } }),
    });
    renderRoute(<ContactLandlordPage />, {
      path: '/contact-landlord/:id',
      url: `/contact-landlord/${property.id}`,
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The contact details could not be loaded.')).toBeTruthy();
    expect(alert.textContent).toContain('up to 30 different listings in 24 hours');
    expect(alert.textContent).toContain('again in 5 h');
  });
});
