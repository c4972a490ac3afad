import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAdminProperty } from '../../testing/admin';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { ApprovalTerms } from './approval-terms';

beforeAll(() => i18nReady);

/** Each term as "label: value", as a reader pairs them. */
function terms(property: Parameters<typeof ApprovalTerms>[0]['property']) {
  mockApi({});
  renderRoute(<ApprovalTerms property={property} />, { path: '/', url: '/' });
  const section = screen.getByRole('region', { name: 'Move-in terms' });
  const labels = within(section).getAllByRole('term');
  return labels.map((label) => `${label.textContent}: ${label.nextElementSibling?.textContent}`);
}

describe('approval card, move-in terms (issue 34)', () => {
  it('shows advance, deposit, agent fee and who pays, move-in date, minimum lease and furnishing, amounts as money', () => {
    expect(
      terms(
        makeAdminProperty({
          price: 2000,
          pricePerNight: 2000,
          currency: 'GH₵',
          pricingPeriod: 'month',
          advanceMonths: 6,
          depositAmount: 1500,
          agentFee: { kind: 'fixed', value: 300.5, payer: 'shared' },
          availableFrom: '2027-01-15',
          minLeaseMonths: 12,
          furnished: 'semi',
        }),
      ),
    ).toEqual([
      "Rent in advance: 6 months' rent in advance",
      'Deposit: GH₵1,500',
      'Agent fee: Agent fee (GH₵300.50, shared equally)',
      'Move-in date: Jan 15, 2027',
      'Minimum lease: 12 months',
      'Furnishing: Semi-furnished',
      // 12 000 advance, 1 500 deposit, half of 300.50 (150.25): whole cedis, as renters see it.
      'Total to move in: GH₵13,650',
    ]);
    expect(screen.queryByText(/above the Rent Act/)).toBeNull();
  });

  it('marks an advance above six months', () => {
    const lines = terms(makeAdminProperty({ advanceMonths: 12, currency: '$' }));
    expect(lines[0]).toBe(
      "Rent in advance: 12 months' rent in advanceMore than six months in advance: above the Rent Act's limit.",
    );
  });

  it('says None for an absent advance, deposit or fee', () => {
    const lines = terms(
      makeAdminProperty({
        advanceMonths: 2,
        depositAmount: 0,
        agentFee: { kind: 'none', value: 0, payer: 'tenant' },
      }),
    );
    expect(lines.slice(0, 3)).toEqual([
      "Rent in advance: 2 months' rent in advance",
      'Deposit: None',
      'Agent fee: None',
    ]);
  });
});
