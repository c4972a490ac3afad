import { numberFormat } from './number-format';

/** Rents: currencies, periods and the one price format of the product (spec, section 9). */
export const currencies = ['GH₵', '$'] as const;
export type Currency = (typeof currencies)[number];

/** Periods a listing is priced per (the listing form's values). */
export const pricingPeriods = ['week', 'month', 'year'] as const;
export type PricingPeriod = (typeof pricingPeriods)[number];
export const DEFAULT_PRICING_PERIOD: PricingPeriod = 'month';

/** The search filter's plural periods mapped to the listing's. */
export const searchPeriodToPricing = { weeks: 'week', months: 'month', years: 'year' } as const;

/**
 * Cedis per US dollar for comparing rents across currencies until an administrator sets one
 * (issue 20: the admin panel's Settings tab, `exchange_rates`). It is a reviewed number, not
 * a live feed: search needs a stable order, and renters compare within one currency far more
 * than across.
 */
export const DEFAULT_GHS_PER_USD = 15;
/** The rate an administrator may set: above 0, at most this, to four decimals. */
export const MAX_GHS_PER_USD = 1000;

/** GET /api/exchange-rate: the rate in use and when it was set (ISO). */
export type ExchangeRate = { ghsPerUsd: number; setAt: string };

const monthsPer: Record<PricingPeriod, number> = { week: 12 / 52, month: 1, year: 12 };

/** An amount in cedis: dollars at the rate, cedis as they are. */
export function toGhs(amount: number, currency: Currency, ghsPerUsd: number): number {
  return currency === '$' ? amount * ghsPerUsd : amount;
}

/** A rent as a monthly amount in cedis: the common scale of filters and sorting. */
export function monthlyGhs(
  amount: number,
  currency: Currency,
  period: PricingPeriod,
  ghsPerUsd: number,
): number {
  return toGhs(amount / monthsPer[period], currency, ghsPerUsd);
}

/** A currency and a pricing period: what a rent is counted in. */
export type RentUnit = { currency: Currency; period: PricingPeriod };

/**
 * What a list of rents is compared in when it mixes currencies or periods (issue 34, decision
 * 026): the search's currency and period filters when given, else cedis per month, the scale
 * the price sort uses (monthly_price_ghs).
 */
export const DEFAULT_RENT_UNIT: RentUnit = { currency: 'GH₵', period: 'month' };

/** A rent in another unit at the rate: through monthlyGhs, the scale filters and sorts use. */
export function convertRent(amount: number, from: RentUnit, to: RentUnit, ghsPerUsd: number) {
  const monthly = monthlyGhs(amount, from.currency, from.period, ghsPerUsd);
  return (monthly * monthsPer[to.period]) / (to.currency === '$' ? ghsPerUsd : 1);
}

/** "GH₵2,500" (the period is added by the caller in the reader's language). */
export function formatMoney(amount: number, currency: Currency, locale = 'en'): string {
  return `${currency}${numberFormat(locale, Number.isInteger(amount) ? 0 : 2).format(amount)}`;
}
