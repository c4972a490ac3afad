import { useTranslation } from 'react-i18next';
import type { DailyFigures, UsersAnalytics } from '#common/analytics';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/dates';
import { DailyChart } from './daily-chart';
import { formatCount } from './figures';
import { ScrollTable, TableBody, TableCell, TableHead, TableRow } from './scroll-table';

/** Registered Users: accounts by type, sign-ups per day and the newest accounts. */
export function UsersSection({ users, daily }: { users: UsersAnalytics; daily: DailyFigures[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const columns = [
    t('analytics.users.name'),
    t('analytics.users.contact'),
    t('analytics.users.type'),
    t('analytics.users.status'),
    t('analytics.users.joined'),
  ];
  return (
    <div className="space-y-6">
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t('analytics.users.total')}</dt>
          <dd className="font-semibold">{formatCount(users.totalUsers, language)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t('analytics.users.verified')}</dt>
          <dd className="font-semibold">{formatCount(users.verifiedUsers, language)}</dd>
        </div>
        {users.byUserType.map(({ userType, count }) => (
          <div key={userType} className="flex gap-2">
            <dt className="text-muted-foreground">{t(`userType.${userType}`)}</dt>
            <dd className="font-semibold">{formatCount(count, language)}</dd>
          </div>
        ))}
      </dl>
      <DailyChart
        caption={t('analytics.users.chartCaption', { count: users.newUsers })}
        data={daily}
        series={[{ key: 'signUps', label: t('analytics.series.signUps'), color: '#0f766e' }]}
      />
      <h3 className="text-base font-semibold">{t('analytics.users.newest')}</h3>
      <ScrollTable label={t('analytics.users.newest')}>
        <TableHead columns={columns} />
        <TableBody>
          {users.users.map((user) => (
            <TableRow key={user.id}>
              <TableCell label={columns[0]!}>
                {user.firstName} {user.lastName}
                {user.isAdmin ? (
                  <Badge variant="soft" className="ml-2">
                    {t('analytics.users.admin')}
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell label={columns[1]!} className="break-all">
                {user.email ?? user.phone}
              </TableCell>
              <TableCell label={columns[2]!}>{t(`userType.${user.userType}`)}</TableCell>
              <TableCell label={columns[3]!}>
                {user.isVerified
                  ? t('analytics.users.isVerified')
                  : t('analytics.users.unverified')}
              </TableCell>
              <TableCell label={columns[4]!}>{formatDate(user.createdAt, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </div>
  );
}
