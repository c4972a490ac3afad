import { useTranslation } from 'react-i18next';
import type { DailyFigures, VisitorAnalytics, VisitorRecord } from '#common/analytics';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/dates';
import { DailyChart } from './daily-chart';
import { formatCount } from './figures';
import { ScrollTable, td, th } from './scroll-table';

/** Site Visitors: visitors and page views per day, and the most recent visitor records. */
export function VisitorsSection({
  analytics,
  daily,
  visitors,
}: {
  analytics: VisitorAnalytics;
  daily: DailyFigures[];
  visitors: VisitorRecord[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <div className="space-y-6">
      <DailyChart
        caption={t('analytics.visitors.chartCaption', {
          visitors: formatCount(analytics.uniqueVisitors, language),
          pageViews: formatCount(analytics.pageViews, language),
        })}
        data={daily}
        series={[
          { key: 'visitors', label: t('analytics.series.visitors'), color: '#0f766e' },
          { key: 'pageViews', label: t('analytics.series.pageViews'), color: '#b45309' },
        ]}
      />
      <h3 className="text-base font-semibold">{t('analytics.visitors.recent')}</h3>
      {visitors === undefined ? (
        <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
      ) : visitors.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('analytics.visitors.none')}</p>
      ) : (
        <ScrollTable label={t('analytics.visitors.recent')}>
          <thead>
            <tr>
              <th className={th}>{t('analytics.visitors.who')}</th>
              <th className={th}>{t('analytics.visitors.place')}</th>
              <th className={th}>{t('analytics.visitors.pages')}</th>
              <th className={th}>{t('analytics.visitors.landingPage')}</th>
              <th className={th}>{t('analytics.visitors.firstVisit')}</th>
              <th className={th}>{t('analytics.visitors.lastVisit')}</th>
            </tr>
          </thead>
          <tbody>
            {visitors.map((visitor) => (
              <tr key={visitor.id}>
                <td className={td}>
                  {visitor.isRegisteredUser ? (
                    <>
                      <Badge variant="soft">{t('analytics.visitors.registered')}</Badge>
                      <span className="block">{visitor.userName}</span>
                      <span className="block break-all text-xs text-muted-foreground">
                        {visitor.userEmail}
                      </span>
                    </>
                  ) : (
                    <Badge variant="outline">{t('analytics.visitors.anonymous')}</Badge>
                  )}
                </td>
                <td className={td}>
                  {[visitor.city, visitor.country].filter(Boolean).join(', ') ||
                    t('analytics.visitors.unknownPlace')}
                  {visitor.ipAddress ? (
                    <span className="block text-xs text-muted-foreground">{visitor.ipAddress}</span>
                  ) : null}
                </td>
                <td className={td}>{formatCount(visitor.pagesViewed, language)}</td>
                <td className={`${td} break-all`}>{visitor.landingPage}</td>
                <td className={td}>{formatDateTime(visitor.firstVisit, language)}</td>
                <td className={td}>{formatDateTime(visitor.lastVisit, language)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  );
}
