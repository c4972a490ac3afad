import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Viewings booked on Abode are free" (issue 38): the scam this market knows best is the
 * viewing fee, so every place a viewing is booked or shown says it.
 */
export function FreeViewingNote() {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
      <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('viewings.free')}
    </p>
  );
}
