import { useTranslation } from 'react-i18next';
import type { DailyFigures, VisitorAnalytics, VisitorRecord } from '#common/analytics';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/dates';
import { DailyChart } from './daily-chart';
import { formatCount } from './figures';
import { ScrollTable, TableBody, TableCell, TableHead, TableRow } from './scroll-table';

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
  const columns = [
    t('analytics.visitors.who'),
    t('analytics.visitors.place'),
    t('analytics.visitors.pages'),
    t('analytics.visitors.landingPage'),
    t('analytics.visitors.firstVisit'),
    t('analytics.visitors.lastVisit'),
  ];
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
          <TableHead columns={columns} />
          <TableBody>
            {visitors.map((visitor) => (
              <TableRow key={visitor.id}>
                <TableCell label={columns[0]!}>
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
                </TableCell>
                <TableCell label={columns[1]!}>
                  {[visitor.city, visitor.country].filter(Boolean).join(', ') ||
                    t('analytics.visitors.unknownPlace')}
                  {visitor.ipAddress ? (
                    <span className="block text-xs text-muted-foreground">{visitor.ipAddress}</span>
                  ) : null}
                </TableCell>
                <TableCell label={columns[2]!}>
                  {formatCount(visitor.pagesViewed, language)}
                </TableCell>
                <TableCell label={columns[3]!} className="break-all">
                  {visitor.landingPage}
                </TableCell>
                <TableCell label={columns[4]!}>
                  {formatDateTime(visitor.firstVisit, language)}
                </TableCell>
                <TableCell label={columns[5]!}>
                  {formatDateTime(visitor.lastVisit, language)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </div>
  );
}
