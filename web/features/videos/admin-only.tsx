import { LockKeyhole, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth/api';

/**
 * The video management page's door (spec 6): visitors see "Admin Access Required" with a way
 * to sign in and come back, signed-in non-admins "Access Denied". The server stays the guard:
 * every admin call answers 401 or 403 to them anyway.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <Refusal
        icon={<LockKeyhole aria-hidden />}
        title={t('videos.access.requiredTitle')}
        text={t('videos.access.requiredText')}
      >
        <Link to={paths.login(location.pathname + location.search)}>
          {t('videos.access.signIn')}
        </Link>
      </Refusal>
    );
  }
  if (!user.isAdmin) {
    return (
      <Refusal
        icon={<ShieldAlert aria-hidden />}
        title={t('videos.access.deniedTitle')}
        text={t('videos.access.deniedText')}
      >
        <Link to={paths.dashboard()}>{t('videos.access.backToDashboard')}</Link>
      </Refusal>
    );
  }
  return children;
}

function Refusal({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** The one way on, a link. */
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-7">
          {icon}
        </span>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted-foreground">{text}</p>
        <Button asChild className="mt-6">
          {children}
        </Button>
      </Card>
    </div>
  );
}
