import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '#common/auth';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { SubmitButton } from '../../components/ui/submit-button';
import { showServerFieldErrors } from '../../lib/field-errors';
import { toast } from '../../lib/toast';
import { PasswordChangeFields } from '../auth';
import { ExchangeRateCard } from '../exchange-rate';
import { useChangeAdminPassword } from './api';
import {
  adminPasswordFormSchema,
  emptyPasswordForm,
  passwordMessage,
  type AdminPasswordForm,
} from './password-form';

const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Settings (spec): the administrator's password, who they are signed in as, and the exchange
 * rate searches compare cedis and dollars at (issue 20, the exchange-rate feature's card).
 */
export function SettingsTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <ChangePasswordCard />
      <AccountInfoCard user={user} />
      <ExchangeRateCard />
    </div>
  );
}

function ChangePasswordCard() {
  const { t } = useTranslation();
  const change = useChangeAdminPassword();
  const form = useForm<AdminPasswordForm>({
    resolver: zodResolver(adminPasswordFormSchema),
    defaultValues: emptyPasswordForm,
  });
  const errors = form.formState.errors;
  const message = (name: (typeof fieldNames)[number]) => passwordMessage(t, errors[name]?.message);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast({ title: t('admin.settings.changed') });
      form.reset(emptyPasswordForm);
    } catch (error) {
      // The server's field messages (a wrong current password, a common new one).
      showServerFieldErrors(error, fieldNames, form.setError);
      toast({ title: t('admin.settings.failed'), variant: 'destructive' });
    }
  });

  return (
    <Card className="p-4 sm:p-6">
      <h2 id="admin-password-heading" className="flex items-center gap-2 text-xl font-semibold">
        <KeyRound className="size-5 text-primary" aria-hidden />
        {t('admin.settings.passwordTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.settings.passwordText')}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="admin-password-heading"
        className="mt-4 grid gap-4"
      >
        <PasswordChangeFields
          current={{
            id: 'admin-current-password',
            label: t('admin.settings.currentPassword'),
            error: message('currentPassword'),
            registration: form.register('currentPassword'),
          }}
          password={{
            id: 'admin-new-password',
            label: t('admin.settings.newPassword'),
            error: message('newPassword'),
            registration: form.register('newPassword'),
          }}
          confirm={{
            id: 'admin-confirm-password',
            label: t('admin.settings.confirmPassword'),
            error: message('confirmPassword'),
            registration: form.register('confirmPassword'),
          }}
        />
        <div>
          <SubmitButton pending={change.isPending} pendingText={t('admin.settings.changing')}>
            {t('admin.settings.submit')}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

function AccountInfoCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('admin.settings.name'), value: `${user.firstName} ${user.lastName}`.trim() },
    { label: t('admin.settings.email'), value: user.email ?? '—' },
    ...(user.phone ? [{ label: t('admin.settings.phone'), value: user.phone }] : []),
  ];
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <UserRound className="size-5 text-primary" aria-hidden />
        {t('admin.settings.accountTitle')}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="break-all font-medium text-zinc-900">{row.value}</dd>
          </div>
        ))}
        <div className="grid justify-items-start gap-1">
          <dt className="text-muted-foreground">{t('admin.settings.role')}</dt>
          <dd>
            <Badge>{t('admin.settings.administrator')}</Badge>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
