import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  contactMethods,
  contactUserTypes,
  MAX_MESSAGE_LENGTH,
  type ContactMessage,
} from '#common/inbox';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { SubmitButton } from '../../components/ui/submit-button';
import { showServerFieldErrors } from '../../lib/field-errors';
import { toast } from '../../lib/toast';
import { localizeValidationMessage } from '../auth';
import { useSendContactMessage } from './api';

type Values = {
  firstName: string;
  lastName: string;
  contactMethod: (typeof contactMethods)[number];
  email: string;
  phone: string;
  userType: string;
  subject: string;
  message: string;
};

const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'userType',
  'subject',
  'message',
] as const satisfies readonly (keyof Values)[];

const defaults: Values = {
  firstName: '',
  lastName: '',
  contactMethod: 'email',
  email: '',
  phone: '',
  userType: '',
  subject: '',
  message: '',
};

/** The spec's checks, in its order, before any call: the first that fails names the toast. */
function missing(values: Values): 'fields' | 'email' | 'phone' | null {
  const required = [
    values.firstName,
    values.lastName,
    values.subject,
    values.message,
    values.userType,
  ];
  if (required.some((value) => value.trim() === '')) return 'fields';
  if (values.contactMethod === 'email' && values.email.trim() === '') return 'email';
  if (values.contactMethod === 'phone' && values.phone.trim() === '') return 'phone';
  return null;
}

/**
 * Send Us a Message (spec: Public Contact page): only the chosen contact method's field is
 * shown, both are sent; success clears the form, failure keeps what was typed.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendContactMessage();
  const [invalid, setInvalid] = useState<ReturnType<typeof missing>>(null);
  const form = useForm<Values>({ defaultValues: defaults });
  const method = useWatch({ control: form.control, name: 'contactMethod' });

  const onSubmit = form.handleSubmit(async (values) => {
    const problem = missing(values);
    setInvalid(problem);
    if (problem) {
      toast({
        title: t(`contact.missing.${problem}Title`),
        description: t(`contact.missing.${problem}Text`),
        variant: 'destructive',
      });
      return;
    }
    try {
      await send.mutateAsync({
        ...values,
        userType: values.userType as ContactMessage['userType'],
      });
      form.reset(defaults);
      toast({ title: t('contact.sentTitle'), description: t('contact.sentText') });
    } catch (failure) {
      showServerFieldErrors<Values>(failure, fieldNames, form.setError);
      toast({
        title: t('contact.failedTitle'),
        description: t('contact.failedText'),
        variant: 'destructive',
      });
    }
  });

  const flagged = (name: keyof Values) => {
    if (!invalid) return false;
    const value = form.getValues(name).trim();
    if (name === 'email') return invalid === 'email';
    if (name === 'phone') return invalid === 'phone';
    return invalid === 'fields' && value === '';
  };
  const requiredText = (name: keyof Values) =>
    flagged(name)
      ? t('validation.required')
      : localizeValidationMessage(t, form.formState.errors[name]?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('contact.form.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-first`}
          label={t('contact.form.firstName')}
          error={requiredText('firstName')}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="given-name"
              aria-required
              {...form.register('firstName')}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-last`}
          label={t('contact.form.lastName')}
          error={requiredText('lastName')}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="family-name"
              aria-required
              {...form.register('lastName')}
            />
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('contact.form.contactMethod')}</legend>
        <Controller
          control={form.control}
          name="contactMethod"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              className="flex gap-6"
              aria-label={t('contact.form.contactMethod')}
            >
              {contactMethods.map((option) => (
                <div key={option} className="flex items-center gap-2">
                  <RadioGroupItem value={option} id={`${id}-method-${option}`} />
                  <Label htmlFor={`${id}-method-${option}`}>
                    {t(`contact.form.methods.${option}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      {method === 'email' ? (
        <FormField
          id={`${id}-email`}
          label={t('contact.form.email')}
          error={flagged('email') ? t('validation.emailRequired') : requiredText('email')}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              aria-required
              {...form.register('email')}
            />
          )}
        </FormField>
      ) : (
        <FormField
          id={`${id}-phone`}
          label={t('contact.form.phone')}
          error={flagged('phone') ? t('validation.phoneRequired') : requiredText('phone')}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="tel"
              aria-required
              {...form.register('phone')}
            />
          )}
        </FormField>
      )}
      <FormField
        id={`${id}-type`}
        label={t('contact.form.userType')}
        error={requiredText('userType')}
      >
        {(control) => (
          <NativeSelect {...control} aria-required {...form.register('userType')}>
            <option value="">{t('contact.form.chooseUserType')}</option>
            {contactUserTypes.map((type) => (
              <option key={type} value={type}>
                {t(`contact.form.userTypes.${type}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${id}-subject`}
        label={t('contact.form.subject')}
        error={requiredText('subject')}
      >
        {(control) => <Input {...control} aria-required {...form.register('subject')} />}
      </FormField>
      <FormField
        id={`${id}-message`}
        label={t('contact.form.message')}
        error={requiredText('message')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={MAX_MESSAGE_LENGTH}
            aria-required
            {...form.register('message')}
          />
        )}
      </FormField>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('contact.form.privacy')}
      </p>
      <div>
        <SubmitButton pending={send.isPending} pendingText={t('contact.form.sending')}>
          {t('contact.form.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
