import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { profileBodySchema, type ProfileBody, type User } from '#common/auth';
import type { RegistrationMethod } from '#common/auth-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { toast } from '../../lib/toast';
import { localizeValidationMessage } from '../auth';
import { useUpdateProfile } from './api';
import { failureText, showServerFieldErrors } from '../../lib/field-errors';
import { joinMethods, useNextAfterSettings, verifyPath } from './verification';

type ProfileFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  businessName: string;
  licenseNumber: string;
};
type ProfileFormOutput = z.output<typeof profileBodySchema>;
const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'businessName',
  'licenseNumber',
] as const satisfies readonly (keyof ProfileFormValues)[];

const valuesOf = (user: User): ProfileFormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  phone: user.phone ?? '',
  businessName: user.businessName ?? '',
  licenseNumber: user.licenseNumber ?? '',
});

/**
 * Business details are for owners and agents; a renter sees them only if the account already
 * holds some (so nothing it has becomes invisible).
 */
const showsBusiness = (user: User) =>
  user.userType !== 'renter' || Boolean(user.businessName || user.licenseNumber);

/**
 * Profile Information (spec, Account Settings): names, contact details and, for listers,
 * business details.
 */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const [toVerify, setToVerify] = useState<RegistrationMethod[]>([]);
  const form = useForm<ProfileBody, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileBodySchema),
    defaultValues: valuesOf(user),
  });
  const errors = form.formState.errors;
  const message = (name: keyof ProfileFormValues) =>
    localizeValidationMessage(t, errors[name]?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setToVerify([]);
    try {
      // An empty email or phone is sent as null: the account no longer has it.
      const result = await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email ?? null,
        phone: values.phone ?? null,
        businessName: values.businessName ?? null,
        licenseNumber: values.licenseNumber ?? null,
      });
      form.reset(valuesOf(result.user));
      if (result.verificationRequired && result.verificationMethods.length > 0) {
        setToVerify(result.verificationMethods);
        toast({
          title: t('accountSettings.profile.verificationTitle'),
          description: t('accountSettings.profile.verificationText', {
            methods: joinMethods(t, i18n.language, result.verificationMethods),
          }),
        });
      } else {
        // The server writes its message in English: other readers get their own words.
        const serverText = i18n.language.startsWith('en') ? result.message : '';
        toast({
          title: t('accountSettings.profile.updatedTitle'),
          description: serverText || t('accountSettings.profile.updatedText'),
        });
      }
    } catch (error) {
      // A 409 means the email or phone belongs to another account (said in the reader's words).
      showServerFieldErrors(error, fieldNames, form.setError, (status, field) =>
        status === 409 && (field === 'email' || field === 'phone')
          ? t(`accountSettings.profile.${field}Taken`)
          : undefined,
      );
      toast({
        title: t('accountSettings.errorTitle'),
        description: failureText(t, error, 'accountSettings.profile.failedText'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <h2 id="profile-heading" className="flex items-center gap-2 text-xl font-semibold">
          <UserRound className="size-5 text-primary" aria-hidden />
          {t('accountSettings.profile.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('accountSettings.profile.description')}</p>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="profile-heading"
          className="grid gap-5"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="profile-first-name"
              label={t('accountSettings.profile.firstName')}
              error={message('firstName')}
            >
              {(control) => (
                <Input {...control} autoComplete="given-name" {...form.register('firstName')} />
              )}
            </FormField>
            <FormField
              id="profile-last-name"
              label={t('accountSettings.profile.lastName')}
              error={message('lastName')}
            >
              {(control) => (
                <Input {...control} autoComplete="family-name" {...form.register('lastName')} />
              )}
            </FormField>
            <FormField
              id="profile-email"
              label={t('accountSettings.profile.email')}
              error={message('email')}
            >
              {(control) => (
                <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
              )}
            </FormField>
            <FormField
              id="profile-phone"
              label={t('accountSettings.profile.phone')}
              error={message('phone')}
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
          </div>
          <p className="-mt-2 text-sm text-muted-foreground">
            {t('accountSettings.profile.contactHint')}
          </p>

          {showsBusiness(user) ? (
            <fieldset className="grid gap-4 border-t border-border pt-5">
              <legend className="contents">
                <h3 className="text-base font-semibold">
                  {t('accountSettings.profile.businessTitle')}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    {t('accountSettings.profile.optional')}
                  </span>
                </h3>
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="profile-business-name"
                  label={t('accountSettings.profile.businessName')}
                  error={message('businessName')}
                >
                  {(control) => (
                    <Input
                      {...control}
                      autoComplete="organization"
                      {...form.register('businessName')}
                    />
                  )}
                </FormField>
                <FormField
                  id="profile-license-number"
                  label={t('accountSettings.profile.licenseNumber')}
                  error={message('licenseNumber')}
                >
                  {(control) => (
                    <Input {...control} autoComplete="off" {...form.register('licenseNumber')} />
                  )}
                </FormField>
              </div>
            </fieldset>
          ) : null}

          {toVerify.length > 0 ? <VerifyNotice methods={toVerify} /> : null}

          <div className="flex justify-end">
            <SubmitButton
              pending={update.isPending}
              pendingText={t('accountSettings.profile.saving')}
            >
              {t('accountSettings.profile.save')}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** After a new email or phone: where to enter the code that was just sent. */
function VerifyNotice({ methods }: { methods: RegistrationMethod[] }) {
  const { t, i18n } = useTranslation();
  const next = useNextAfterSettings();
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">
            {t('accountSettings.profile.verificationTitle')}
          </strong>{' '}
          {t('accountSettings.profile.verificationText', {
            methods: joinMethods(t, i18n.language, methods),
          })}
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        {methods.map((method) => (
          <Button key={method} asChild size="sm" variant="outline">
            <Link to={verifyPath(method, next)}>{t(`accountSettings.verify.${method}`)}</Link>
          </Button>
        ))}
      </div>
    </div>
  );
}
