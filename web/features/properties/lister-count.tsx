import { useTranslation } from 'react-i18next';
import { LISTERS_SHOWN_AS_PLUS } from '#common/listing-rules';
import { Skeleton } from '../../components/ui/skeleton';
import { useMarketplaceStats } from './api';

/**
 * The landing page's "Landlords and agents" figure (issue 50): how many listers have a live
 * listing now, as the server counts them, and "500+" only from 500 on. A dash when it could
 * not be read: never a number nobody counted.
 */
export default function ListerCount() {
  const { t, i18n } = useTranslation();
  const stats = useMarketplaceStats();
  if (stats.isPending) return <Skeleton className="mx-auto h-9 w-16" />;
  if (!stats.isSuccess) {
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">{t('dashboard.host.notMeasured')}</span>
      </>
    );
  }
  const { listers } = stats.data;
  return listers >= LISTERS_SHOWN_AS_PLUS
    ? `${new Intl.NumberFormat(i18n.language).format(LISTERS_SHOWN_AS_PLUS)}+`
    : new Intl.NumberFormat(i18n.language).format(listers);
}
