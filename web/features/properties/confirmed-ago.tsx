import { useTranslation } from 'react-i18next';
import { daysSinceConfirmed } from '#common/listing-rules';

/**
 * "Confirmed 3 days ago": when the owner last said the place is still available (issue 21).
 * On every card of the first pages, hence Zod-free listing-rules and no icon. Today and
 * yesterday are their own keys, as plural forms alone cannot say them in every language.
 */
export function ConfirmedAgo({
  confirmedAt,
  className,
}: {
  confirmedAt: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const days = daysSinceConfirmed(confirmedAt);
  const text =
    days === 0
      ? t('property.confirmedToday')
      : days === 1
        ? t('property.confirmedYesterday')
        : t('property.confirmedDaysAgo', { count: days });
  return <p className={className}>{text}</p>;
}
