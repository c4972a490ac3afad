import { useTranslation } from 'react-i18next';
import { analyticsTimeframes, type AnalyticsTimeframe } from '#common/analytics';
import { ChoiceButtons } from '../../components/ui/choice-buttons';

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
    <ChoiceButtons
      label={t('analytics.timeframe')}
      options={analyticsTimeframes}
      value={value}
      onChange={onChange}
    >
      {(days) => t('analytics.days', { count: days })}
    </ChoiceButtons>
  );
}
