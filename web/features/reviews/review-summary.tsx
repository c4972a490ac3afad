import { useTranslation } from 'react-i18next';
import type { ReviewSummary } from '#common/reviews';
import { numberFormat } from '#common/number-format';
import { Stars } from './stars';

/**
 * What a rating rests on (issue 40): "4.6 from 7 viewings", and the share who found the place
 * as described. Nothing to average: says that only renters who came can review.
 */
export function ReviewSummaryLine({ summary }: { summary: ReviewSummary }) {
  const { t, i18n } = useTranslation();
  if (summary.reviewCount === 0) {
    return <p className="text-muted-foreground">{t('reviews.none')}</p>;
  }
  const rating = numberFormat(i18n.language, 1).format(summary.averageRating);
  return (
    <div className="grid gap-1">
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={summary.averageRating} />
        <span className="font-semibold">
          {t('reviews.summary', { rating, count: summary.reviewCount })}
        </span>
      </p>
      {summary.asDescribedShare !== null ? (
        <p className="text-sm text-muted-foreground">
          {t('reviews.asDescribedShare', {
            percent: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
              summary.asDescribedShare,
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}
