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
  if (!shown || !rate) return null;
  const amount = Math.round(
    convertRent(property.pricePerNight, unitOf(property), unit, rate.ghsPerUsd),
  );
  return (
    <p className={className}>
      {t('property.convertedRent', {
        amount: formatMoney(amount, unit.currency, i18n.language),
        period: t(`pricePeriod.${unit.period}`),
      })}
    </p>
  );
}
