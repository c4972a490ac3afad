import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { User } from '#common/auth';
import {
  alertChannels,
  alertFrequencies,
  MAX_SAVED_SEARCH_NAME,
  savedSearchInputSchema,
} from '#common/saved-searches';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { ApiRequestError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/field-errors';
import { apiErrorReason, localizeFieldMessage } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { ChannelHint, defaultChannel, usableChannels } from './alert-channels';
import { useCreateSavedSearch } from './api';
import { defaultSearchName, searchFilterList } from './describe-search';

// This module, its schema and Zod load when the reader presses "Save this search": the search
// page is a first page with a JavaScript budget (docs/performance.md).

/** The form: the server's own rules for channel and frequency; a blank name is the proposed one. */
const formSchema = z.object({
  name: z.string().trim().max(MAX_SAVED_SEARCH_NAME, { error: 'tooLong' }),
  channel: savedSearchInputSchema.shape.channel,
  frequency: savedSearchInputSchema.shape.frequency,
});
type FormValues = z.infer<typeof formSchema>;
const formFields = ['name', 'channel', 'frequency'] as const;

/** Why saving failed: the answer's code, else the search parameters the server refused. */
function failureText(t: TFunction, error: unknown): string {
  const reason = apiErrorReason(t, error);
  if (reason) return reason;
  if (error instanceof ApiRequestError) {
    const filters = Object.keys(error.fields)
      .filter((field) => !formFields.includes(field as (typeof formFields)[number]))
      .map((field) => field.replace(/^query\./, ''));
    if (filters.length > 0) {
      return t('savedSearches.dialog.badFilters', { filters: filters.join(', ') });
    }
  }
  return t('savedSearches.dialog.failed');
}

export default function SaveSearchDialog({
  user,
  query,
  onClose,
}: {
  user: User;
  /** The search's URL parameters, page left out. */
  query: Record<string, string>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const usable = usableChannels(user);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: defaultSearchName(t, i18n.language, query),
      channel: defaultChannel(user),
      frequency: 'instant',
    },
  });
  const create = useCreateSavedSearch();
  const noChannel = !usable.email && !usable.sms;

  const submit = form.handleSubmit(({ name, ...choices }) =>
    create.mutate(
      // A cleared name takes the proposed one, in the reader's language (the server's is English).
      { ...choices, name: name || defaultSearchName(t, i18n.language, query), query },
      {
        onSuccess: () => {
          toast({
            title: t('savedSearches.saved'),
            action: { label: t('savedSearches.manage'), to: paths.savedSearches() },
          });
          onClose();
        },
        onError: (error) => showServerFieldErrors(error, formFields, form.setError),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('savedSearches.save')}</DialogTitle>
        <DialogDescription>{t('savedSearches.dialog.text')}</DialogDescription>
        {/* What is saved, in words: the URL's filters are not on screen here (issue 34). */}
        <div className="rounded-md bg-muted px-3 py-2 text-sm">
          <p id="saved-search-filters" className="font-medium text-zinc-900">
            {t('savedSearches.dialog.filters')}
          </p>
          <ul aria-labelledby="saved-search-filters" className="mt-1 list-disc ps-5 text-zinc-700">
            {searchFilterList(t, i18n.language, query).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <FormField
            id="saved-search-name"
            label={t('savedSearches.name')}
            error={localizeFieldMessage(t, form.formState.errors.name?.message)}
          >
            {(control) => (
              <Input {...control} maxLength={MAX_SAVED_SEARCH_NAME} {...form.register('name')} />
            )}
          </FormField>
          <Choices
            control={form.control}
            name="channel"
            legend={t('savedSearches.channel.label')}
            options={alertChannels}
            text={(channel) => t(`savedSearches.channel.${channel}`)}
            disabled={(channel) => !usable[channel]}
            hint={(channel) => (
              <ChannelHint channel={channel} user={user} id={`saved-search-${channel}-hint`} />
            )}
          />
          <Choices
            control={form.control}
            name="frequency"
            legend={t('savedSearches.frequency.label')}
            options={alertFrequencies}
            text={(frequency) => t(`savedSearches.frequency.${frequency}`)}
            disabled={() => false}
          />
          {create.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {failureText(t, create.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending || noChannel}>
              {create.isPending ? t('savedSearches.dialog.saving') : t('savedSearches.dialog.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A labelled group of radios; an option that is off says why under it. */
function Choices<N extends 'channel' | 'frequency', V extends FormValues[N]>({
  control,
  name,
  legend,
  options,
  text,
  disabled,
  hint,
}: {
  control: Control<FormValues>;
  name: N;
  legend: string;
  options: readonly V[];
  text: (option: V) => string;
  disabled: (option: V) => boolean;
  hint?: (option: V) => ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            aria-label={legend}
            className="grid gap-2"
          >
            {options.map((option) => {
              const off = disabled(option);
              const id = `saved-search-${option}`;
              return (
                <div key={option} className="grid gap-1">
                  <Label
                    htmlFor={id}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-border p-2.5 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                  >
                    <RadioGroupItem
                      id={id}
                      value={option}
                      disabled={off}
                      aria-describedby={off && hint ? `${id}-hint` : undefined}
                    />
                    {text(option)}
                  </Label>
                  {off && hint ? hint(option) : null}
                </div>
              );
            })}
          </RadioGroup>
        )}
      />
    </fieldset>
  );
}
