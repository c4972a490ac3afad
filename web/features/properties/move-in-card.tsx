import type { TFunction } from 'i18next';
import { Scale } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { advanceOverLegalCap, type AgentFee } from '#common/move-in';
import { formatMoney, toGhs } from '#common/money';
import { numberFormat } from '#common/number-format';
import type { Property } from '#common/properties';
import { cn } from '../../lib/utils';
import { useExchangeRate } from './api';
import { rateValues } from './move-in-card-rate';

type Terms = Pick<
  Property,
  | 'currency'
  | 'pricingPeriod'
  | 'advanceMonths'
  | 'depositAmount'
  | 'agentFee'
  | 'moveInCost'
  | 'availableFrom'
  | 'minLeaseMonths'
  | 'furnished'
  | 'utilitiesIncluded'
>;

/** 10, 7.5, 7.25: as many decimals as the number has, at most two. */
const plain = (value: number, language: string) =>
  numberFormat(language, Number.isInteger(value) ? 0 : Number.isInteger(value * 10) ? 1 : 2).format(
    value,
  );

/** Today as YYYY-MM-DD in the reader's time zone. */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/**
 * The listing page's "Move-in cost" (issue 20): what a renter pays before the first day (the
 * advance, or the first rent payment when none is asked, the deposit and their share of the
 * agent fee, and the total: whole units that add up, decision 026), the Rent Act's cap when
 * the advance is above it, then when and on what terms they can move in.
 */
export function MoveInCard({ property }: { property: Terms }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const { currency, advanceMonths, depositAmount, agentFee, moveInCost: cost } = property;
  const money = (amount: number) => formatMoney(amount, currency, language);
  const hasFee = agentFee.kind !== 'none' && agentFee.value > 0;
  const none = t('moveIn.none');
  const available =
    property.availableFrom && property.availableFrom > today()
      ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${property.availableFrom}T00:00:00Z`),
        )
      : t('moveIn.availableNow');

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border p-5">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('moveIn.title')}
      </h2>
      <>
        <dl className="mt-3 divide-y divide-border">
          {advanceMonths > 0 ? (
            <Row
              label={t('moveIn.advance', { count: advanceMonths })}
              value={money(cost.advance)}
            />
          ) : (
            <Row
              label={t(`moveIn.firstRent.${property.pricingPeriod}`)}
              value={money(cost.firstRent)}
            />
          )}
          <Row label={t('moveIn.deposit')} value={depositAmount > 0 ? money(cost.deposit) : none} />
          <Row
            label={
              hasFee
                ? t('moveIn.agentFee', {
                    fee: feeText(agentFee, money, language, t),
                    payer: t(`moveIn.payer.${agentFee.payer}`),
                  })
                : t('moveIn.agentFeeLabel')
            }
            value={
              !hasFee ? (
                none
              ) : agentFee.payer === 'landlord' ? (
                t('moveIn.youPayNothing')
              ) : (
                <>
                  {money(cost.agentFee)}
                  {agentFee.payer === 'shared' ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {t('moveIn.yourHalf')}
                    </span>
                  ) : null}
                </>
              )
            }
          />
          <Row total label={t('moveIn.total')} value={money(cost.total)} />
        </dl>
        {currency === '$' && cost.total > 0 ? <CediTotal total={cost.total} /> : null}
      </>

      {advanceOverLegalCap(advanceMonths) ? (
        <p
          role="note"
          className="mt-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <Scale className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('moveIn.rentAct', { months: advanceMonths })}
        </p>
      ) : null}

      <dl className="mt-4 grid gap-x-6 gap-y-3 border-t border-border pt-4 sm:grid-cols-2">
        <Term label={t('moveIn.moveInDate')} value={available} />
        <Term
          label={t('moveIn.minLease')}
          value={
            property.minLeaseMonths
              ? t('moveIn.minLeaseMonths', { count: property.minLeaseMonths })
              : t('moveIn.noMinLease')
          }
        />
        <Term label={t('moveIn.furnished')} value={t(`moveIn.furnishing.${property.furnished}`)} />
        <Term
          label={t('moveIn.utilities')}
          value={
            property.utilitiesIncluded.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {property.utilitiesIncluded.map((utility) => (
                  <li key={utility} className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
                    {t(`moveIn.utility.${utility}`)}
                  </li>
                ))}
              </ul>
            ) : (
              none
            )
          }
        />
      </dl>
    </section>
  );
}

/** "10 %", "2 months' rent", "GH₵500". */
export function feeText(
  fee: AgentFee,
  money: (amount: number) => string,
  language: string,
  t: TFunction,
): string {
  if (fee.kind === 'percent') return t('moveIn.feePercent', { value: plain(fee.value, language) });
  if (fee.kind === 'months') {
    return t('moveIn.feeMonths', { count: fee.value, months: plain(fee.value, language) });
  }
  return money(fee.value);
}

/** A dollar listing's total in cedis, at the rate search compares with, and that rate. */
function CediTotal({ total }: { total: number }) {
  const { t, i18n } = useTranslation();
  const { data: rate } = useExchangeRate();
  if (!rate) return null;
  const cedis = formatMoney(Math.round(toGhs(total, '$', rate.ghsPerUsd)), 'GH₵', i18n.language);
  return (
    <p className="mt-1 text-right text-sm text-muted-foreground">
      <span className="font-semibold text-zinc-900">{t('moveIn.inCedis', { amount: cedis })}</span>{' '}
      ({t('moveIn.rate', rateValues(rate, i18n.language))})
    </p>
  );
}

function Row({ label, value, total }: { label: string; value: ReactNode; total?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4 py-2', total && 'font-bold text-zinc-900')}>
      <dt className={total ? undefined : 'text-zinc-700'}>{label}</dt>
      <dd className={cn('text-right tabular-nums', !total && 'font-medium')}>{value}</dd>
    </div>
  );
}

function Term({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
