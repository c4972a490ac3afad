import { Heart, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_RENT_UNIT, searchPeriodToPricing, type RentUnit } from '#common/money';
import type { Property } from '#common/properties';
import { SEARCH_PAGE_SIZE } from '#common/property-enums';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { useDocumentTitle } from '../../lib/use-document-title';
import { navigateOutOfApp } from '../../lib/full-page-navigation';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { SaveSearchButton } from '../saved-searches';
import { signInToSaveUrl, useSavedListings, useSearchProperties } from './api';
import { compareUnitOf } from './converted-rent';
import {
  cardListClass,
  ListedPropertyCard,
  PropertyCardSkeleton,
  SKELETON_COUNT,
  type CardLayout,
} from './property-card';
import { SavedListingCards } from './saved-listing-cards';
import { SearchPanel } from './search-form';
import { NearPlace } from './near-place';
import { SearchMap } from './search-map';
import { SortLinks, ViewToggle } from './search-view-controls';
import { Island } from '../../components/island';
import {
  readFilters,
  readView,
  searchUrl,
  toApiQuery,
  toUrlParams,
  totalPages,
} from './search-params';

/** /search: listings matching the URL's filters, or the reader's saved ones (?saved=true). */
export default function SearchPage() {
  const [params] = useSearchParams();
  return params.get('saved') === 'true' ? <SavedProperties /> : <SearchResults />;
}

