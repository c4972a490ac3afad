import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import { distanceMeters } from '#common/geo';
import type { ListingChanges } from '#common/listing-changes';
import { formatMoney, type Currency, type PricingPeriod } from '#common/money';
import type { AgentFeeKind } from '#common/move-in';
import { numberFormat } from '#common/number-format';
import { formatDate } from '../../lib/dates';
import { distanceText } from './approval-place';

/**
 * What changed since an administrator last approved the listing (issue 19): each changed field
 * before → after, and photos added or removed, so a raised price or a "viewing fee" slipped into
 * the description cannot hide in a long listing. A listing never approved says it is new.
 */
export function ApprovalChanges({ property }: { property: AdminProperty }) {
  const { t, i18n } = useTranslation();
  const changes = property.changesSinceApproval;
  const headingId = `changes-${property.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold [&_svg]:size-4">
        <History aria-hidden />
        {!changes
          ? t('admin.approval.changes.new')
          : changes.approvedAt
            ? t('admin.approval.changes.title', {
                date: formatDate(changes.approvedAt, i18n.language),
              })
            : t('admin.approval.changes.titleUndated')}
      </h3>
      {changes ? <ChangeList changes={changes} property={property} /> : null}
    </section>
  );
}

/**
 * The terms an amount of a side (before, after) is stated in: its currency, rent period and
 * agent fee kind, as they were or would be.
 */
type Side = { currency: Currency; pricingPeriod: PricingPeriod; agentFeeKind: AgentFeeKind };

function sidesOf(changes: ListingChanges, property: AdminProperty): [Side, Side] {
  const approved: Side = {
    currency: property.currency,
    pricingPeriod: property.pricingPeriod,
    agentFeeKind: property.agentFee.kind,
  };
  // A listing sent back before issue 34 holds the new values itself: they are the after side.
  const after = { ...approved };
  const before = { ...approved };
  const side = property.pendingChanges ? after : before;
  for (const change of changes.fields) {
    const value = property.pendingChanges ? change.after : change.before;
    if (change.field === 'currency') side.currency = value as Currency;
    if (change.field === 'pricingPeriod') side.pricingPeriod = value as PricingPeriod;
    if (change.field === 'agentFeeKind') side.agentFeeKind = value as AgentFeeKind;
  }
  return [before, after];
}

function ChangeList({ changes, property }: { changes: ListingChanges; property: AdminProperty }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [before, after] = sidesOf(changes, property);
  /** Amounts as money in their side's currency (the rent with its period); fees by kind. */
  const plain = (value: number) =>
    numberFormat(language, Number.isInteger(value) ? 0 : 2).format(value);
  const amount = (field: string, value: number, side: Side) => {
    const money = formatMoney(value, side.currency, language);
    if (field === 'price') return `${money}/${t(`pricePeriod.${side.pricingPeriod}`)}`;
    if (field === 'depositAmount') return money;
    if (field === 'agentFeeValue') {
      if (side.agentFeeKind === 'fixed') return money;
      if (side.agentFeeKind === 'percent') {
        return t('moveIn.feePercent', { value: plain(value) });
      }
      if (side.agentFeeKind === 'months') {
        return t('moveIn.feeMonths', {
          count: value,
          months: plain(value),
        });
      }
    }
    if (field === 'advanceMonths') return t('moveIn.advance', { count: value });
    if (field === 'minLeaseMonths') return t('moveIn.minLeaseMonths', { count: value });
    return plain(value);
  };
  const shown = (field: string, value: string | number | string[] | null, side: Side) => {
    if (field === 'availableFrom' && value === null) return t('moveIn.availableNow');
    if (field === 'minLeaseMonths' && value === null) return t('moveIn.noMinLease');
    if (value === null || value === '') return t('admin.approval.changes.empty');
    if (typeof value === 'number') return amount(field, value, side);
    if (Array.isArray(value)) {
      const names = value.map((utility) =>
        t(`moveIn.utility.${utility}`, { defaultValue: utility }),
      );
      return names.join(', ') || t('admin.approval.changes.empty');
    }
    if (field === 'propertyType')
      return t(`propertyType.${value}`, { defaultValue: String(value) });
    if (field === 'category') return t(`category.${value}`, { defaultValue: String(value) });
    if (field === 'furnished')
      return t(`moveIn.furnishing.${value}`, { defaultValue: String(value) });
    if (field === 'availableFrom') return formatDate(String(value), i18n.language);
    if (field === 'pricingPeriod')
      return t(`listingForm.periods.${value}`, { defaultValue: value });
    if (field === 'agentFeeKind') return t(`moveInForm.feeKinds.${value}`, { defaultValue: value });
    if (field === 'agentFeePayer') return t(`moveInForm.payers.${value}`, { defaultValue: value });
    return String(value);
  };
  const photoLines = [
    changes.photosAdded.length > 0
      ? t('admin.approval.changes.photosAdded', { count: changes.photosAdded.length })
      : null,
    changes.photosRemoved.length > 0
      ? t('admin.approval.changes.photosRemoved', { count: changes.photosRemoved.length })
      : null,
  ].filter((line) => line !== null);
  if (changes.fields.length === 0 && photoLines.length === 0) {
    return <p className="mt-1">{t('admin.approval.changes.none')}</p>;
  }
  // A moved pin (issue 51) is one line, how far it moved; the card's map shows both points.
  const point = (side: 'before' | 'after') => {
    const [latitude, longitude] = (['latitude', 'longitude'] as const).map(
      (field) => changes.fields.find((change) => change.field === field)?.[side],
    );
    return typeof latitude === 'number' && typeof longitude === 'number'
      ? { latitude, longitude }
      : null;
  };
  const [from, to] = [point('before'), point('after')];
  const moved = from && to ? distanceMeters(from, to) : null;
  const fields = changes.fields.filter(
    (change) => change.field !== 'latitude' && change.field !== 'longitude',
  );
  return (
    <ul className="mt-2 grid gap-1.5">
      {moved !== null ? (
        <li className="break-words font-medium">
          {t('admin.approval.changes.pinMoved', { distance: distanceText(t, language, moved) })}
        </li>
      ) : null}
      {fields.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">
            {t('admin.approval.changes.label', {
              field: t(`admin.approval.changes.fields.${change.field}`),
            })}
          </span>{' '}
          <del className="text-amber-800">{shown(change.field, change.before, before)}</del>
          {' → '}
          <ins className="font-medium no-underline">{shown(change.field, change.after, after)}</ins>
        </li>
      ))}
      {photoLines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
