import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import type { ListingChanges } from '#common/listing-changes';
import { numberFormat } from '#common/number-format';
import { formatDate } from '../../lib/dates';

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
      {changes ? <ChangeList changes={changes} /> : null}
    </section>
  );
}

function ChangeList({ changes }: { changes: ListingChanges }) {
  const { t, i18n } = useTranslation();
  const shown = (field: string, value: string | number | string[] | null) => {
    if (value === null || value === '') return t('admin.approval.changes.empty');
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
    // Without a currency sign: when the currency changed too, it is a line of its own.
    if (typeof value === 'number') return numberFormat(i18n.language, 2).format(value);
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
  return (
    <ul className="mt-2 grid gap-1.5">
      {changes.fields.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">
            {t('admin.approval.changes.label', {
              field: t(`admin.approval.changes.fields.${change.field}`),
            })}
          </span>{' '}
          <del className="text-amber-800">{shown(change.field, change.before)}</del>
          {' → '}
          <ins className="font-medium no-underline">{shown(change.field, change.after)}</ins>
        </li>
      ))}
      {photoLines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
