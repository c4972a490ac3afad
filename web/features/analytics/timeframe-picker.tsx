import { useTranslation } from 'react-i18next';
import { analyticsTimeframes, type AnalyticsTimeframe } from '#common/analytics';
import { Button } from '../../components/ui/button';

/** The spec's 7 / 30 / 90 days buttons; the chosen one is pressed. */
export function TimeframePicker({
  value,
  onChange,
}: {
  value: AnalyticsTimeframe;
  onChange: (days: AnalyticsTimeframe) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('analytics.timeframe')} className="flex gap-2">
      {analyticsTimeframes.map((days) => (
        <Button
          key={days}
          type="button"
          size="sm"
          variant={days === value ? 'default' : 'outline'}
          aria-pressed={days === value}
          onClick={() => onChange(days)}
        >
          {t('analytics.days', { count: days })}
        </Button>
      ))}
    </div>
  );
}
