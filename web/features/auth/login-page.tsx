import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '#common/auth-rules';
import { SubmitButton } from '../../components/ui/submit-button';
import { keepAfterSignIn } from '../../lib/after-sign-in';
import { paths } from '../../paths';
import { useLogin } from './api';
import { AuthCard, AuthSwitchLink, FormAlert } from './auth-card';
import { ContactMethodFields } from './contact-method-fields';
import { loginFormSchema, type LoginForm } from './forms';
import { authErrorMessage, localizeValidationMessage } from './messages';
import { PasswordField } from './password-input';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { method: 'email', email: '', phone: '', password: '' },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const errors = form.formState.errors;
  const message = (text?: string) => localizeValidationMessage(t, text);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(
        values.method === 'email'
          ? { email: values.email, password: values.password }
          : { phone: values.phone, password: values.password },
      );
      keepAfterSignIn(searchParams.get('then'), next);
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(authErrorMessage(t, error, 'auth.loginFailed'));
    }
  });

  return (
    <AuthCard title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ContactMethodFields
          idPrefix="login"
          label={t('auth.signInWith')}
          method={method}
          onMethodChange={(value) => {
            form.setValue('method', value);
            form.clearErrors();
          }}
          email={{ field: form.register('email'), error: message(errors.email?.message) }}
          phone={{ field: form.register('phone'), error: message(errors.phone?.message) }}
        />
        <PasswordField
          id="login-password"
          label={t('auth.password')}
          error={message(errors.password?.message)}
          autoComplete="current-password"
          registration={form.register('password')}
        />
        <div className="-mt-2 text-right text-sm">
          <Link
            to={paths.forgotPassword()}
            className="text-primary underline-offset-4 hover:underline"
          >
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <FormAlert message={failure} />
        <SubmitButton pending={login.isPending} pendingText={t('auth.signingIn')}>
          {t('auth.signIn')}
        </SubmitButton>
        <AuthSwitchLink
          prompt={t('auth.noAccount')}
          // A visitor who has no account yet keeps where they were going and what they did.
          to={paths.register({
            next: next === '/' ? undefined : next,
            then: searchParams.get('then') ?? undefined,
          })}
          label={t('nav.signUp')}
        />
      </form>
    </AuthCard>
  );
}
