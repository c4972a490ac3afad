import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../lib/connection';
import { formatDateTime } from '../../lib/dates';

/**
 * Says, at the top of every page, that the app is offline: what shows was kept from an earlier
 * visit (and when), and forms cannot be sent until the connection is back (issue 22).
 */
export function OfflineNotice() {
  const { t, i18n } = useTranslation();
  const { offline, savedAt } = useConnection();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>{t('offline.title')}</strong>{' '}
        {savedAt
          ? t('offline.keptSince', { time: formatDateTime(savedAt, i18n.language) })
          : t('offline.kept')}{' '}
        {t('offline.formsWait')}
      </p>
    </div>
  );
}