function SearchResults() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const view = readView(params);
  // The map view lists its results as a list under the map.
  const layout: CardLayout = view === 'map' ? 'list' : view;
  const query = toApiQuery(filters);
  const result = useSearchProperties(query);
  const heading = filters.location
    ? t('searchPage.headingIn', { location: filters.location })
    : t('searchPage.headingAll');
  useDocumentTitle(heading);

  // Every other change is a link, which works before any script has run (issue 36).
  const cleared = searchUrl(readFilters(new URLSearchParams()), view);
  const total = result.data?.total ?? 0;
  const pages = totalPages(total);

  // A page past the end (an old link, fewer results now): show the last page instead.
  const pastTheEnd =
    result.data !== undefined &&
    result.data.properties.length === 0 &&
    total > 0 &&
    filters.page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams(toUrlParams({ ...filters, page: pages }, view), { replace: true });
  });

  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-4 sm:px-6 sm:pt-8">
      {/* An island (decision 030): on a visitor's page it wakes when touched. */}
      <Island name="search-form" component={SearchPanel} props={{}} />

      <ResultsHeader
        heading={heading}
        count={result.isSuccess ? t('searchPage.found', { count: total }) : null}
        toolbar={
          <>
            {/* The search as this page asked the API for it (values it ignored left out),
                without the page: an alert is about new matches, not a page of them. */}
            <div className="max-sm:order-1">
              <SaveSearchButton query={toApiQuery({ ...filters, page: 1 })} />
            </div>
            {/* On a phone: Save and the views first, the place and the order on a row of
                their own below, each half of it (issue 51: the first result on the first
                screen; the open menus start at the row's edge, on the screen). */}
            <div className="flex min-w-0 items-end gap-2 max-sm:order-3 max-sm:w-full sm:gap-3">
              <div className="min-w-0 max-sm:flex-1">
                <NearPlace filters={filters} view={view} />
              </div>
              <div className="min-w-0 max-sm:flex-1">
                <SortLinks
                  value={filters.sort}
                  near={Boolean(filters.near)}
                  hrefOf={(sort) => searchUrl({ ...filters, sort, page: 1 }, view)}
                />
              </div>
            </div>
            <div className="max-sm:order-2 max-sm:ml-auto">
              <ViewToggle
                view={view}
                views={['grid', 'list', 'map']}
                hrefOf={(next) => searchUrl(filters, next)}
              />
            </div>
          </>
        }
      />

      {view === 'map' && result.isSuccess ? (
        <SearchMap
          properties={result.data.properties}
          filters={filters}
          unit={{ currency: filters.currency, period: searchPeriodToPricing[filters.timePeriod] }}
        />
      ) : null}

      {result.isPending ? (
        <Skeletons layout={layout} />
      ) : result.isError ? (
        <LoadError onRetry={() => void result.refetch()} />
      ) : result.data.properties.length === 0 ? (
        pastTheEnd ? (
          <Skeletons layout={layout} />
        ) : (
          <EmptyState
            title={t('searchPage.emptyTitle')}
            text={t('searchPage.emptyText')}
            action={
              <Button asChild variant="outline">
                <Link to={cleared}>{t('searchPage.clearFilters')}</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <Cards
            properties={result.data.properties}
            layout={layout}
            unit={{
              currency: filters.currency,
              period: searchPeriodToPricing[filters.timePeriod],
            }}
          />
          {total > SEARCH_PAGE_SIZE ? (
            <Pager
              page={filters.page}
              pages={pages}
              hrefOf={(page) => searchUrl({ ...filters, page }, view)}
              label={t('searchPage.pagination')}
              className="mt-10 gap-4"
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/** Saved properties: signed-in readers only; visitors go through the server's sign-in. */
function SavedProperties() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  // Saved listings have no map (they may be anywhere): a grid or a list.
  const view: CardLayout = readView(params) === 'list' ? 'list' : 'grid';
  const { user, isLoading } = useCurrentUser();
  // Live or not: a listing that stops being live stays, with its state (issue 34).
  const favorites = useSavedListings({ enabled: Boolean(user) });
  const heading = t('searchPage.savedHeading');
  useDocumentTitle(heading);

  const signedOut = !isLoading && !user;
  useEffect(() => {
    if (signedOut) navigateOutOfApp(signInToSaveUrl(location));
  }, [signedOut, location]);

  const viewHref = (next: CardLayout) => {
    const updated = new URLSearchParams(params);
    if (next === 'list') updated.set('view', 'list');
    else updated.delete('view');
    return `${location.pathname}?${updated.toString()}`;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ResultsHeader
        heading={heading}
        count={
          favorites.isSuccess ? t('searchPage.savedCount', { count: favorites.data.length }) : null
        }
        toolbar={<ViewToggle view={view} views={['grid', 'list']} hrefOf={viewHref} />}
      />
      {favorites.isSuccess ? (
        favorites.data.length === 0 ? (
          <EmptyState
            icon={<Heart className="size-10 text-primary" aria-hidden />}
            title={t('searchPage.savedEmptyTitle')}
            text={t('searchPage.savedEmptyText')}
            action={
              <Button asChild>
                <Link to={paths.search()}>{t('searchPage.browse')}</Link>
              </Button>
            }
          />
        ) : (
          <SavedListingCards listings={favorites.data} layout={view} />
        )
      ) : favorites.isError ? (
        <LoadError onRetry={() => void favorites.refetch()} />
      ) : (
        <Skeletons layout={view} />
      )}
    </div>
  );
}

function ResultsHeader({
  heading,
  count,
  toolbar,
}: {
  heading: string;
  count: string | null;
  toolbar: ReactNode;
}) {
  return (
    <div className="mb-4 mt-4 flex flex-col gap-3 first:mt-0 sm:mb-6 sm:mt-8 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        {/* A status region: screen readers hear the new count after each search. */}
        <p role="status" className="mt-1 min-h-6 text-muted-foreground">
          {count}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:gap-3">{toolbar}</div>
    </div>
  );
}

function Cards({
  properties,
  layout,
  unit = DEFAULT_RENT_UNIT,
}: {
  properties: Property[];
  layout: CardLayout;
  /** What rents are compared in when the list mixes currencies or periods (decision 026). */
  unit?: RentUnit;
}) {
  // A stable value: the cards wait, memoised, for the reader's first interaction to hydrate.
  const { currency, period } = unit;
  const compareIn = useMemo(
    () => compareUnitOf(properties, { currency, period }),
    [properties, currency, period],
  );
  return (
    <ul className={cardListClass(layout)}>
      {properties.map((property, index) => (
        <li key={property.id} className="grid">
          <ListedPropertyCard
            property={property}
            layout={layout}
            priority={index === 0}
            compareIn={compareIn}
          />
        </li>
      ))}
    </ul>
  );
}

function Skeletons({ layout }: { layout: CardLayout }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <div className={cardListClass(layout)}>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <PropertyCardSkeleton key={index} layout={layout} />
        ))}
      </div>
    </div>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
      {icon ?? <SearchX className="size-10 text-primary" aria-hidden />}
      <h2 className="mt-4 text-xl font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="font-semibold text-red-900">{t('searchPage.loadError')}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}
