import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LISTING_STATS_DAYS,
  LISTING_STATS_DAYS,
  listingStatsSchema,
  type ListingStats,
  type ListingStatsDays,
} from '#common/listing-stats';
import { ChoiceButtons } from '../../components/ui/choice-buttons';
import { Skeleton } from '../../components/ui/skeleton';
import { apiRequest } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';

/** The figures a card shows, in the order a lister reads them: interest, then what came of it. */
const figures = [
  'views',
  'enquiries',
  'viewingRequests',
  'confirmedViewings',
  'heldViewings',
  'reviews',
] as const satisfies readonly (keyof ListingStats)[];

function useListingStats(propertyId: string, days: ListingStatsDays) {
  return useQuery({
    queryKey: ['/api/user/properties', propertyId, 'stats', days],
    queryFn: async () =>
      listingStatsSchema.parse(
        await apiRequest(
          'GET',
          `/api/user/properties/${encodeURIComponent(propertyId)}/stats?days=${days}`,
        ),
      ),
  });
}

/**
 * A listing's own figures for its lister (issue 51), opened from its card: views of its page,
 * enquiries, viewing requests, viewings confirmed and held, reviews, over 7, 30 or 90 days.
 */
export function ListingFigures({ propertyId, title }: { propertyId: string; title: string }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<ListingStatsDays>(DEFAULT_LISTING_STATS_DAYS);
  const stats = useListingStats(propertyId, days);
  const headingId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg bg-muted/60 p-3">
      <h4 id={headingId} className="sr-only">
        {t('dashboard.host.figures.title', { title })}
      </h4>
      <ChoiceButtons
        label={t('dashboard.host.figures.span')}
        options={LISTING_STATS_DAYS}
        value={days}
        onChange={setDays}
        className="flex-wrap"
      >
        {(option) => t('dashboard.host.figures.days', { count: option })}
      </ChoiceButtons>
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('dashboard.host.figures.failed')}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-3">
            {figures.map((figure) => (
              <div key={figure} className="grid min-w-0">
                <dt className="break-words text-muted-foreground">
                  {t(`dashboard.host.figures.${figure}`)}
                </dt>
                <dd className="text-lg font-semibold">
                  {stats.data ? (
                    number.format(stats.data[figure])
                  ) : (
                    <Skeleton className="h-6 w-10" />
                  )}
                </dd>
              </div>
            ))}
          </dl>
          {stats.data ? (
            <p className="text-xs text-muted-foreground">
              {t('dashboard.host.figures.note', {
                date: formatDate(stats.data.since, i18n.language),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
