import { useTranslation } from 'react-i18next';
import { categories, propertyTypes, searchPeriods } from '#common/property-enums';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';

/** Fields both search forms (the hero's and the search page's) share, named as the URL is. */

type SelectFieldProps = {
  id: string;
  defaultValue?: string;
  /** Where it sits in the form's grid. */
  className?: string;
};

export function PropertyTypeField({ id, defaultValue, className }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{t('search.propertyType')}</Label>
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

export function CategoryField({ id, defaultValue, className }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{t('search.category')}</Label>
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
