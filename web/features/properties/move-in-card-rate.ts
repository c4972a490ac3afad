import type { ExchangeRate } from '#common/money';
import { numberFormat } from '#common/number-format';

/**
 * The exchange rate's words, for the move-in card and the search filters: "$1 = GH₵15.40" and
 * the day an administrator set it ("Nov 24", with the year when it is not this year).
 */
export function rateValues(rate: ExchangeRate, language: string): { rate: string; date: string } {
  const setAt = new Date(rate.setAt);
  const thisYear = setAt.getFullYear() === new Date().getFullYear();
  const date = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: thisYear ? undefined : 'numeric',
  }).format(setAt);
  return { rate: `$1 = GH₵${numberFormat(language, 2).format(rate.ghsPerUsd)}`, date };
}
