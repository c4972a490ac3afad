import { useTranslation } from 'react-i18next';
import type { VisitorAnalytics } from '#common/analytics';
import { formatCount, formatPercent, formatRatio } from './figures';

/** Insights: what the figures mean, and the most viewed pages with their share. */
export function InsightsSection({ analytics }: { analytics: VisitorAnalytics }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const busiest = analytics.daily.reduce<(typeof analytics.daily)[number] | undefined>(
    (best, day) => (day.visitors > (best?.visitors ?? 0) ? day : best),
    undefined,
  );
  const topViews = analytics.topPages[0]?.views ?? 0;
  return (
    <div className="space-y-6">
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>
          {t('analytics.insights.conversion', {
            // "1 … was", "4 … were": the plural follows the signed-in count.
            count: analytics.registeredUsers,
            registered: formatCount(analytics.registeredUsers, language),
            visitors: formatCount(analytics.uniqueVisitors, language),
            rate: formatPercent(analytics.conversionRate, language),
          })}
        </li>
        <li>
          {t('analytics.insights.pagesPerVisit', {
            value: formatRatio(analytics.pageViews, analytics.totalVisitors, language),
          })}
        </li>
        {busiest ? (
          <li>
            {t('analytics.insights.busiestDay', {
              date: new Intl.DateTimeFormat(language, {
                dateStyle: 'long',
                timeZone: 'UTC',
              }).format(new Date(`${busiest.date}T00:00:00Z`)),
              count: busiest.visitors,
            })}
          </li>
        ) : null}
      </ul>
      <h3 className="text-base font-semibold">{t('analytics.insights.topPages')}</h3>
      {analytics.topPages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('analytics.insights.noPages')}</p>
      ) : (
        <ol className="space-y-2">
          {analytics.topPages.map(({ page, views }) => (
            <li key={page} className="text-sm">
              <div className="flex justify-between gap-4">
                <span className="break-all font-medium">{page}</span>
                <span className="shrink-0 text-muted-foreground">
                  {t('analytics.insights.views', {
                    count: views,
                    formatted: formatCount(views, language),
                  })}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-muted" aria-hidden>
                <div
                  className="h-2 rounded-full bg-primary"
                  style={{ width: `${topViews === 0 ? 0 : (views / topViews) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
