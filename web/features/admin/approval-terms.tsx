import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import { formatMoney } from '#common/money';
import { advanceOverLegalCap, moveInCost } from '#common/move-in';
import { formatDate } from '../../lib/dates';
import { feeText } from '../properties';

/**
 * The move-in terms of the listing as it would be approved (issue 34): what a tenant pays
 * before moving in (advance, deposit, agent fee and who pays it) and when and how they may
 * move in, amounts in the listing's currency without needless decimals. An advance above the
 * Rent Act's six months is marked: the administrator decides whether to ask for less.
 */
export function ApprovalTerms({ property }: { property: AdminProperty }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, property.currency, language);
  const headingId = `terms-${property.id}`;
  const fee = property.agentFee;
  const overCap = advanceOverLegalCap(property.advanceMonths);
  const rows = [
    {
      label: t('moveIn.advanceLabel'),
      value:
        property.advanceMonths > 0
          ? t('moveIn.advance', { count: property.advanceMonths })
          : t('moveIn.none'),
      warn: overCap,
    },
    {
      label: t('moveIn.deposit'),
      value: property.depositAmount > 0 ? money(property.depositAmount) : t('moveIn.none'),
    },
    {
      label: t('moveIn.agentFeeLabel'),
      value:
        fee.kind === 'none'
          ? t('moveIn.none')
          : t('moveIn.agentFee', {
              fee: feeText(fee, money, language, t),
              payer: t(`moveIn.payer.${fee.payer}`),
            }),
    },
    {
      label: t('moveIn.moveInDate'),
      value: property.availableFrom
        ? formatDate(property.availableFrom, language)
        : t('moveIn.availableNow'),
    },
    {
      label: t('moveIn.minLease'),
      value: property.minLeaseMonths
        ? t('moveIn.minLeaseMonths', { count: property.minLeaseMonths })
        : t('moveIn.noMinLease'),
    },
    { label: t('moveIn.furnished'), value: t(`moveIn.furnishing.${property.furnished}`) },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {t('admin.approval.terms')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className={row.warn ? 'font-semibold text-red-800' : 'text-zinc-900'}>
              {row.value}
              {row.warn ? (
                <span className="mt-1 flex items-start gap-1.5 font-normal">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {t('admin.approval.advanceOverCap')}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
        <div className="contents">
          <dt className="text-muted-foreground">{t('moveIn.total')}</dt>
          <dd className="font-semibold text-zinc-900">{money(moveInCost(property).total)}</dd>
        </div>
      </dl>
    </section>
  );
}
