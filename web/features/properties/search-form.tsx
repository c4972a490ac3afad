import { Search, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { amenityIds } from '#common/amenities';
import { currencies } from '#common/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';
import { AmenityIcon } from './amenity-icon';
import { formatRating } from './format';
import {
  CategoryField,
  ExchangeRateNote,
  MoveInFilterFields,
  PeriodField,
  PriceField,
  PropertyTypeField,
} from './search-fields';
import {
  BEDROOM_OPTIONS,
  countActiveFilters,
  defaultSort,
  minRatings,
  readFilters,
  readView,
  searchUrl,
  toApiQuery,
  toUrlParams,
  type SearchFilters,
  type SearchView,
} from './search-params';
import { paths } from '../../paths';

/**
 * The search page's form with what it keeps itself (whether the Filters panel is open): the
 * search page's island (decision 030). It reads the search from the URL and writes it back:
 * in the app the page follows; on a visitor's page, woken alone, the next page loads.
 */
export function SearchPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const view = readView(params);
  // `?filters=open` is the Filters toggle's own link: without a script it opens the panel.
  const [filtersOpen, setFiltersOpen] = useState(() => params.get('filters') === 'open');
  return (
    <SearchForm
      // A new URL (a search, back or forward) starts the form again from its values.
      key={new URLSearchParams(toApiQuery({ ...filters, page: 1, sort: 'relevance' })).toString()}
      filters={filters}
      view={view}
      filtersOpen={filtersOpen}
      toggleFiltersHref={paths.search({
        ...Object.fromEntries(toUrlParams(filters, view)),
        filters: 'open',
      })}
      onToggleFilters={() => setFiltersOpen((open) => !open)}
      onSubmit={(next) => {
        // Applied: the panel closes on every screen, so the results show (issue 34).
        setFiltersOpen(false);
        setParams(toUrlParams(next, view));
      }}
      clearHref={searchUrl(readFilters(new URLSearchParams()), view)}
    />
  );
}

const priceValue = (value: FormDataEntryValue | null) => String(value ?? '').trim();

/**
 * The search form and its Filters panel, one form: Search and Apply Filters both write every
 * field to the URL (page back to 1). The form starts from the URL's filters; the page remounts
 * it when the URL changes, so back and forward show what is searched.
 *
 * Before any script runs (issue 36) it is a plain GET form to /search, the Filters toggle a
 * link to the same search with its panel open, Clear Filters a link: the server renders what
 * they ask for. The page then reads the plain form's fields as it reads its own URLs.
 */
