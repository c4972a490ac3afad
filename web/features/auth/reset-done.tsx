import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';

/**
 * The end of a password reset, by link or by phone code: it signs nobody in (every session
 * has ended), so it says so and leads to sign in with the new password.
 */
export function ResetDone() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('passwordReset.resetTitle')} subtitle={t('passwordReset.doneSubtitle')}>
      <div className="grid gap-4">
        <div
          role="status"
          className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('passwordReset.resetDone')}</span>
        </div>
        <Button asChild>
          <Link to={paths.login()}>{t('auth.signIn')}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
