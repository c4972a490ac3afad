import { BellRing, LayoutDashboard, LifeBuoy, PlusCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import type { RegistrationMethod } from '#common/auth-rules';
import { ActionLinks } from '../../components/ui/action-links';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { paths } from '../../paths';
import { memberSince, useNextAfterSettings, verifyPath } from './verification';

/**
 * Everyone who lists property starts a listing from here: owners and owner-renters (spec 6),
 * and agents, who list most rentals in this market (decision 007).
 */
export const canListProperty = (user: User) => user.userType !== 'renter';

/** Account Summary (spec): status, type, the admin role, member since, channels. */
export function AccountSummaryCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t('accountSettings.summary.title')}</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <Row label={t('accountSettings.summary.status')}>
            {user.isVerified ? (
              <Badge variant="soft">{t('accountSettings.summary.verified')}</Badge>
            ) : (
              <Badge variant="accent">{t('accountSettings.summary.unverified')}</Badge>
            )}
          </Row>
          <Row label={t('accountSettings.summary.type')}>
            <Badge variant="outline">{t(`userType.${user.userType ?? 'renter'}`)}</Badge>
          </Row>
          {user.isAdmin ? (
            <Row label={t('accountSettings.summary.role')}>
              <Badge>{t('accountSettings.summary.administrator')}</Badge>
            </Row>
          ) : null}
          <Row label={t('accountSettings.summary.memberSince')}>
            <span className="font-medium">{memberSince(t, i18n.language, user.createdAt)}</span>
          </Row>
          <Channel
            method="email"
            label={t('accountSettings.summary.email')}
            value={user.email}
            verified={user.emailVerified}
          />
          <Channel
            method="phone"
            label={t('accountSettings.summary.phone')}
            value={user.phone}
            verified={user.phoneVerified}
          />
        </dl>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

/** One way to reach the account: verified or not, with the way to verify it. */
function Channel({
  method,
  label,
  value,
  verified,
}: {
  method: RegistrationMethod;
  label: string;
  value: string | null;
  verified: boolean;
}) {
  const { t } = useTranslation();
  const next = useNextAfterSettings();
  return (
    <div className="grid gap-1 border-t border-border pt-3">
      <dt className="flex items-center justify-between gap-3 text-muted-foreground">
        {label}
        {value ? (
          verified ? (
            <Badge variant="soft">{t('accountSettings.summary.channelVerified')}</Badge>
          ) : (
            <Badge variant="accent">{t('accountSettings.summary.channelNotVerified')}</Badge>
          )
        ) : null}
      </dt>
      <dd className="flex flex-wrap items-center justify-between gap-2">
        <span className="break-all font-medium">
          {value ?? t('accountSettings.summary.notSet')}
        </span>
        {value && !verified ? (
          <Link
            to={verifyPath(method, next)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t(`accountSettings.verify.${method}`)}
          </Link>
        ) : null}
      </dd>
    </div>
  );
}

/** Quick Actions (spec): dashboard, a new listing for owners, saved searches, support. */
export function QuickActionsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const actions = [
    {
      to: paths.dashboard(),
      label: t('accountSettings.quickActions.dashboard'),
      icon: <LayoutDashboard />,
    },
    ...(canListProperty(user)
      ? [
          {
            to: paths.listProperty(),
            label: t('accountSettings.quickActions.listProperty'),
            icon: <PlusCircle />,
          },
        ]
      : []),
    // Saved searches and their alerts (issue 21) are managed on a page of their own.
    {
      to: paths.savedSearches(),
      label: t('accountSettings.quickActions.savedSearches'),
      icon: <BellRing />,
    },
    { to: paths.support(), label: t('accountSettings.quickActions.support'), icon: <LifeBuoy /> },
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t('accountSettings.quickActions.title')}</h2>
      </CardHeader>
      <CardContent>
        <ActionLinks actions={actions} />
      </CardContent>
    </Card>
  );
}
