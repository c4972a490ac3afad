import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { registrationUserTypes, type UserType } from '#common/auth-rules';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { SubmitButton } from '../../components/ui/submit-button';
import { keepAfterSignIn } from '../../lib/after-sign-in';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import {
  destinationAfterRegistration,
  destinationAfterSignUp,
  useRegister,
  useSignUpMethods,
} from './api';
import { AuthCard, AuthSwitchLink, FormAlert } from './auth-card';
import { ContactMethodFields } from './contact-method-fields';
import { registerFormSchema, type RegisterFormInput, type RegisterFormOutput } from './forms';
import { authErrorMessage, localizeValidationMessage } from './messages';
import { PasswordChangeFields } from './password-change-fields';

/** `?userType=` of links: listers arrive as owner or property_professional (spec). */
function initialUserType(param: string | null): Exclude<UserType, 'both'> {
  if (param === 'owner' || param === 'property_professional') return 'owner';
  if (param === 'agent') return 'agent';
  return 'renter';
}

type FormFieldName = keyof RegisterFormInput;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const register = useRegister();
  const methods = useSignUpMethods();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      registrationMethod: 'email',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      userType: initialUserType(searchParams.get('userType')),
      businessName: '',
      password: '',
      confirmPassword: '',
    },
  });
  const method = useWatch({ control: form.control, name: 'registrationMethod' }) ?? 'email';
  const userType = useWatch({ control: form.control, name: 'userType' });
  const errors = form.formState.errors;
  const message = (name: FormFieldName) => localizeValidationMessage(t, errors[name]?.message);

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFailure(null);
    try {
      const result = await register.mutateAsync({
        ...values,
        email: values.registrationMethod === 'email' ? values.email : undefined,
        phone: values.registrationMethod === 'phone' ? values.phone : undefined,
        businessName: values.userType === 'agent' ? values.businessName : undefined,
      });
      const method = result.requiresVerification ? result.verificationMethod : null;
      if (method === 'email') {
        toast({
          title: t('verify.checkEmailTitle'),
          description: t('verify.checkEmailText', { address: result.user.email ?? '' }),
        });
      }
      keepAfterSignIn(searchParams.get('then'), destinationAfterSignUp(searchParams));
      navigate(destinationAfterRegistration(searchParams, method), { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        for (const [name, text] of Object.entries(error.fields)) {
          form.setError(name as FormFieldName, { message: text });
        }
      }
      setFailure(authErrorMessage(t, error, 'auth.registrationFailed'));
    }
  });

  return (
    <AuthCard title={t('auth.signUpTitle')} subtitle={t('auth.signUpSubtitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="register-first-name"
            label={t('auth.firstName')}
            error={message('firstName')}
          >
            {(control) => (
              <Input {...control} autoComplete="given-name" {...form.register('firstName')} />
            )}
          </FormField>
          <FormField id="register-last-name" label={t('auth.lastName')} error={message('lastName')}>
            {(control) => (
              <Input {...control} autoComplete="family-name" {...form.register('lastName')} />
            )}
          </FormField>
        </div>

        <ContactMethodFields
          idPrefix="register"
          label={t('auth.signUpWith')}
          method={method}
          onMethodChange={(value) => {
            form.setValue('registrationMethod', value);
            form.clearErrors(['email', 'phone']);
          }}
          email={{ field: form.register('email'), error: message('email') }}
          phone={{
            field: form.register('phone'),
            error: message('phone'),
            unavailable: methods?.phone === false ? t('errors.sms_unavailable') : undefined,
          }}
        />

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-zinc-800">
            {t('auth.accountType')}
          </legend>
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={field.onChange}
                aria-label={t('auth.accountType')}
                className="grid gap-2 sm:grid-cols-3"
              >
                {registrationUserTypes.map((type) => (
                  <Label
                    key={type}
                    htmlFor={`register-type-${type}`}
                    className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40"
                  >
                    <RadioGroupItem id={`register-type-${type}`} value={type} className="mt-0.5" />
                    <span className="grid gap-0.5">
                      <span>{t(`userType.${type}`)}</span>
                      <span className="text-xs font-normal text-muted-foreground">
                        {t(`userType.${type}Hint`)}
                      </span>
                    </span>
                  </Label>
                ))}
              </RadioGroup>
            )}
          />
          {message('userType') ? (
            <p className="text-sm text-destructive">{message('userType')}</p>
          ) : null}
        </fieldset>

        {userType === 'agent' ? (
          <FormField
            id="register-business"
            label={t('auth.businessName')}
            error={message('businessName')}
          >
            {(control) => (
              <Input {...control} autoComplete="organization" {...form.register('businessName')} />
            )}
          </FormField>
        ) : null}

        <PasswordChangeFields
          password={{
            id: 'register-password',
            label: t('auth.password'),
            error: message('password'),
            registration: form.register('password'),
          }}
          confirm={{
            id: 'register-confirm',
            label: t('auth.confirmPassword'),
            error: message('confirmPassword'),
            registration: form.register('confirmPassword'),
          }}
          hint={t('auth.passwordHint')}
        />

        <FormAlert message={failure} />
        <SubmitButton pending={register.isPending} pendingText={t('auth.creatingAccount')}>
          {t('auth.createAccount')}
        </SubmitButton>
        <AuthSwitchLink
          prompt={t('auth.haveAccount')}
          to={paths.login(
            searchParams.get('next') ?? undefined,
            searchParams.get('then') ?? undefined,
          )}
          label={t('nav.signIn')}
        />
      </form>
    </AuthCard>
  );
}
