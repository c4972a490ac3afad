import { useTranslation } from 'react-i18next';
import { furnishings, MAX_ADVANCE_MONTHS } from '#common/move-in';
import { categories, propertyTypes, searchPeriods } from '#common/property-enums';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';
import { useExchangeRate } from './api';
import { rateValues } from './move-in-card-rate';
import type { SearchFilters } from './search-params';

/** Fields both search forms (the hero's and the search page's) share, named as the URL is. */

type SelectFieldProps = {
  id: string;
  defaultValue?: string;
  /** Where it sits in the form's grid. */
  className?: string;
  /** The label's look: the search page's phone layout says it to screen readers only. */
  labelClassName?: string;
};

export function PropertyTypeField({
  id,
  defaultValue,
  className,
  labelClassName,
}: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {t('search.propertyType')}
      </Label>
      <NativeSelect id={id} name="propertyType" defaultValue={defaultValue ?? ''}>
        <option value="">{t('search.anyType')}</option>
        {propertyTypes.map((type) => (
          <option key={type} value={type}>
            {t(`propertyType.${type}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function CategoryField({ id, defaultValue, className, labelClassName }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {t('search.category')}
      </Label>
      <NativeSelect id={id} name="category" defaultValue={defaultValue ?? ''}>
        <option value="">{t('search.anyCategory')}</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {t(`category.${category}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function PriceField({
  id,
  bound,
  defaultValue,
  invalid,
  describedBy,
}: {
  id: string;
  bound: 'min' | 'max';
  defaultValue?: number;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t(bound === 'min' ? 'search.minPrice' : 'search.maxPrice')}</Label>
      <Input
        id={id}
        name={bound === 'min' ? 'minPrice' : 'maxPrice'}
        type="number"
        min={0}
        inputMode="decimal"
        placeholder={bound === 'min' ? '0' : t('search.noLimit')}
        defaultValue={defaultValue ?? ''}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

export function PeriodField({ id, defaultValue }: { id: string; defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t('search.timePeriod')}</Label>
      <NativeSelect id={id} name="timePeriod" defaultValue={defaultValue}>
        {searchPeriods.map((period) => (
          <option key={period} value={period}>
            {t(`period.${period}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The Filters panel's move-in terms (issue 20); the cap is in the prices' currency. */
export function MoveInFilterFields({
  id,
  filters,
}: {
  id: string;
  filters: Pick<SearchFilters, 'maxAdvanceMonths' | 'maxMoveIn' | 'availableBy' | 'furnished'>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-3 lg:col-span-2">
      <legend className="mb-2 text-sm font-medium text-zinc-800">{t('searchPage.moveIn')}</legend>
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-advance`}>{t('searchPage.maxAdvanceMonths')}</Label>
          <Input
            id={`${id}-advance`}
            name="maxAdvanceMonths"
            type="number"
            min={0}
            max={MAX_ADVANCE_MONTHS}
            step={1}
            inputMode="numeric"
            placeholder={t('search.noLimit')}
            defaultValue={filters.maxAdvanceMonths ?? ''}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-move-in`}>{t('searchPage.maxMoveIn')}</Label>
          <Input
            id={`${id}-move-in`}
            name="maxMoveIn"
            type="number"
            min={0}
            inputMode="decimal"
            placeholder={t('search.noLimit')}
            defaultValue={filters.maxMoveIn ?? ''}
            aria-describedby={`${id}-move-in-hint`}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-available`}>{t('searchPage.availableBy')}</Label>
          <Input
            id={`${id}-available`}
            name="availableBy"
            type="date"
            defaultValue={filters.availableBy ?? ''}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-furnished`}>{t('searchPage.furnished')}</Label>
          <NativeSelect
            id={`${id}-furnished`}
            name="furnished"
            defaultValue={filters.furnished ?? ''}
          >
            <option value="">{t('searchPage.any')}</option>
            {furnishings.map((furnishing) => (
              <option key={furnishing} value={furnishing}>
                {t(`moveIn.furnishing.${furnishing}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p id={`${id}-move-in-hint`} className="text-sm text-muted-foreground">
        {t('searchPage.maxMoveInHint')}
      </p>
    </fieldset>
  );
}

/** The rate rents in the other currency are compared at; read once the panel is open. */
export function ExchangeRateNote({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { data: rate } = useExchangeRate({ enabled });
  if (!rate) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {t('searchPage.rateNote', rateValues(rate, i18n.language))}
    </p>
  );
}
