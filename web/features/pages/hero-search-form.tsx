import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  categories,
  DEFAULT_SEARCH_PERIOD,
  propertyTypes,
  searchPeriods,
} from '#common/property-enums';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { paths } from '../../paths';

/** The hero's search form (spec, home): it only builds the /search URL. */
export function HeroSearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    navigate(
      paths.search({
        location: value('location'),
        propertyType: value('propertyType'),
        category: value('category'),
        minPrice: value('minPrice'),
        maxPrice: value('maxPrice'),
        timePeriod: value('minPrice') || value('maxPrice') ? value('timePeriod') : undefined,
      }),
    );
  };

  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label={t('landing.searchLabel')}
      className="grid gap-3 rounded-xl bg-white p-4 text-left shadow-xl sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-2">
        <Label htmlFor={`${id}-location`}>{t('search.location')}</Label>
        <Input
          id={`${id}-location`}
          name="location"
          placeholder={t('search.locationPlaceholder')}
          maxLength={200}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>{t('search.propertyType')}</Label>
        <NativeSelect id={`${id}-type`} name="propertyType" defaultValue="">
          <option value="">{t('search.anyType')}</option>
          {propertyTypes.map((type) => (
            <option key={type} value={type}>
              {t(`propertyType.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-category`}>{t('search.category')}</Label>
        <NativeSelect id={`${id}-category`} name="category" defaultValue="">
          <option value="">{t('search.anyCategory')}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {t(`category.${category}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-min`}>{t('search.minPrice')}</Label>
          <Input
            id={`${id}-min`}
            name="minPrice"
            type="number"
            min={0}
            inputMode="decimal"
            placeholder="0"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-max`}>{t('search.maxPrice')}</Label>
          <Input
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            min={0}
            inputMode="decimal"
            placeholder={t('search.noLimit')}
          />
        </div>
      </div>
      <div className="grid gap-1.5 sm:col-span-1 lg:col-span-2">
        <Label htmlFor={`${id}-period`}>{t('search.timePeriod')}</Label>
        <NativeSelect id={`${id}-period`} name="timePeriod" defaultValue={DEFAULT_SEARCH_PERIOD}>
          {searchPeriods.map((period) => (
            <option key={period} value={period}>
              {t(`period.${period}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" size="lg" className="self-end sm:col-span-1 lg:col-span-4">
        <Search aria-hidden />
        {t('landing.searchButton')}
      </Button>
    </form>
  );
}
