import { Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RESPONSE_SIGNALS_MIN_CONVERSATIONS } from '#common/conversations';
import { StatCard } from '../../components/ui/stat-card';
import { formatResponseMinutes, useOwnResponseTime } from '../conversations';

/**
 * The Analytics tab's Response Time (issue 37): the lister's median time to a first reply over
 * the last 90 days, the share answered within a day, and whether renters see it yet (listings
 * show it from the third conversation).
 */
export function ResponseTimeCard() {
  const { t, i18n } = useTranslation();
  const own = useOwnResponseTime();
  const label = t('dashboard.host.responseTime');
  if (!own.isSuccess) {
    // Loading, or it failed: a dash rather than a figure that is not known.
    return (
      <StatCard
        icon={<Timer aria-hidden />}
        label={label}
        value={own.isPending ? undefined : <Dash />}
      />
    );
  }
  const { responseTime, shownOnListings } = own.data;
  if (!responseTime) {
    return (
      <StatCard
        icon={<Timer aria-hidden />}
        label={label}
        value={<Dash />}
        note={t('responseTime.none')}
      />
    );
  }
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
    responseTime.replyRate,
  );
  const notes = [
    responseTime.medianMinutes === null
      ? t('responseTime.unanswered', { count: responseTime.conversations })
      : t('responseTime.rate', { percent, count: responseTime.conversations }),
    ...(shownOnListings
      ? []
      : [t('responseTime.notShown', { count: RESPONSE_SIGNALS_MIN_CONVERSATIONS })]),
  ];
  return (
    <StatCard
      icon={<Timer aria-hidden />}
      label={label}
      value={
        responseTime.medianMinutes === null ? (
          <Dash />
        ) : (
          formatResponseMinutes(responseTime.medianMinutes, i18n.language)
        )
      }
      note={notes.join(' · ')}
    />
  );
}

function Dash() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{t('dashboard.host.notMeasured')}</span>
    </>
  );
}
