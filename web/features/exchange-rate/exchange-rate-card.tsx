import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftRight } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { exchangeRateInputSchema } from '#common/exchange-rate';
import { MAX_GHS_PER_USD, type ExchangeRate } from '#common/money';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { SubmitButton } from '../../components/ui/submit-button';
import { failureText, showServerFieldErrors } from '../../lib/field-errors';
import { toast } from '../../lib/toast';
import { localizeValidationMessage } from '../auth';
import { useAdminExchangeRate, useSaveExchangeRate } from './api';

type RateInput = z.input<typeof exchangeRateInputSchema>;
type RateValues = z.output<typeof exchangeRateInputSchema>;

const fieldNames = ['ghsPerUsd'] as const;

/** "15.40", "15.4321": two decimals at least, the four the server keeps at most. */
const rateNumber = (rate: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
    rate,
  );

/** "$1 = GH₵ 15.40, set 24 Nov 2026" in the reader's language. */
function rateText(t: TFunction, rate: ExchangeRate, language: string): string {
  const date = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(rate.setAt));
  return t('admin.settings.exchangeRate.current', {
    rate: rateNumber(rate.ghsPerUsd, language),
    date,
  });
}

/**
 * The rule's message for this field (the form's and the server's `invalidValue`: above 0, at
 * most 1000, four decimals); any other key or text as the shared messages have it.
 */
function rateMessage(t: TFunction, message: string | undefined, language: string) {
  if (message === 'invalidValue') {
    return t('admin.settings.exchangeRate.invalid', {
      max: new Intl.NumberFormat(language).format(MAX_GHS_PER_USD),
    });
  }
  return localizeValidationMessage(t, message);
}

/**
 * Settings (issue 20): the cedis-per-dollar rate renters' searches compare rents with, and
 * setting a new one. A saved rate replaces the cached one at once (renters' pages included).
 */
export function ExchangeRateCard() {
  const { t, i18n } = useTranslation();
  const rate = useAdminExchangeRate();
  const save = useSaveExchangeRate();
  // The field starts at the rate in use (issue 34: it started empty), and follows it when a
  // new one is saved; what the administrator has typed meanwhile stays.
  const form = useForm<RateInput, unknown, RateValues>({
    resolver: zodResolver(exchangeRateInputSchema),
    values: rate.data ? { ghsPerUsd: rate.data.ghsPerUsd } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const error = rateMessage(t, form.formState.errors.ghsPerUsd?.message, i18n.language);

  const onSubmit = form.handleSubmit(async ({ ghsPerUsd }) => {
    try {
      const saved = await save.mutateAsync({ ghsPerUsd });
      toast({
        title: t('admin.settings.exchangeRate.saved'),
        description: rateText(t, saved, i18n.language),
      });
      form.reset({ ghsPerUsd: saved.ghsPerUsd });
    } catch (failure) {
      showServerFieldErrors(failure, fieldNames, form.setError);
      toast({
        title: failureText(t, failure, 'admin.settings.exchangeRate.failed'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card className="p-4 sm:p-6">
      <h2
        id="admin-exchange-rate-heading"
        className="flex items-center gap-2 text-xl font-semibold"
      >
        <ArrowLeftRight className="size-5 text-primary" aria-hidden />
        {t('admin.settings.exchangeRate.title')}
      </h2>
      {rate.isError ? (
        <p role="alert" className="mt-2">
          {t('admin.settings.exchangeRate.loadFailed')}
        </p>
      ) : rate.data ? (
        <p className="mt-2 text-lg font-medium text-zinc-900">
          {rateText(t, rate.data, i18n.language)}
        </p>
      ) : (
        <Skeleton className="mt-2 h-7 w-64 max-w-full" />
      )}
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.settings.exchangeRate.text')}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="admin-exchange-rate-heading"
        className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <FormField
          id="admin-exchange-rate"
          label={t('admin.settings.exchangeRate.label')}
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0}
              max={MAX_GHS_PER_USD}
              step="any"
              autoComplete="off"
              disabled={save.isPending}
              {...form.register('ghsPerUsd', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <div className="sm:pt-5">
          <SubmitButton
            pending={save.isPending}
            pendingText={t('admin.settings.exchangeRate.saving')}
          >
            {t('admin.settings.exchangeRate.submit')}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
