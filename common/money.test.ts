import { describe, expect, it } from 'vitest';
import { convertRent, DEFAULT_RENT_UNIT, monthlyGhs } from './money';

describe('convertRent', () => {
  it('is the monthly cedi figure the price sort uses, in cedis per month', () => {
    const dollarsPerWeek = { currency: '$', period: 'week' } as const;
    expect(convertRent(100, dollarsPerWeek, DEFAULT_RENT_UNIT, 15.4)).toBe(
      monthlyGhs(100, '$', 'week', 15.4),
    );
    expect(convertRent(1200, { currency: '$', period: 'month' }, DEFAULT_RENT_UNIT, 15.4)).toBe(
      18_480,
    );
    expect(convertRent(24_000, { currency: 'GH₵', period: 'year' }, DEFAULT_RENT_UNIT, 15)).toBe(
      2000,
    );
  });

  it('converts into dollars and other periods too (a search in $ per week)', () => {
    const target = { currency: '$', period: 'week' } as const;
    // GH₵1,560 a month is GH₵360 a week (52 weeks make 12 months), $24 at 15.
    expect(convertRent(1560, DEFAULT_RENT_UNIT, target, 15)).toBeCloseTo(24, 9);
    expect(convertRent(24, target, target, 15)).toBeCloseTo(24, 9);
  });
});
