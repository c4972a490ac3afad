import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '#common/auth-rules';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths } from '../../paths';
import { useLogin } from './api';
import { AuthCard, FormAlert } from './auth-card';
import { loginFormSchema, type LoginForm } from './forms';
import { authErrorMessage, localizeValidationMessage } from './messages';
import { PasswordInput } from './password-input';

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
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(authErrorMessage(t, error, 'auth.loginFailed'));
    }
  });

  return (
    <AuthCard title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Tabs
          value={method}
          onValueChange={(value) => {
            form.setValue('method', value as LoginForm['method']);
            form.clearErrors();
          }}
        >
          <TabsList aria-label={t('auth.signInWith')}>
            <TabsTrigger value="email">
              <Mail aria-hidden />
              {t('auth.email')}
            </TabsTrigger>
            <TabsTrigger value="phone">
              <Phone aria-hidden />
              {t('auth.phone')}
            </TabsTrigger>
          </TabsList>
          {/* Both panels stay mounted (hidden when inactive) so every tab's
              aria-controls points at a real element. */}
          <TabsContent value="email" forceMount className="mt-4 data-[state=inactive]:hidden">
            <FormField
              id="login-email"
              label={t('auth.email')}
              error={message(errors.email?.message)}
            >
              {(control) => (
                <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
              )}
            </FormField>
          </TabsContent>
          <TabsContent value="phone" forceMount className="mt-4 data-[state=inactive]:hidden">
            <FormField
              id="login-phone"
              label={t('auth.phone')}
              error={message(errors.phone?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  autoComplete="tel"
                  placeholder="+233 24 123 4567"
                  {...form.register('phone')}
                />
              )}
            </FormField>
          </TabsContent>
        </Tabs>
        <FormField
          id="login-password"
          label={t('auth.password')}
          error={message(errors.password?.message)}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <div className="-mt-2 text-right text-sm">
          <Link
            to={paths.forgotPassword()}
            className="text-primary underline-offset-4 hover:underline"
          >
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <FormAlert message={failure} />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? <Spinner /> : null}
          {login.isPending ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.noAccount')}{' '}
          <Link
            to={paths.register()}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('nav.signUp')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
