import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const cost = (total: number) => ({ advance: total, deposit: 0, agentFee: 0, total });

describe('move-in line on property cards', () => {
  it('shows what moving in costs under the rent, in the listing’s currency', () => {
    const card = showCard(makeProperty({ advanceMonths: 6, moveInCost: cost(15000) }));
    const line = within(card).getByText('Move in: GH₵15,000');
    expect(line.previousElementSibling!.textContent).toBe('GH₵2,500/month');
  });

  it('uses the listing’s currency and its cents', () => {
    const card = showCard(makeProperty({ currency: '$', moveInCost: cost(1234.5) }));
    expect(within(card).getByText('Move in: $1,234.50')).toBeTruthy();
  });

  it('adds nothing when moving in costs nothing beyond the rent', () => {
    const card = showCard(makeProperty());
    expect(within(card).queryByText(/Move in/)).toBeNull();
  });
});
