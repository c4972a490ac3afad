import type { PricingPeriod } from './money';

/**
 * What it costs to move in (issue 20): in Ghana a landlord asks months or years of rent in
 * advance, an agent takes a fee, and there may be a deposit, so the monthly rent is not what a
 * renter pays first. Plain values and one pure function, without Zod: cards and the listing
 * page (the first chunk) use them; common/listings.ts holds the schemas.
 */

export const MAX_ADVANCE_MONTHS = 36;
/** The Rent Act, 1963 (Act 220), section 25: no more than six months' rent in advance. */
export const RENT_ACT_MAX_ADVANCE_MONTHS = 6;
export const MIN_LEASE_MONTHS_RANGE = { min: 1, max: 60 } as const;
/** An agent fee in months of rent, or in percent, is at most this. */
export const MAX_FEE_MONTHS = 12;
export const MAX_FEE_PERCENT = 100;

export const agentFeeKinds = ['none', 'percent', 'months', 'fixed'] as const;
export type AgentFeeKind = (typeof agentFeeKinds)[number];
export const agentFeePayers = ['tenant', 'landlord', 'shared'] as const;
export type AgentFeePayer = (typeof agentFeePayers)[number];
export const furnishings = ['unfurnished', 'semi', 'furnished'] as const;
export type Furnishing = (typeof furnishings)[number];
export const utilities = ['water', 'electricity', 'internet', 'gas', 'refuse', 'security'] as const;
export type Utility = (typeof utilities)[number];

export type AgentFee = { kind: AgentFeeKind; value: number; payer: AgentFeePayer };
export const NO_AGENT_FEE: AgentFee = { kind: 'none', value: 0, payer: 'tenant' };

/** The parts of a listing the move-in cost depends on. */
export type MoveInTerms = {
  price: number;
  pricingPeriod: PricingPeriod;
  advanceMonths: number;
  depositAmount: number;
  agentFee: AgentFee;
};

/**
 * In the listing's currency, each part in whole cedis or dollars (decision 026): `firstRent` is
 * the first rent payment when no advance is asked (a week of a weekly rent, a month of a monthly
 * or yearly one), 0 otherwise; `total` is the sum of the parts as shown.
 */
export type MoveInCost = {
  advance: number;
  firstRent: number;
  deposit: number;
  agentFee: number;
  total: number;
};

// Rent for one month as a fraction of the rent per period: 52 weeks make 12 months.
const monthOf: Record<PricingPeriod, { times: bigint; per: bigint }> = {
  week: { times: 52n, per: 12n },
  month: { times: 1n, per: 1n },
  year: { times: 1n, per: 12n },
};

/** Amounts with at most two decimals as whole cents (numbers, as the database keeps them). */
const cents = (amount: number): bigint => BigInt(Math.round(amount * 100));
/** a / b rounded to the nearest whole, halves up (the database's round() on positives). */
const divide = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);
/** Cents to whole units, halves up: what renters are shown (decision 026). */
const whole = (value: bigint): number => Number(divide(value, 100n));

/**
 * The move-in cost: the advance (advanceMonths of rent, a weekly or yearly rent converted
 * exactly) or, when no advance is asked, the first rent payment (decision 026: a week of a
 * weekly rent, a month of a monthly or yearly one), the deposit, and the tenant's share of the
 * agent fee (percent: of the advance, or of one month's rent when there is none; months: of
 * rent; fixed: the amount; shared: half). Each part is counted in exact whole cents, then
 * rounded once to whole units (halves up), and the total is the sum of those, so the parts a
 * renter reads add up to the total; the database's copy (`listing_move_in_total`, migrations
 * 0023 and 0032) gives the same figure.
 */
export function moveInCost(terms: MoveInTerms): MoveInCost {
  const rent = cents(terms.price);
  const { times, per } = monthOf[terms.pricingPeriod];
  const months = BigInt(terms.advanceMonths);
  const advance = divide(rent * times * months, per);
  const firstRent = months > 0n ? 0n : terms.pricingPeriod === 'year' ? divide(rent, 12n) : rent;
  const deposit = cents(terms.depositAmount);
  const fee = agentFeeCents(terms, rent, advance);
  const parts = {
    advance: whole(advance),
    firstRent: whole(firstRent),
    deposit: whole(deposit),
    agentFee: whole(fee),
  };
  return {
    ...parts,
    total: parts.advance + parts.firstRent + parts.deposit + parts.agentFee,
  };
}

function agentFeeCents(terms: MoveInTerms, rent: bigint, advance: bigint): bigint {
  const { kind, payer } = terms.agentFee;
  if (payer === 'landlord' || kind === 'none') return 0n;
  const { times, per } = monthOf[terms.pricingPeriod];
  // The value in hundredths: 7.5 % is 750, 1.5 months 150.
  const value = cents(terms.agentFee.value);
  let whole: bigint;
  if (kind === 'fixed') whole = value;
  else if (kind === 'months') whole = divide(rent * times * value, per * 100n);
  else if (advance > 0n) whole = divide(advance * value, 10_000n);
  else whole = divide(rent * times * value, per * 10_000n);
  return payer === 'shared' ? divide(whole, 2n) : whole;
}

/** Whether the advance asked is more than the Rent Act allows. */
export const advanceOverLegalCap = (advanceMonths: number) =>
  advanceMonths > RENT_ACT_MAX_ADVANCE_MONTHS;
