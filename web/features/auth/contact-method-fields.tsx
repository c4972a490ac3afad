import { Mail, Phone } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

export type ContactMethod = 'email' | 'phone';

/**
 * The Email / Phone tabs of sign-in and sign-up, each with its field. Both panels stay mounted
 * (hidden when inactive) so every tab's aria-controls points at a real element.
 */
export function ContactMethodFields({
  idPrefix,
  label,
  method,
  onMethodChange,
  email,
  phone,
}: {
  idPrefix: string;
  label: string;
  method: ContactMethod;
  onMethodChange: (method: ContactMethod) => void;
  email: { field: UseFormRegisterReturn; error?: string };
  /** `unavailable`: why a phone number cannot be used here (the box is then disabled). */
  phone: { field: UseFormRegisterReturn; error?: string; unavailable?: string };
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={method} onValueChange={(value) => onMethodChange(value as ContactMethod)}>
      <TabsList aria-label={label}>
        <TabsTrigger value="email">
          <Mail aria-hidden />
          {t('auth.email')}
        </TabsTrigger>
        <TabsTrigger value="phone">
          <Phone aria-hidden />
          {t('auth.phone')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="email" forceMount className="mt-4 data-[state=inactive]:hidden">
        <FormField id={`${idPrefix}-email`} label={t('auth.email')} error={email.error}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...email.field} />}
        </FormField>
      </TabsContent>
      <TabsContent value="phone" forceMount className="mt-4 data-[state=inactive]:hidden">
        {phone.unavailable ? (
          <p id={`${idPrefix}-phone-unavailable`} className="mb-3 text-sm text-zinc-700">
            {phone.unavailable}
          </p>
        ) : null}
        <FormField id={`${idPrefix}-phone`} label={t('auth.phone')} error={phone.error}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="tel"
              placeholder="+233 24 123 4567"
              disabled={Boolean(phone.unavailable)}
              aria-describedby={
                phone.unavailable
                  ? [control['aria-describedby'], `${idPrefix}-phone-unavailable`]
                      .filter(Boolean)
                      .join(' ')
                  : control['aria-describedby']
              }
              {...phone.field}
            />
          )}
        </FormField>
      </TabsContent>
    </Tabs>
  );
}
