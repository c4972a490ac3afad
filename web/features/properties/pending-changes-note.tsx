import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Property } from '#common/properties';
import { cn } from '../../lib/utils';

/**
 * "Changes waiting for review" (issue 34): the fields of an approved listing its owner changed
 * and an administrator has yet to approve. Renters see the approved listing meanwhile, so the
 * owner is told both what waits and that nothing went offline.
 */
export function PendingChangesNote({
  property,
  className,
}: {
  property: Pick<Property, 'pendingChanges'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const pending = property.pendingChanges;
  if (!pending) return null;
  const fields = pending.fields.map((field) => t(`listingForm.pendingChanges.fields.${field}`));
  return (
    <div
      role="note"
      className={cn(
        'flex items-start gap-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950',
        className,
      )}
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-sky-700" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{t('listingForm.pendingChanges.title')}</p>
        <p>{t('listingForm.pendingChanges.fieldList', { fields: fields.join(', ') })}</p>
        <p className="text-sky-800">{t('listingForm.pendingChanges.stillLive')}</p>
      </div>
    </div>
  );
}
