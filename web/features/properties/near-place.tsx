import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countries, type City } from '#common/locations';
import { Island } from '../../components/island';
import { usePlaces } from './api';
import { closeLinkMenu, LinkMenu } from './link-menu';
import { NearMeButton } from './near-me-button';
import { searchUrl, type SearchFilters, type SearchView } from './search-params';

/** The city of the fixed lists a search's location names (any case), with its centre. */
export function namedCity(location: string): City | null {
  const name = location.trim().toLowerCase();
  if (!name) return null;
  for (const country of countries) {
    const city = country.cities.find((c) => c.name.toLowerCase() === name);
    if (city) return city;
  }
  return null;
}

export const cityNamed = (location: string): string | null => namedCity(location)?.name ?? null;

/** A point as `near` writes it: longitude, latitude, five decimals (about a metre). */
const nearOf = (point: { latitude: number; longitude: number }) =>
  `${Number(point.longitude.toFixed(5))},${Number(point.latitude.toFixed(5))}`;

/**
 * "Near a place" (issue 39): the searched city's landmarks (universities, hospitals, business
 * districts, transport hubs) and the reader's own position; choosing one sorts the results by
 * distance from it. Links, as the sort is: it works before any script runs, but for "Near me".
 */
export function NearPlace({ filters, view }: { filters: SearchFilters; view: SearchView }) {
  const { t } = useTranslation();
  const city = cityNamed(filters.location);
  const places = usePlaces(city).data?.places ?? [];
  const chosen = places.find((place) => nearOf(place) === filters.near);
  const current = chosen?.name ?? (filters.near ? t('maps.nearHere') : t('maps.nearNone'));
  const base = {
    ...filters,
    page: 1,
    sort: filters.sort === 'distance' ? 'relevance' : filters.sort,
  };
  const hrefNear = (near: string | undefined) =>
    searchUrl({ ...base, near, sort: near ? 'distance' : base.sort } as SearchFilters, view);
  return (
    <LinkMenu
      id="near-place"
      label={t('maps.nearPlace')}
      value={current}
      width="w-full sm:w-56"
      truncate
      align="left"
      listClassName="max-h-80 w-[min(18rem,calc(100vw-2rem))] overflow-y-auto"
    >
      <li>
        <Island
          name="near-me"
          component={NearMeButton}
          props={{ searchUrl: searchUrl({ ...base, near: undefined }, view) }}
        />
      </li>
      {places.map((place) => (
        <li key={place.name}>
          <Link
            to={hrefNear(nearOf(place))}
            onClick={closeLinkMenu}
            aria-current={chosen === place ? 'true' : undefined}
            className="flex items-center gap-2 px-3 py-2 text-sm hover:bg-muted aria-[current]:font-semibold aria-[current]:text-primary-hover"
          >
            <MapPin className="size-4 shrink-0 text-zinc-500" aria-hidden />
            {place.name}
          </Link>
        </li>
      ))}
      {filters.near ? (
        <li>
          <Link
            to={hrefNear(undefined)}
            onClick={closeLinkMenu}
            className="block px-3 py-2 text-sm hover:bg-muted"
          >
            {t('maps.nearNone')}
          </Link>
        </li>
      ) : null}
    </LinkMenu>
  );
}
