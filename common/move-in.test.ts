import { describe, expect, it } from 'vitest';
import { toGhs } from './money';
import { advanceOverLegalCap, moveInCost, NO_AGENT_FEE, type MoveInTerms } from './move-in';

const terms = (overrides: Partial<MoveInTerms>): MoveInTerms => ({
  price: 2000,
  pricingPeriod: 'month',
  advanceMonths: 0,
  depositAmount: 0,
  agentFee: NO_AGENT_FEE,
  ...overrides,
});

describe('moveInCost', () => {
  it('is the first rent payment when there is no advance, deposit or fee (never nothing)', () => {
    expect(moveInCost(terms({}))).toEqual({
      advance: 0,
      firstRent: 2000,
      deposit: 0,
      agentFee: 0,
      total: 2000,
    });
    // A weekly rent's first week; a yearly rent's first month (decision 026).
    expect(moveInCost(terms({ price: 450, pricingPeriod: 'week' })).total).toBe(450);
    expect(moveInCost(terms({ price: 24_000, pricingPeriod: 'year' })).total).toBe(2000);
    // The first rent is in the advance when there is one, not counted twice.
    expect(moveInCost(terms({ advanceMonths: 1 }))).toMatchObject({
      advance: 2000,
      firstRent: 0,
      total: 2000,
    });
  });

  it('shows whole units, each part rounded halves up, adding up to the total', () => {
    const cost = moveInCost(
      terms({
        price: 100.5,
        pricingPeriod: 'week',
        depositAmount: 10.5,
        agentFee: { kind: 'fixed', value: 20.49, payer: 'tenant' },
      }),
    );
    expect(cost).toEqual({ advance: 0, firstRent: 101, deposit: 11, agentFee: 20, total: 132 });
    const yearly = moveInCost(terms({ price: 10_000, pricingPeriod: 'year', depositAmount: 0.4 }));
    expect(yearly).toEqual({ advance: 0, firstRent: 833, deposit: 0, agentFee: 0, total: 833 });
  });

  it.each([
    ['month', 2000, 12, 24_000],
    // 52 weeks make 12 months: a year of a weekly rent is 52 of it, not 51.99…
    ['week', 100, 12, 5200],
    ['week', 123.45, 12, 6419],
    ['week', 100, 1, 433],
    ['year', 24_000, 6, 12_000],
    ['year', 10_000, 1, 833],
  ] as const)(
    'converts a %s rent of %d to %d months in advance, in whole units',
    (period, price, months, advance) => {
      const cost = moveInCost(terms({ price, pricingPeriod: period, advanceMonths: months }));
      expect(cost.advance).toBe(advance);
      expect(cost.total).toBe(advance);
    },
  );

  it('adds the deposit', () => {
    const cost = moveInCost(terms({ advanceMonths: 6, depositAmount: 1300.5 }));
    expect(cost).toEqual({
      advance: 12_000,
      firstRent: 0,
      deposit: 1301,
      agentFee: 0,
      total: 13_301,
    });
  });

  describe('the agent fee', () => {
    const fee = (kind: 'percent' | 'months' | 'fixed', value: number, payer = 'tenant' as const) =>
      ({ kind, value, payer }) as MoveInTerms['agentFee'];

    it('in percent is of the advance', () => {
      const cost = moveInCost(terms({ advanceMonths: 12, agentFee: fee('percent', 10) }));
      expect(cost).toEqual({
        advance: 24_000,
        firstRent: 0,
        deposit: 0,
        agentFee: 2400,
        total: 26_400,
      });
    });

    it('in percent is of one month’s rent when there is no advance (any period)', () => {
      expect(moveInCost(terms({ agentFee: fee('percent', 10) })).agentFee).toBe(200);
      const weekly = terms({ price: 100, pricingPeriod: 'week', agentFee: fee('percent', 10) });
      expect(moveInCost(weekly).agentFee).toBe(43);
      const yearly = terms({ price: 24_000, pricingPeriod: 'year', agentFee: fee('percent', 7.5) });
      expect(moveInCost(yearly).agentFee).toBe(150);
    });

    it('in months is that many months of rent', () => {
      expect(moveInCost(terms({ agentFee: fee('months', 1) })).agentFee).toBe(2000);
      const weekly = terms({ price: 100, pricingPeriod: 'week', agentFee: fee('months', 1.5) });
      expect(moveInCost(weekly).agentFee).toBe(650);
      const yearly = terms({ price: 24_000, pricingPeriod: 'year', agentFee: fee('months', 1) });
      expect(moveInCost(yearly).agentFee).toBe(2000);
    });

    it('fixed is the amount', () => {
      expect(moveInCost(terms({ agentFee: fee('fixed', 500) })).agentFee).toBe(500);
    });

    it('is nothing to the tenant when the landlord pays it, half when shared', () => {
      const landlord = { ...fee('months', 1), payer: 'landlord' as const };
      const shared = { ...fee('months', 1), payer: 'shared' as const };
      expect(moveInCost(terms({ advanceMonths: 12, agentFee: landlord }))).toEqual({
        advance: 24_000,
        firstRent: 0,
        deposit: 0,
        agentFee: 0,
        total: 24_000,
      });
      expect(moveInCost(terms({ agentFee: shared })).agentFee).toBe(1000);
      // Half a unit goes up, as the database's round() does.
      const odd = { ...fee('fixed', 1), payer: 'shared' as const };
      expect(moveInCost(terms({ agentFee: odd })).agentFee).toBe(1);
    });

    it('of kind none is nothing whatever its value', () => {
      const none = { kind: 'none' as const, value: 10, payer: 'tenant' as const };
      expect(moveInCost(terms({ agentFee: none })).agentFee).toBe(0);
    });
  });

  it('keeps amounts in the listing’s currency, dollars or cedis; cedis at the rate', () => {
    const dollars = moveInCost(terms({ price: 100, advanceMonths: 12 }));
    expect(dollars.total).toBe(1200);
    expect(toGhs(dollars.total, '$', 15.4)).toBeCloseTo(18_480, 6);
    expect(toGhs(dollars.total, 'GH₵', 15.4)).toBe(1200);
  });

  it('stays exact at the largest rents (no floating-point drift in the cents)', () => {
    const cost = moveInCost(
      terms({
        price: 99_999_999.99,
        pricingPeriod: 'week',
        advanceMonths: 36,
        agentFee: { kind: 'percent', value: 99.99, payer: 'shared' },
      }),
    );
    expect(cost.advance).toBe(15_599_999_998);
    expect(cost.total).toBe(cost.advance + cost.agentFee);
  });
});

describe('advanceOverLegalCap', () => {
  it('is true above the Rent Act’s six months', () => {
    expect(advanceOverLegalCap(6)).toBe(false);
    expect(advanceOverLegalCap(7)).toBe(true);
  });
});
