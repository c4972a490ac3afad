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
 * Cedis per US dollar for comparing rents across currencies. It is a fixed, reviewed number,
 * not a live rate: search needs a stable order, and renters compare within one currency far
 * more than across. Changing it needs a migration (the database's monthly_price_usd uses it).
 */
export const GHS_PER_USD = 15;

const monthsPer: Record<PricingPeriod, number> = { week: 12 / 52, month: 1, year: 12 };

/** A rent as a monthly amount in US dollars: the common scale of filters and sorting. */
export function monthlyUsd(amount: number, currency: Currency, period: PricingPeriod): number {
  const perMonth = amount / monthsPer[period];
  return currency === 'GH₵' ? perMonth / GHS_PER_USD : perMonth;
}

/** "GH₵2,500" (the period is added by the caller in the reader's language). */
export function formatMoney(amount: number, currency: Currency, locale = 'en'): string {
  return `${currency}${numberFormat(locale, Number.isInteger(amount) ? 0 : 2).format(amount)}`;
}
