import type { TFunction } from 'i18next';
import { formatMoney } from '#common/money';
import { numberFormat } from '#common/number-format';
import type { Property } from '#common/properties';

/** The spec's price display: currency symbol, amount, slash, period ("GH₵2,500/month"). */
export function priceParts(
  property: Pick<Property, 'pricePerNight' | 'currency' | 'pricingPeriod'>,
  t: TFunction,
  language: string,
): { amount: string; period: string; text: string } {
  const amount = formatMoney(property.pricePerNight, property.currency, language);
  const period = t(`pricePeriod.${property.pricingPeriod}`);
  return { amount, period, text: `${amount}/${period}` };
}

/** A rating with one decimal in the reader's language ("4.5", "4,5"). */
export function formatRating(rating: number, language: string): string {
  return numberFormat(language, 1).format(rating);
}

/** Ratings are shown only above 0 (spec). */
export const hasRating = (property: Pick<Property, 'averageRating'>) => property.averageRating > 0;

export function placeText(property: Pick<Property, 'city' | 'country' | 'locationText'>): string {
  const parts = [property.city, property.country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : property.locationText;
}
