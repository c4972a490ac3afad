import { Eye, Percent, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEFRAME, type AnalyticsTimeframe } from '#common/analytics';
import { Button } from '../../components/ui/button';
import { StatCard } from '../../components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatCount, formatPercent } from './figures';
import { InsightsSection } from './insights-section';
import { useRecentVisitors, useUsersAnalytics, useVisitorAnalytics } from './queries';
import { TimeframePicker } from './timeframe-picker';
import { UsersSection } from './users-section';
import { VisitorsSection } from './visitors-section';

/**
 * The admin panel's User Analytics tab (spec: Admin user analytics): stat cards, 7 / 30 / 90
 * days (30 by default), and the Registered Users, Site Visitors and Insights tabs.
 */
export default function AnalyticsTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [days, setDays] = useState<AnalyticsTimeframe>(DEFAULT_TIMEFRAME);
  const analytics = useVisitorAnalytics(days);
  const users = useUsersAnalytics(days);
  const visitors = useRecentVisitors();
  const figures = analytics.data;
  const failed = analytics.isError || users.isError || visitors.isError;

  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="analytics-heading" className="text-xl font-semibold">
          {t('analytics.title')}
        </h2>
        <TimeframePicker value={days} onChange={setDays} />
      </div>

      {failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          {t('analytics.loadFailed')}
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              void analytics.refetch();
              void users.refetch();
              void visitors.refetch();
            }}
          >
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          compact
          icon={<Eye />}
          label={t('analytics.stats.totalVisitors')}
          note={t('analytics.stats.totalVisitorsNote')}
          value={figures && formatCount(figures.totalVisitors, language)}
        />
        <StatCard
          compact
          icon={<Users />}
          label={t('analytics.stats.uniqueVisitors')}
          value={figures && formatCount(figures.uniqueVisitors, language)}
        />
        <StatCard
          compact
          icon={<UserPlus />}
          label={t('analytics.stats.registeredUsers')}
          note={t('analytics.stats.registeredUsersNote')}
          value={figures && formatCount(figures.registeredUsers, language)}
        />
        <StatCard
          compact
          icon={<Percent />}
          label={t('analytics.stats.conversionRate')}
          note={t('analytics.stats.conversionRateNote')}
          value={figures && formatPercent(figures.conversionRate, language)}
        />
      </dl>

      <Tabs defaultValue="users" className="space-y-4">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="users">{t('analytics.tabs.users')}</TabsTrigger>
          <TabsTrigger value="visitors">{t('analytics.tabs.visitors')}</TabsTrigger>
          <TabsTrigger value="insights">{t('analytics.tabs.insights')}</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          {users.data && figures ? (
            <UsersSection users={users.data} daily={figures.daily} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
          )}
        </TabsContent>
        <TabsContent value="visitors">
          {figures ? (
            <VisitorsSection analytics={figures} daily={figures.daily} visitors={visitors.data} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
          )}
        </TabsContent>
        <TabsContent value="insights">
          {figures ? (
            <InsightsSection analytics={figures} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
