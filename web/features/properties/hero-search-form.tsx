import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_SEARCH_PERIOD } from '#common/property-enums';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { paths } from '../../paths';
import { CategoryField, PeriodField, PriceField, PropertyTypeField } from './search-fields';

/** The hero's search form (spec, home): it only builds the /search URL. */
export function HeroSearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const priced = value('minPrice') !== '' || value('maxPrice') !== '';
    navigate(
      paths.search({
        location: value('location'),
        propertyType: value('propertyType'),
        category: value('category'),
        minPrice: value('minPrice'),
        maxPrice: value('maxPrice'),
        timePeriod: priced ? value('timePeriod') : undefined,
      }),
    );
  };

  return (
    <form
      // Before any script runs (a visitor's page, issue 36) a plain GET to the search page,
      // which reads the form's fields as its own URLs.
      method="get"
      action={paths.search()}
      onSubmit={submit}
      role="search"
      aria-label={t('landing.searchLabel')}
      className="grid gap-3 rounded-xl bg-white p-4 text-left text-zinc-900 shadow-xl sm:grid-cols-2 lg:grid-cols-6"
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
      <PropertyTypeField id={`${id}-type`} />
      <CategoryField id={`${id}-category`} />
      <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-2">
        <PriceField id={`${id}-min`} bound="min" />
        <PriceField id={`${id}-max`} bound="max" />
      </div>
      <div className="sm:col-span-1 lg:col-span-2">
        <PeriodField id={`${id}-period`} defaultValue={DEFAULT_SEARCH_PERIOD} />
      </div>
      <Button type="submit" size="lg" className="self-end sm:col-span-1 lg:col-span-4">
        <Search aria-hidden />
        {t('landing.searchButton')}
      </Button>
    </form>
  );
}
