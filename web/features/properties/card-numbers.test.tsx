import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProperty } from '../../testing/properties';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { PropertyCard } from './property-card';

beforeAll(() => i18nReady);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the numbers on a listing card (issue 34)', () => {
  it('group thousands the same way in Spanish, four digits or five', async () => {
    await i18next.changeLanguage('es');
    mockApi({});
    const total = 15000;
    const property = makeProperty({
      pricePerNight: 1200,
      moveInCost: { advance: total, firstRent: 0, deposit: 0, agentFee: 0, total },
    });
    renderRoute(<PropertyCard property={property} />, { path: '/', url: '/' });
    const card = screen.getByRole('article');
    expect(card.textContent).toContain('GH₵1.200/');
    expect(card.textContent).toContain('GH₵15.000');
    expect(card.textContent).not.toMatch(/1200/);
  });
});
