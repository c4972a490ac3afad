import { zodResolver } from '@hookform/resolvers/zod';
import { LifeBuoy } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  MAX_MESSAGE_LENGTH,
  supportCategories,
  supportMessageSchema,
  type SupportMessage,
} from '#common/inbox';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { ApiRequestError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/field-errors';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { localizeValidationMessage, useCurrentUser } from '../auth';
import { useSendSupportMessage } from './api';
import { apiErrorText } from '../../lib/server-messages';

type Values = { name: string; email: string; subject: string; category: string; message: string };
const fieldNames = ['name', 'email', 'subject', 'category', 'message'] as const;

/** The 24/7 support form (spec): email, subject and message required; name and category not. */
export default function SupportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('support.title'));
  const { user } = useCurrentUser();
  const send = useSendSupportMessage();
  const empty: Values = {
    // A signed-in reader does not type what we know.
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    subject: '',
    category: '',
    message: '',
  };
  const form = useForm<SupportMessage, unknown, z.output<typeof supportMessageSchema>>({
    resolver: zodResolver(supportMessageSchema),
    // The route waits for the current user (routes.tsx), so it is known here.
    defaultValues: empty,
  });
  const error = (name: (typeof fieldNames)[number]) =>
    localizeValidationMessage(t, form.formState.errors[name]?.message);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await send.mutateAsync(values);
        form.reset(empty);
        toast({ title: t('support.sentTitle'), description: t('support.sentText') });
      } catch (failure) {
        showServerFieldErrors<SupportMessage>(failure, fieldNames, form.setError);
        // A refused message says why (in the reader's words); any other failure, the spec's.
        const refused = failure instanceof ApiRequestError && failure.status === 400;
        toast({
          title: refused
            ? apiErrorText(t, failure, t('support.failedTitle'))
            : t('support.failedTitle'),
          description: t('support.failedText'),
          variant: 'destructive',
        });
      }
    },
    () => toast({ title: t('support.missingFields'), variant: 'destructive' }),
  );

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-6">
          <LifeBuoy aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-bold">{t('support.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('support.intro')}</p>
        </div>
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('support.formTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('support.required')}</p>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="support-name" label={t('support.name')} error={error('name')}>
                {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
              </FormField>
              <FormField id="support-email" label={t('support.email')} error={error('email')}>
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
            </div>
            <FormField
              id="support-category"
              label={t('support.category')}
              error={error('category')}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register('category')}>
                  <option value="">{t('support.chooseCategory')}</option>
                  {supportCategories.map((category) => (
                    <option key={category} value={category}>
                      {t(`support.categories.${category}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="support-subject" label={t('support.subject')} error={error('subject')}>
              {(control) => <Input {...control} aria-required {...form.register('subject')} />}
            </FormField>
            <FormField id="support-message" label={t('support.message')} error={error('message')}>
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
            <div>
              <SubmitButton pending={send.isPending} pendingText={t('support.sending')}>
                {t('support.send')}
              </SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
