import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { moveInCost, type AgentFee } from '#common/move-in';
import type { Property } from '#common/properties';
import { makeProperty } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { MoveInCard } from './move-in-card';
import { rateValues } from './move-in-card-rate';
import PropertyDetailPage from './property-detail-page';

vi.mock('../../lib/full-page-navigation', () => ({ navigateOutOfApp: vi.fn() }));

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const thisYear = new Date().getFullYear();
const rate = { ghsPerUsd: 15.4, setAt: `${thisYear}-11-24T10:00:00.000Z` };

/** A listing with these terms, its move-in cost worked out as the server does. */
function listing(
  terms: Partial<Pick<Property, 'advanceMonths' | 'depositAmount' | 'agentFee'>> &
    Partial<Property> = {},
): Property {
  const property = makeProperty(terms);
  return { ...property, moveInCost: moveInCost(property) };
}

function showCard(property: Property) {
  const api = mockApi({ 'GET /api/exchange-rate': () => json(rate) });
  const { unmount } = renderRoute(<MoveInCard property={property} />, { path: '/', url: '/' });
  return { ...api, unmount, card: screen.getByRole('region', { name: 'Move-in cost' }) };
}

/** The value a row of the card gives for its label. */
function valueOf(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent ?? '';
}

const fee = (kind: AgentFee['kind'], value: number, payer: AgentFee['payer']): AgentFee => ({
  kind,
  value,
  payer,
});

