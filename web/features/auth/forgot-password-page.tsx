import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useForgotPassword } from './api';
import { AuthCard, AuthSwitchLink, FormAlert } from './auth-card';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from './forms';
import { localizeValidationMessage, requestErrorMessage } from './messages';

/**
 * /forgot-password (spec): an email field and Send Reset Link. The answer is the same whether
 * or not an account has that address, so the page only repeats it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.forgotTitle'));
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const emailError = localizeValidationMessage(t, form.formState.errors.email?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(values);
      setSent(t('passwordReset.linkSent'));
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.email) {
        form.setError('email', { message: error.fields.email });
        return;
      }
      setFailure(requestErrorMessage(t, error, t('passwordReset.sendFailed')));
    }
  });

  if (sent) {
    return (
      <AuthCard title={t('passwordReset.checkEmailTitle')} subtitle={t('passwordReset.linkHint')}>
        <div className="grid gap-4">
          <div
            role="status"
            className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
          >
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{sent}</span>
          </div>
          <AuthSwitchLink
            prompt={t('passwordReset.remembered')}
            to={paths.login()}
            label={t('nav.signIn')}
          />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('passwordReset.forgotTitle')} subtitle={t('passwordReset.forgotSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="forgot-email" label={t('auth.email')} error={emailError}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
          )}
        </FormField>
        <FormAlert message={failure} />
        <SubmitButton pending={forgot.isPending} pendingText={t('passwordReset.sending')}>
          {t('passwordReset.sendLink')}
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to={paths.login()} className="text-primary underline-offset-4 hover:underline">
            {t('passwordReset.backToSignIn')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
