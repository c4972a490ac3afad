import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { moveInCost } from '#common/move-in';
import type { Property } from '#common/properties';
import { makeProperty } from '../../testing/properties';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { PropertyCard } from './property-card';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

function showCard(property: Property) {
  mockApi({});
  renderRoute(<PropertyCard property={property} />, { path: '/', url: '/' });
  return screen.getByRole('article');
}

const cost = (total: number) => ({ advance: total, firstRent: 0, deposit: 0, agentFee: 0, total });

describe('move-in line on property cards', () => {
  it('shows what moving in costs under the rent, in the listing’s currency', () => {
    const card = showCard(makeProperty({ advanceMonths: 6, moveInCost: cost(15000) }));
    const line = within(card).getByText('Move in: GH₵15,000');
    expect(line.previousElementSibling!.textContent).toBe('GH₵2,500/month');
  });

  it('uses the listing’s currency', () => {
    const card = showCard(makeProperty({ currency: '$', moveInCost: cost(1235) }));
    expect(within(card).getByText('Move in: $1,235')).toBeTruthy();
  });

  it('never says moving in costs nothing: with no advance it is the first rent (decision 026)', () => {
    const property = makeProperty({ price: 450.5, pricePerNight: 450.5, pricingPeriod: 'week' });
    const card = showCard({ ...property, moveInCost: moveInCost(property) });
    // Whole units: the first week's GH₵450.50 is GH₵451 to move in.
    expect(within(card).getByText('Move in: GH₵451')).toBeTruthy();
    expect(within(card).queryByText(/GH₵0/)).toBeNull();
  });
});