describe('move-in card', () => {
  it('adds up the advance, the deposit and the agent fee, the total in bold', () => {
    const property = listing({
      pricePerNight: 2500,
      price: 2500,
      advanceMonths: 12,
      depositAmount: 2500,
      agentFee: fee('percent', 10, 'tenant'),
    });
    const { card, calls } = showCard(property);

    expect(valueOf("12 months' rent in advance")).toBe('GH₵30,000');
    expect(valueOf('Deposit')).toBe('GH₵2,500');
    expect(valueOf('Agent fee (10%, paid by the tenant)')).toBe('GH₵3,000');
    const total = screen.getByText('Total to move in', { selector: 'dt' });
    expect(total.nextElementSibling!.textContent).toBe('GH₵35,500');
    expect(total.parentElement!.className).toContain('font-bold');
    // A listing in cedis needs no rate.
    expect(within(card).queryByText(/≈/)).toBeNull();
    expect(calls('GET', '/api/exchange-rate')).toHaveLength(0);
  });

  it('says the Rent Act caps the advance at six months only above six', () => {
    const twelve = showCard(listing({ advanceMonths: 12 }));
    const note = within(twelve.card).getByRole('note');
    expect(note.textContent).toContain('Act 220');
    expect(note.textContent).toContain('six months');
    expect(note.textContent).toContain('asks for 12');
    expect(note.textContent).toContain('you may ask the landlord to take less');
    twelve.unmount();

    const six = showCard(listing({ advanceMonths: 6 }));
    expect(within(six.card).queryByRole('note')).toBeNull();
    expect(within(six.card).getByText("6 months' rent in advance")).toBeTruthy();
  });

  it('says who pays the agent fee, and that the tenant pays nothing when the landlord does', () => {
    const landlord = listing({ advanceMonths: 1, agentFee: fee('months', 1, 'landlord') });
    const { unmount } = showCard(landlord);
    expect(valueOf("Agent fee (1 month's rent, paid by the landlord)")).toBe('You pay nothing');
    expect(valueOf('Total to move in')).toBe('GH₵2,500');
    unmount();

    showCard(listing({ depositAmount: 1000, agentFee: fee('fixed', 1000, 'shared') }));
    expect(valueOf('Agent fee (GH₵1,000, shared equally)')).toBe('GH₵500your half');
    // No advance: the first month's rent is due at move-in, and in the total.
    expect(valueOf("First month's rent")).toBe('GH₵2,500');
    expect(valueOf('Total to move in')).toBe('GH₵4,000');
  });

  it('with no advance, deposit or fee, the first rent is the total (never nothing), and shows the terms', () => {
    const { card } = showCard(
      listing({
        availableFrom: '2099-03-01',
        minLeaseMonths: 12,
        furnished: 'semi',
        utilitiesIncluded: ['water', 'internet'],
      }),
    );
    expect(valueOf("First month's rent")).toBe('GH₵2,500');
    expect(valueOf('Deposit')).toBe('None');
    expect(valueOf('Total to move in')).toBe('GH₵2,500');
    expect(within(card).queryByText(/GH₵0\b/)).toBeNull();
    expect(valueOf('Move-in date')).toBe('March 1, 2099');
    expect(valueOf('Minimum lease')).toBe('12 months');
    expect(valueOf('Furnishing')).toBe('Semi-furnished');
    const utilities = screen.getByText('Utilities included').nextElementSibling!;
    expect(
      within(utilities as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Water', 'Internet']);
  });

  it('is available now when the date has passed or is not given', () => {
    const { unmount } = showCard(listing({ availableFrom: '2020-01-01' }));
    expect(valueOf('Move-in date')).toBe('Available now');
    expect(valueOf('Minimum lease')).toBe('No minimum');
    expect(valueOf('Furnishing')).toBe('Unfurnished');
    expect(valueOf('Utilities included')).toBe('None');
    unmount();
    showCard(listing({ availableFrom: null }));
    expect(valueOf('Move-in date')).toBe('Available now');
  });

  it('shows a dollar listing’s total in cedis too, with the rate and when it was set', async () => {
    const property = listing({
      currency: '$',
      pricePerNight: 400,
      price: 400,
      advanceMonths: 3,
    });
    const { card, calls } = showCard(property);
    expect(valueOf('Total to move in')).toBe('$1,200');
    expect(await within(card).findByText('≈ GH₵18,480')).toBeTruthy();
    expect(within(card).getByText(/\$1 = GH₵15\.40, set Nov 24\b/)).toBeTruthy();
    expect(calls('GET', '/api/exchange-rate')).toHaveLength(1);
  });

  it('names the first week of a weekly rent and the first month of a yearly one', () => {
    const weekly = showCard(listing({ price: 450, pricePerNight: 450, pricingPeriod: 'week' }));
    expect(valueOf("First week's rent")).toBe('GH₵450');
    expect(valueOf('Total to move in')).toBe('GH₵450');
    weekly.unmount();
    showCard(listing({ price: 10_000, pricePerNight: 10_000, pricingPeriod: 'year' }));
    expect(valueOf("First month's rent (a twelfth of the yearly rent)")).toBe('GH₵833');
    expect(valueOf('Total to move in')).toBe('GH₵833');
  });

  it('shows whole units whose parts add up to the total shown', () => {
    showCard(
      listing({
        price: 100.5,
        pricePerNight: 100.5,
        pricingPeriod: 'week',
        depositAmount: 10.5,
        agentFee: fee('fixed', 20.49, 'tenant'),
      }),
    );
    expect(valueOf("First week's rent")).toBe('GH₵101');
    expect(valueOf('Deposit')).toBe('GH₵11');
    expect(valueOf('Agent fee (GH₵20.49, paid by the tenant)')).toBe('GH₵20');
    expect(valueOf('Total to move in')).toBe('GH₵132');
  });
});

describe('the rate’s words', () => {
  it('gives the rate to two decimals, and the year when it is not this year', () => {
    expect(rateValues({ ghsPerUsd: 15, setAt: `${thisYear}-01-05T12:00:00Z` }, 'en')).toEqual({
      rate: '$1 = GH₵15.00',
      date: 'Jan 5',
    });
    expect(rateValues({ ghsPerUsd: 15.4, setAt: '2020-11-24T12:00:00Z' }, 'en').date).toBe(
      'Nov 24, 2020',
    );
    expect(rateValues(rate, 'fr').rate).toBe('$1 = GH₵15,40');
  });
});

describe('on the listing page', () => {
  it('shows the card, and the move-in total under the rent', async () => {
    const property = listing({ advanceMonths: 7, depositAmount: 500 });
    mockApi({ [`GET /api/properties/${property.id}`]: () => json(property) });
    renderRoute(<PropertyDetailPage />, {
      path: '/property/:id',
      url: `/property/${property.id}`,
    });
    const card = await screen.findByRole('region', { name: 'Move-in cost' });
    expect(within(card).getByRole('note')).toBeTruthy();
    expect(valueOf('Total to move in')).toBe('GH₵18,000');
    const aside = screen.getByRole('complementary', { name: 'Price and contact' });
    expect(within(aside).getByText('Move in: GH₵18,000')).toBeTruthy();
  });
});