function SearchForm({
  filters,
  view,
  filtersOpen,
  toggleFiltersHref,
  onToggleFilters,
  onSubmit,
  clearHref,
}: {
  filters: SearchFilters;
  view: SearchView;
  filtersOpen: boolean;
  /** This search with its panel open, for a reader whose page runs no script. */
  toggleFiltersHref: string;
  onToggleFilters: () => void;
  onSubmit: (filters: SearchFilters) => void;
  clearHref: string;
}) {
  const { t, i18n } = useTranslation();
  // Not useId(): an island hydrates alone in a visitor's browser, where React would number its
  // ids by a different tree than the server's page (decision 030). One search form a page.
  const id = 'search';
  const panelId = `${id}-filters`;
  const [priceError, setPriceError] = useState(false);
  const active = countActiveFilters(filters);
  // Rendered from the first opening on (set while rendering: React's way to follow a prop).
  const [fieldsRendered, setFieldsRendered] = useState(filtersOpen);
  if (filtersOpen && !fieldsRendered) setFieldsRendered(true);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const min = priceValue(data.get('minPrice'));
    const max = priceValue(data.get('maxPrice'));
    if (min !== '' && max !== '' && Number(min) > Number(max)) {
      setPriceError(true);
      return;
    }
    setPriceError(false);
    // The form speaks the URL's language, so the URL's reader turns it into filters.
    const params = new URLSearchParams();
    for (const name of [
      'location',
      'propertyType',
      'category',
      'bedrooms',
      'guests',
      'verifiedLister',
      'minPrice',
      'maxPrice',
      'timePeriod',
      'currency',
      'maxAdvanceMonths',
      'maxMoveIn',
      'availableBy',
      'furnished',
      'minRating',
    ]) {
      params.set(name, String(data.get(name) ?? ''));
    }
    params.set('amenities', data.getAll('amenities').join(','));
    onSubmit({ ...readFilters(params), sort: filters.sort, page: 1 });
  };

  return (
    <form
      role="search"
      aria-label={t('searchPage.formLabel')}
      method="get"
      action={paths.search()}
      onSubmit={submit}
      noValidate
      className="rounded-xl border border-border bg-white p-3 shadow-sm sm:p-4"
    >
      {/* On a phone the fields' labels are said, not shown (each field shows what it is: a
          placeholder, "Any type", "Any category"), so the first result is on the first screen
          (issue 51). */}
      <div className="grid grid-cols-2 items-end gap-2 sm:gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto]">
        <div className="col-span-2 grid gap-1.5 md:col-span-1">
          <Label htmlFor={`${id}-location`} className={phoneHiddenLabel}>
            {t('search.location')}
          </Label>
          <Input
            id={`${id}-location`}
            name="location"
            type="search"
            defaultValue={filters.location}
            placeholder={t('search.locationPlaceholder')}
            maxLength={200}
          />
        </div>
        {/* A row each on phones: "Toutes les catégories" does not fit half of one. */}
        <PropertyTypeField
          id={`${id}-type`}
          defaultValue={filters.propertyType}
          className="col-span-2 sm:col-span-1"
          labelClassName={phoneHiddenLabel}
        />
        <CategoryField
          id={`${id}-category`}
          defaultValue={filters.category}
          className="col-span-2 sm:col-span-1"
          labelClassName={phoneHiddenLabel}
        />
        <Button type="submit">
          <Search aria-hidden />
          {t('landing.searchButton')}
        </Button>
        <Button asChild variant="outline">
          <a
            href={toggleFiltersHref}
            role="button"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={(event) => {
              event.preventDefault();
              onToggleFilters();
            }}
            onKeyDown={(event) => {
              // A button answers Space too; a link only Enter.
              if (event.key !== ' ') return;
              event.preventDefault();
              onToggleFilters();
            }}
          >
            <SlidersHorizontal aria-hidden />
            {t('searchPage.filters')}
            {active > 0 ? (
              <Badge variant="count">
                <span aria-hidden>{active}</span>
                <span className="sr-only">{t('searchPage.activeFilters', { count: active })}</span>
              </Badge>
            ) : null}
          </a>
        </Button>
      </div>

      {/* A plain submit keeps the order and the layout of the results (the script's own
          submit keeps them from the page's state). */}
      {filters.bbox ? <input type="hidden" name="bbox" value={filters.bbox} /> : null}
      {filters.near ? <input type="hidden" name="near" value={filters.near} /> : null}
      {filters.sort !== defaultSort(Boolean(filters.near)) ? (
        <input type="hidden" name="sort" value={filters.sort} />
      ) : null}
      {view === 'list' ? <input type="hidden" name="view" value="list" /> : null}

      {/* Until first opened, the panel's fields are not rendered (a phone parses and styles a
          sixth less of the page): hidden inputs keep the filters they hold, so a search from the
          top row keeps them. Once opened, they stay, hidden when closed, with what was typed. */}
      {fieldsRendered ? null : (
        <div id={panelId} hidden>
          {closedPanelValues(filters).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </div>
      )}
      {fieldsRendered ? (
        <div
          id={panelId}
          hidden={!filtersOpen}
          className="mt-4 grid gap-6 border-t border-border pt-4 lg:grid-cols-2"
        >
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-zinc-800">
              {t('searchPage.bedrooms')}
            </legend>
            <div className="flex flex-wrap gap-2">
              {[undefined, ...BEDROOM_OPTIONS, ...extraBedrooms(filters.bedrooms)].map((value) => (
                <label
                  key={value ?? 'any'}
                  className={cn(
                    'cursor-pointer rounded-full border border-zinc-300 px-4 py-1.5 text-sm transition',
                    'has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                  )}
                >
                  <input
                    type="radio"
                    name="bedrooms"
                    value={value ?? ''}
                    defaultChecked={filters.bedrooms === value}
                    className="sr-only"
                  />
                  {value === undefined
                    ? t('searchPage.any')
                    : t('searchPage.atLeast', { number: value })}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-guests`}>{t('searchPage.guests')}</Label>
            <Input
              id={`${id}-guests`}
              name="guests"
              type="number"
              min={1}
              max={50}
              step={1}
              inputMode="numeric"
              defaultValue={filters.guests}
              className="max-w-32"
            />
          </div>

          {/* Renters here fear fake agents most: a lister whose identity our team checked. */}
          <div className="flex items-start gap-2 lg:col-span-2">
            <Checkbox
              id={`${id}-verified`}
              name="verifiedLister"
              value="true"
              defaultChecked={filters.verifiedLister}
              aria-describedby={`${id}-verified-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-verified`}>{t('searchPage.verifiedListers')}</Label>
              <p id={`${id}-verified-hint`} className="text-sm text-muted-foreground">
                {t('searchPage.verifiedListersHint')}
              </p>
            </div>
          </div>

          {/* Reviews come only from renters who came to a viewing (issue 40). */}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-rating`}>{t('searchPage.minRating')}</Label>
            <NativeSelect
              id={`${id}-rating`}
              name="minRating"
              defaultValue={filters.minRating ?? ''}
              className="max-w-48"
            >
              <option value="">{t('searchPage.any')}</option>
              {minRatings.map((rating) => (
                <option key={rating} value={rating}>
                  {t('searchPage.ratingAtLeast', {
                    rating: formatRating(Number(rating), i18n.language),
                  })}
                </option>
              ))}
            </NativeSelect>
          </div>

          <fieldset className="lg:col-span-2">
            <legend className="mb-2 text-sm font-medium text-zinc-800">
              {t('searchPage.amenities')}
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
              {amenityIds.map((amenity) => (
                <label
                  key={amenity}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                >
                  <Checkbox
                    name="amenities"
                    value={amenity}
                    defaultChecked={filters.amenities.includes(amenity)}
                  />
                  <AmenityIcon amenity={amenity} className="size-4 text-zinc-500" />
                  {t(`amenity.${amenity}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="grid gap-3 lg:col-span-2">
            <legend className="mb-2 text-sm font-medium text-zinc-800">
              {t('searchPage.priceRange')}
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <PriceField id={`${id}-min`} bound="min" defaultValue={filters.minPrice} />
              <PriceField
                id={`${id}-max`}
                bound="max"
                defaultValue={filters.maxPrice}
                invalid={priceError}
                describedBy={priceError ? `${id}-price-error` : undefined}
              />
              <PeriodField id={`${id}-period`} defaultValue={filters.timePeriod} />
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-currency`}>{t('searchPage.currency')}</Label>
                <NativeSelect id={`${id}-currency`} name="currency" defaultValue={filters.currency}>
                  {currencies.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            {priceError ? (
              <p id={`${id}-price-error`} className="text-sm text-destructive">
                {t('searchPage.priceOrder')}
              </p>
            ) : null}
            <ExchangeRateNote enabled={filtersOpen} />
          </fieldset>

          <MoveInFilterFields id={id} filters={filters} />

          <div className="flex flex-wrap gap-3 lg:col-span-2">
            <Button type="submit">{t('searchPage.applyFilters')}</Button>
            <Button asChild variant="outline">
              <Link to={clearHref}>{t('searchPage.clearFilters')}</Link>
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

/** The form's fields outside the Filters panel, which `closedPanelValues` leaves out. */
/** A label only screen readers hear on a phone, shown from the small breakpoint. */
const phoneHiddenLabel = 'max-sm:sr-only';

const TOP_ROW_FIELDS = new Set(['location', 'propertyType', 'category', 'sort', 'page']);

/** What the closed Filters panel's fields would submit: the search's other filters. */
export function closedPanelValues(filters: SearchFilters): [string, string][] {
  return Object.entries(toApiQuery(filters)).filter(([name]) => !TOP_ROW_FIELDS.has(name));
}

/** A shared link may ask for more bedrooms than the usual choices: show that choice too. */
function extraBedrooms(bedrooms: number | undefined): number[] {
  return bedrooms !== undefined && bedrooms > BEDROOM_OPTIONS.at(-1)! ? [bedrooms] : [];
}
