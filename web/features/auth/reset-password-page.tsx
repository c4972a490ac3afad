import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { SubmitButton } from '../../components/ui/submit-button';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useResetLinkState, useResetPassword } from './api';
import { AuthCard, FormAlert } from './auth-card';
import { resetPasswordFormSchema, type ResetPasswordForm } from './forms';
import { localizeValidationMessage, requestErrorMessage } from './messages';
import { PasswordChangeFields } from './password-change-fields';
import { ResetDone } from './reset-done';

const formFields = ['password', 'confirmPassword'] as const;

/**
 * /reset-password?token=… (the link of the reset e-mail): a new password, twice, with
 * show/hide. A link without a token, or one the server no longer accepts, leads back to
 * /forgot-password for a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.resetTitle'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (!token) {
    return (
      <AuthCard title={t('passwordReset.resetTitle')} subtitle={t('passwordReset.missingToken')}>
        <Button asChild>
          <Link to={paths.forgotPassword()}>{t('passwordReset.requestNewLink')}</Link>
        </Button>
      </AuthCard>
    );
  }
  return <CheckedResetLink token={token} />;
}

/** The form only for a link that still works; a used or expired one says so at once. */
function CheckedResetLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const state = useResetLinkState(token);
  if (state.isPending) return <PageSpinner />;
  // When the check itself fails (offline), the form still tries: the reset answers for the link.
  if (state.data?.valid === false) {
    return (
      <AuthCard title={t('passwordReset.linkDeadTitle')} subtitle={t('passwordReset.linkDead')}>
        <Button asChild>
          <Link to={paths.forgotPassword()}>{t('passwordReset.requestNewLink')}</Link>
        </Button>
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<{ text: string; linkRejected: boolean } | null>(null);
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const message = (name: (typeof formFields)[number]) =>
    localizeValidationMessage(t, errors[name]?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, ...values });
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : {};
      const fieldNames = formFields.filter((name) => fields[name]);
      for (const name of fieldNames) form.setError(name, { message: fields[name] });
      if (fieldNames.length > 0 && !fields.token) return;
      // A 400 that is not about the password is about the link: invalid, used or expired.
      const linkRejected = error instanceof ApiRequestError && error.status === 400;
      setFailure({
        text: requestErrorMessage(t, error, t('passwordReset.resetFailed')),
        linkRejected,
      });
    }
  });

  if (done) return <ResetDone />;

  return (
    <AuthCard title={t('passwordReset.resetTitle')} subtitle={t('passwordReset.resetSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <PasswordChangeFields
          password={{
            id: 'reset-password',
            label: t('passwordReset.newPassword'),
            error: message('password'),
            registration: form.register('password'),
          }}
          confirm={{
            id: 'reset-confirm',
            label: t('auth.confirmPassword'),
            error: message('confirmPassword'),
            registration: form.register('confirmPassword'),
          }}
          hint={t('auth.passwordHint')}
        />
        <FormAlert message={failure?.text ?? null} />
        {failure?.linkRejected ? (
          <p className="-mt-2 text-sm">
            <Link
              to={paths.forgotPassword()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('passwordReset.requestNewLink')}
            </Link>
          </p>
        ) : null}
        <SubmitButton pending={reset.isPending} pendingText={t('passwordReset.resetting')}>
          {t('passwordReset.resetButton')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
