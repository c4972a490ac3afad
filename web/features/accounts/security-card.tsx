import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema, type ChangePasswordBody } from '#common/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { SubmitButton } from '../../components/ui/submit-button';
import { toast } from '../../lib/toast';
import { localizeValidationMessage, PasswordChangeFields } from '../auth';
import { useChangePassword } from './api';
import { failureText, showServerFieldErrors } from '../../lib/field-errors';

const emptyForm: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Security (spec, Account Settings): Change Password reveals the form, Cancel hides it. */
export function SecurityCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: emptyForm,
  });
  const errors = form.formState.errors;
  const message = (name: (typeof fieldNames)[number]) =>
    localizeValidationMessage(t, errors[name]?.message);

  const { setFocus } = form;
  useEffect(() => {
    if (open) setFocus('currentPassword');
  }, [open, setFocus]);

  const close = () => {
    form.reset(emptyForm);
    setOpen(false);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast({
        title: t('accountSettings.security.changedTitle'),
        description: t('accountSettings.security.changedText'),
      });
      close();
    } catch (error) {
      showServerFieldErrors(error, fieldNames, form.setError);
      toast({
        title: t('accountSettings.errorTitle'),
        description: failureText(t, error, 'accountSettings.security.failedText'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <h2 id="security-heading" className="flex items-center gap-2 text-xl font-semibold">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t('accountSettings.security.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('accountSettings.security.description')}</p>
      </CardHeader>
      <CardContent>
        {open ? (
          <form
            onSubmit={onSubmit}
            noValidate
            aria-labelledby="change-password-heading"
            className="grid max-w-md gap-4"
          >
            <h3 id="change-password-heading" className="font-semibold">
              {t('accountSettings.security.changePassword')}
            </h3>
            <PasswordChangeFields
              current={{
                id: 'current-password',
                label: t('accountSettings.security.currentPassword'),
                error: message('currentPassword'),
                registration: form.register('currentPassword'),
              }}
              password={{
                id: 'new-password',
                label: t('accountSettings.security.newPassword'),
                error: message('newPassword'),
                registration: form.register('newPassword'),
              }}
              confirm={{
                id: 'confirm-new-password',
                label: t('accountSettings.security.confirmPassword'),
                error: message('confirmPassword'),
                registration: form.register('confirmPassword'),
              }}
            />
            <p className="text-sm text-muted-foreground">
              {t('accountSettings.security.otherSessions')}
            </p>
            <div className="flex flex-wrap gap-2">
              <SubmitButton
                pending={change.isPending}
                pendingText={t('accountSettings.security.changing')}
              >
                {t('accountSettings.security.submit')}
              </SubmitButton>
              <Button type="button" variant="outline" onClick={close} disabled={change.isPending}>
                {t('accountSettings.security.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" variant="outline" onClick={() => setOpen(true)}>
            <KeyRound aria-hidden />
            {t('accountSettings.security.changePassword')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
