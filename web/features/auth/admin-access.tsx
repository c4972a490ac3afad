import { LockKeyhole, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { User } from '#common/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../paths';
import { useCurrentUser } from './api';

/**
 * The admin pages' door (spec 6): visitors are asked to sign in and come back, signed-in
 * non-admins are told they may not enter. The server stays the guard: every admin call
 * answers 403 to them anyway. It lives in auth, beside the current user it reads, because the
 * admin pages of several features (admin, providers, videos) stand behind it.
 */
export function AdminOnly({ children }: { children: (admin: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <AdminAccessRequired />;
  if (!user.isAdmin) return <AccessDenied />;
  return children(user);
}

function StateCard({
  icon,
  title,
  text,
  level = 1,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** 2 inside a page that has its own h1. */
  level?: 1 | 2;
  children: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={level === 1 ? 'flex justify-center px-4 py-16' : 'flex justify-center py-6'}>
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-7">
          {icon}
        </span>
        <Heading className="mt-4 text-2xl font-bold">{title}</Heading>
        <p className="mt-2 text-muted-foreground">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
      </Card>
    </div>
  );
}

function AdminAccessRequired() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <StateCard
      icon={<LockKeyhole aria-hidden />}
      title={t('admin.access.requiredTitle')}
      text={t('admin.access.requiredText')}
    >
      <Button asChild>
        <Link to={paths.login(location.pathname + location.search)}>
          {t('admin.access.signIn')}
        </Link>
      </Button>
    </StateCard>
  );
}

/**
 * Signed in without administrator rights, or refused by the server (spec: the Access Denied
 * card with Back to Dashboard). `onRetry` adds Try again for a failure that was not a refusal.
 */
export function AccessDenied({ onRetry, level }: { onRetry?: () => void; level?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <StateCard
      icon={<ShieldAlert aria-hidden />}
      title={t('admin.access.deniedTitle')}
      text={t('admin.access.deniedText')}
      level={level}
    >
      <Button asChild>
        <Link to={paths.dashboard()}>{t('admin.access.backToDashboard')}</Link>
      </Button>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </StateCard>
  );
}
