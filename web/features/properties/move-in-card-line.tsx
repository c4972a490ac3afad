import { useTranslation } from 'react-i18next';
import { formatMoney } from '#common/money';
import type { Property } from '#common/properties';

/**
 * "Move in: GH₵7,500" under a rent: the advance or first rent payment, deposit and fee in whole
 * units (decision 026). Only an empty figure (a listing read from an older cache) shows nothing.
 */
export function MoveInLine({
  property: { moveInCost, currency },
  className,
}: {
  property: Pick<Property, 'moveInCost' | 'currency'>;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!(moveInCost.total > 0)) return null;
  const amount = formatMoney(moveInCost.total, currency, i18n.language);
  return <p className={className}>{t('moveIn.cardLine', { amount })}</p>;
}
