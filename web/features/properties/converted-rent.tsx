import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { convertRent, formatMoney, type RentUnit } from '#common/money';
import type { Property } from '#common/properties';
import { useExchangeRate } from './api';

type Rent = Pick<Property, 'pricePerNight' | 'currency' | 'pricingPeriod'>;

const unitOf = (rent: Rent): RentUnit => ({ currency: rent.currency, period: rent.pricingPeriod });
const sameUnit = (a: RentUnit, b: RentUnit) => a.currency === b.currency && a.period === b.period;

/**
 * The unit a list's cards compare their rents in, or undefined when every card is already in
 * one currency and period (issue 34, decision 026): then the prices read right by themselves.
 */
export function compareUnitOf(rents: readonly Rent[], unit: RentUnit): RentUnit | undefined {
  const [first] = rents;
  if (!first) return undefined;
  return rents.some((rent) => !sameUnit(unitOf(rent), unitOf(first))) ? unit : undefined;
}

/**
 * "≈ GH₵18,560/month" under a card's own price when its list mixes currencies or periods and
 * its rent is in another unit than the list's: converted at the administrator's rate with the
 * helper the server's price sort uses, so the order of the list reads right. Nothing until the
 * rate is known (the first pages read it on the server, so their HTML and hydration agree).
 */
export function ConvertedRent({
  property,
  unit,
  className,
}: {
  property: Rent;
  unit: RentUnit | undefined;
  className?: string;
}) {
  const shown = unit !== undefined && !sameUnit(unitOf(property), unit);
  const { t, i18n } = useTranslation();
  const { data: rate } = useExchangeRate({ enabled: shown });
  const text = convertedRentText(property, unit, rate?.ghsPerUsd, t, i18n.language);
  return text ? <p className={className}>{text}</p> : null;
}

/**
 * The converted rent as text ("≈ GH₵18,560/month"), or null when the rent is in the unit
 * already, no unit is set (the list does not mix) or the rate is not known yet. The cards and
 * the map's markers say the same (issue 51).
 */
export function convertedRentText(
  property: Rent,
  unit: RentUnit | undefined,
  ghsPerUsd: number | undefined,
  t: TFunction,
  language: string,
): string | null {
  if (unit === undefined || sameUnit(unitOf(property), unit) || ghsPerUsd === undefined)
    return null;
  const amount = Math.round(convertRent(property.pricePerNight, unitOf(property), unit, ghsPerUsd));
  return t('property.convertedRent', {
    amount: formatMoney(amount, unit.currency, language),
    period: t(`pricePeriod.${unit.period}`),
  });
}
