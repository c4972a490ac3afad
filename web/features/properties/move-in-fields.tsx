import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  advanceOverLegalCap,
  agentFeeKinds,
  agentFeePayers,
  furnishings,
  MAX_ADVANCE_MONTHS,
  MIN_LEASE_MONTHS_RANGE,
  utilities,
} from '#common/move-in';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Checkbox } from '../../components/ui/checkbox';
import { cn } from '../../lib/utils';
import { Hint, useFieldError } from './listing-fields';
import type { ListingFormValues } from './listing-form';
import { MoveInPreview } from './move-in-fields-preview';

/**
 * The move-in terms of a listing (issue 20), shared by the wizard's second step and the edit
 * page: in Ghana a tenant pays months of rent in advance, a deposit and often an agent's fee
 * before moving in, so renters need these as much as the rent. All are optional; the defaults
 * (no advance, no deposit, no fee, unfurnished) are those of common/listings.ts.
 */
type Props = { form: UseFormReturn<ListingFormValues>; idPrefix: string };

/** Joins the ids a control is described by, leaving out the absent ones. */
const describedBy = (...ids: (string | undefined | false)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** An input with its unit after it ("%", "months of rent", the currency). */
function WithUnit({
  unit,
  unitId,
  children,
}: {
  unit: string;
  unitId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      {children}
      <span id={unitId} className="shrink-0 text-sm text-muted-foreground">
        {unit}
      </span>
    </div>
  );
}

/** One of a fixed list of values, each labelled by `moveInForm.<labels>.<value>`. */
function ChoiceField({
  form,
  id,
  name,
  label,
  values,
  labels,
}: {
  form: Props['form'];
  id: string;
  name: 'agentFeeKind' | 'agentFeePayer' | 'furnished';
  label: string;
  values: readonly string[];
  labels: 'feeKinds' | 'payers' | 'furnishings';
}) {
  const { t } = useTranslation();
  const error = useFieldError(form);
  return (
    <FormField id={id} label={label} error={error(name)}>
      {(control) => (
        <NativeSelect {...control} {...form.register(name)}>
          {values.map((value) => (
            <option key={value} value={value}>
              {t(`moveInForm.${labels}.${value}`)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

export function MoveInFields({ form, idPrefix }: Props) {
  const { t } = useTranslation();
  const error = useFieldError(form);
  const [advance, feeKind, currency] = useWatch({
    control: form.control,
    name: ['advanceMonths', 'agentFeeKind', 'currency'],
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  // A warning, not an error: the Rent Act's cap is the owner's to respect, and a listing
  // that asks more may still be saved (renters see the terms as they are).
  const overCap = advanceOverLegalCap(Number(advance) || 0);
  const feeUnit =
    feeKind === 'percent'
      ? t('moveInForm.units.percent')
      : feeKind === 'months'
        ? t('moveInForm.units.months')
        : currency;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('advance')}
          label={t('moveInForm.advanceMonths')}
          error={error('advanceMonths')}
        >
          {(control) => (
            <>
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_ADVANCE_MONTHS}
                step={1}
                aria-describedby={describedBy(control['aria-describedby'], id('advance-hint'))}
                {...form.register('advanceMonths')}
              />
              {/* Always there, so that the change to a warning is read out politely. */}
              <p
                id={id('advance-hint')}
                role="status"
                className={cn(
                  '-mt-0.5 flex items-start gap-1.5 text-xs',
                  overCap
                    ? 'rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950'
                    : 'text-muted-foreground',
                )}
              >
                {overCap ? (
                  <AlertTriangle className="mt-px size-4 shrink-0 text-amber-600" aria-hidden />
                ) : null}
                {t(overCap ? 'moveInForm.advanceWarning' : 'moveInForm.advanceHint')}
              </p>
            </>
          )}
        </FormField>
        <FormField
          id={id('deposit')}
          label={t('moveInForm.deposit')}
          error={error('depositAmount')}
        >
          {(control) => (
            <>
              <WithUnit unit={currency} unitId={id('deposit-unit')}>
                <Input
                  {...control}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0"
                  aria-describedby={describedBy(
                    control['aria-describedby'],
                    id('deposit-unit'),
                    id('deposit-hint'),
                  )}
                  {...form.register('depositAmount')}
                />
              </WithUnit>
              <Hint id={id('deposit-hint')}>{t('moveInForm.depositHint')}</Hint>
            </>
          )}
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceField
          form={form}
          id={id('fee-kind')}
          name="agentFeeKind"
          label={t('moveInForm.agentFee')}
          values={agentFeeKinds}
          labels="feeKinds"
        />
        {feeKind === 'none' ? null : (
          <>
            <FormField
              id={id('fee-value')}
              label={t('moveInForm.feeValue')}
              error={error('agentFeeValue')}
            >
              {(control) => (
                <>
                  <WithUnit unit={feeUnit} unitId={id('fee-unit')}>
                    <Input
                      {...control}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0"
                      aria-describedby={describedBy(
                        control['aria-describedby'],
                        id('fee-unit'),
                        feeKind === 'percent' && id('fee-hint'),
                      )}
                      {...form.register('agentFeeValue')}
                    />
                  </WithUnit>
                  {feeKind === 'percent' ? (
                    <Hint id={id('fee-hint')}>{t('moveInForm.percentHint')}</Hint>
                  ) : null}
                </>
              )}
            </FormField>
            <ChoiceField
              form={form}
              id={id('fee-payer')}
              name="agentFeePayer"
              label={t('moveInForm.payer')}
              values={agentFeePayers}
              labels="payers"
            />
          </>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id={id('available-from')}
          label={t('moveInForm.availableFrom')}
          error={error('availableFrom')}
        >
          {(control) => (
            <>
              <Input
                {...control}
                type="date"
                aria-describedby={describedBy(control['aria-describedby'], id('available-hint'))}
                {...form.register('availableFrom')}
              />
              <Hint id={id('available-hint')}>{t('moveInForm.availableFromHint')}</Hint>
            </>
          )}
        </FormField>
        <FormField
          id={id('min-lease')}
          label={t('moveInForm.minLease')}
          error={error('minLeaseMonths')}
        >
          {(control) => (
            <>
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={MIN_LEASE_MONTHS_RANGE.min}
                max={MIN_LEASE_MONTHS_RANGE.max}
                step={1}
                aria-describedby={describedBy(control['aria-describedby'], id('min-lease-hint'))}
                {...form.register('minLeaseMonths')}
              />
              <Hint id={id('min-lease-hint')}>{t('moveInForm.minLeaseHint')}</Hint>
            </>
          )}
        </FormField>
        <ChoiceField
          form={form}
          id={id('furnished')}
          name="furnished"
          label={t('moveInForm.furnished')}
          values={furnishings}
          labels="furnishings"
        />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('moveInForm.utilities')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {utilities.map((utility) => (
            <label
              key={utility}
              htmlFor={id(`utility-${utility}`)}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            >
              <Checkbox
                id={id(`utility-${utility}`)}
                value={utility}
                {...form.register('utilitiesIncluded')}
              />
              {t(`moveInForm.utility.${utility}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <MoveInPreview form={form} />
    </div>
  );
}
