import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { NoticeSettingsCard } from './notice-settings-card';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';
import { AccountSummaryCard, QuickActionsCard } from './summary-cards';
import { VerificationCard } from './verification-card';

/** /account-settings: profile, password, a summary of the account and quick actions. */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle(t('accountSettings.title'));
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInRequired />;
  return <AccountSettings user={user} />;
}

function AccountSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('accountSettings.title')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t('accountSettings.subtitle')}</p>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          {/* Keyed by user: a different account (or a fresh sign-in) starts a clean form. */}
          <ProfileCard key={user.id} user={user} />
          <SecurityCard key={`security-${user.id}`} />
          <VerificationCard key={`verification-${user.id}`} user={user} />
          <NoticeSettingsCard key={`notifications-${user.id}`} />
        </div>
        <div className="grid gap-6">
          <AccountSummaryCard user={user} />
          <QuickActionsCard user={user} />
        </div>
      </div>
    </div>
  );
}

/** Visitors are asked to sign in and come back here (spec). */
function SignInRequired() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8 text-center">
        <LockKeyhole className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">{t('accountSettings.authRequiredTitle')}</h1>
        <p className="mt-2 text-muted-foreground">{t('accountSettings.authRequiredText')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.login(paths.accountSettings())}>{t('accountSettings.signIn')}</Link>
        </Button>
      </Card>
    </div>
  );
}
