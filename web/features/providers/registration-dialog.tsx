import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MAX_MONTHS_EXPERIENCE,
  MAX_YEARS_EXPERIENCE,
  type ProviderCategory,
} from '#common/providers';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FieldLabel, FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { Checkbox } from '../../components/ui/checkbox';
import { showServerFieldErrors } from '../../lib/field-errors';
import { toast } from '../../lib/toast';
import { localizeValidationMessage } from '../auth';
import { useRegisterProvider } from './api';
import {
  emptyRegistration,
  registrationPayload,
  validMonths,
  validYears,
  type RegistrationValues,
} from './registration-form';

const requiredFields = [
  'businessName',
  'contactPerson',
  'email',
  'phone',
  'businessAddress',
  'serviceArea',
  'servicesOffered',
] as const;
const serverFields = [...requiredFields, 'description'] as const;
const notBlank = (value: unknown) => String(value ?? '').trim() !== '' || 'required';

/** The registration dialog of a trade (spec: every field and rule of the service provider form). */
export function RegistrationDialog({
  category,
  onClose,
}: {
  category: ProviderCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const register = useRegisterProvider();
  const form = useForm<RegistrationValues>({ defaultValues: emptyRegistration });
  // The page behind a modal dialog is hidden from screen readers, toasts included: the
  // failure is also said inside the dialog.
  const [failed, setFailed] = useState(false);
  const error = (name: keyof RegistrationValues) =>
    localizeValidationMessage(t, form.formState.errors[name]?.message);

  const close = () => {
    form.reset(emptyRegistration);
    setFailed(false);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!category) return;
    setFailed(false);
    try {
      await register.mutateAsync(registrationPayload(category, values));
      toast({
        title: t('services.register.sentTitle'),
        description: t('services.register.sentText'),
      });
      close();
    } catch (failure) {
      showServerFieldErrors<RegistrationValues>(failure, serverFields, form.setError);
      setFailed(true);
      toast({
        title: t('services.register.failedTitle'),
        description: t('services.register.failedText'),
        variant: 'destructive',
      });
    }
  });

  const text = (name: (typeof requiredFields)[number], type = 'text', autoComplete?: string) => (
    <FormField
      id={`provider-${name}`}
      label={<FieldLabel text={t(`services.register.fields.${name}`)} required />}
      error={error(name)}
    >
      {(control) => (
        <Input
          {...control}
          type={type}
          autoComplete={autoComplete}
          aria-required
          {...form.register(name, { validate: notBlank })}
        />
      )}
    </FormField>
  );

  return (
    <Dialog open={category !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>
          {category
            ? t('services.register.title', { category: t(`services.categories.${category}.name`) })
            : null}
        </DialogTitle>
        <DialogDescription>{t('services.register.intro')}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('businessName', 'text', 'organization')}
            {text('contactPerson', 'text', 'name')}
            {text('email', 'email', 'email')}
            {text('phone', 'tel', 'tel')}
          </div>
          {text('businessAddress', 'text', 'street-address')}
          {text('serviceArea')}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('services.register.experience')}</legend>
            <div className="grid grid-cols-2 gap-4">
              <FormField
                id="provider-years"
                label={t('services.register.years')}
                error={error('years')}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_YEARS_EXPERIENCE}
                    step={1}
                    {...form.register('years', {
                      validate: (value) => validYears(value) || 'yearsRange',
                    })}
                  />
                )}
              </FormField>
              <FormField
                id="provider-months"
                label={t('services.register.months')}
                error={error('months')}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_MONTHS_EXPERIENCE}
                    step={1}
                    {...form.register('months', {
                      validate: (value) => validMonths(value) || 'monthsRange',
                    })}
                  />
                )}
              </FormField>
            </div>
          </fieldset>
          <FormField
            id="provider-servicesOffered"
            label={<FieldLabel text={t('services.register.fields.servicesOffered')} required />}
            error={error('servicesOffered')}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={1000}
                aria-required
                {...form.register('servicesOffered', { validate: notBlank })}
              />
            )}
          </FormField>
          <FormField
            id="provider-description"
            label={t('services.register.fields.description')}
            error={error('description')}
          >
            {(control) => (
              <Textarea {...control} rows={3} maxLength={2000} {...form.register('description')} />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox {...form.register('emergencyAvailable')} />
            {t('services.register.emergency')}
          </label>
          <p className="text-sm text-muted-foreground">{t('services.reviewNote')}</p>
          {failed ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
              {t('services.register.failedTitle')}: {t('services.register.failedText')}
            </p>
          ) : null}
          <div className="flex justify-end">
            <SubmitButton pending={register.isPending} pendingText={t('services.register.sending')}>
              {t('services.register.submit')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
