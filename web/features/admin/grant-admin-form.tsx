import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { grantAdminBodySchema } from '#common/admin';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { localizeValidationMessage } from '../auth';
import { useGrantAdministrator } from './api';

/** The server's rule, with "Email is required" for an empty field. */
const grantFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'emailRequired' })
    .pipe(grantAdminBodySchema.shape.email),
});
type GrantInput = z.input<typeof grantFormSchema>;
type GrantValues = z.output<typeof grantFormSchema>;

/** Makes an existing account an administrator, by its email address. */
export function GrantAdminForm() {
  const { t } = useTranslation();
  const grant = useGrantAdministrator();
  const form = useForm<GrantInput, unknown, GrantValues>({
    resolver: zodResolver(grantFormSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const admin = await grant.mutateAsync(email);
      toast({
        title: t('admin.management.granted'),
        description: t('admin.management.grantedText', {
          name: `${admin.firstName} ${admin.lastName}`.trim(),
        }),
      });
      form.reset({ email: '' });
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 404) {
        form.setError('email', { message: t('admin.management.noAccount') }, { shouldFocus: true });
        return;
      }
      toast({ title: t('admin.management.grantFailed'), variant: 'destructive' });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="grant-admin-heading"
      className="mt-6 grid gap-3 border-t border-border pt-6"
    >
      <h3 id="grant-admin-heading" className="font-semibold">
        {t('admin.management.grantTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('admin.management.grantText')}</p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <FormField
          id="grant-admin-email"
          label={t('admin.management.emailLabel')}
          error={localizeValidationMessage(t, error)}
        >
          {(control) => (
            <Input {...control} type="email" autoComplete="off" {...form.register('email')} />
          )}
        </FormField>
        <div className="sm:pt-5">
          <SubmitButton pending={grant.isPending} pendingText={t('admin.management.granting')}>
            <UserPlus aria-hidden />
            {t('admin.management.grant')}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
