import { useTranslation } from 'react-i18next';
import { cityOf } from '#common/locations';
import type { RentUnit } from '#common/money';
import type { Property } from '#common/properties';
import { MapElement, type SearchMapProps } from '../maps';
import { paths } from '../../paths';
import { useExchangeRate } from './api';
import { compareUnitOf, convertedRentText } from './converted-rent';
import { placeText, priceParts } from './format';
import { namedCity } from './near-place';
import { searchUrl, type SearchFilters } from './search-params';

/** Accra's centre: where a map of a search of no known city first looks. */
const ACCRA = cityOf('Ghana', 'Accra')!;

/**
 * The search's Map view (issue 39): this page's results as markers with their rent over the
 * map, and "Search this area" once the reader moved it. The list below stays the way through
 * the results for keyboards and screen readers. A marker says its rent with the period, or,
 * when the results mix currencies or periods, the converted figure the cards compare (issue
 * 51): "GH₵900" beside "$400" would read as the cheaper one.
 */
export function SearchMap({
  properties,
  filters,
  unit,
}: {
  properties: Property[];
  filters: SearchFilters;
  /** What the cards compare rents in (the search's currency and period, decision 026). */
  unit: RentUnit;
}) {
  const { t, i18n } = useTranslation();
  const compareIn = compareUnitOf(properties, unit);
  const { data: rate } = useExchangeRate({ enabled: compareIn !== undefined });
  const rentOf = (property: Property) => priceParts(property, t, i18n.language).text;
  const props: SearchMapProps = {
    kind: 'search',
    markers: properties.map((property) => ({
      id: property.id,
      latitude: property.location.latitude,
      longitude: property.location.longitude,
      price:
        convertedRentText(property, compareIn, rate?.ghsPerUsd, t, i18n.language) ??
        rentOf(property),
      rent: rentOf(property),
      title: property.title,
      place: placeText(property),
      href: paths.property(property.id),
      image: property.image,
    })),
    bbox: filters.bbox ?? null,
    centre: namedCity(filters.location) ?? ACCRA,
    searchUrl: searchUrl({ ...filters, bbox: undefined, page: 1 }, 'map'),
    texts: {
      region: t('maps.resultsRegion'),
      noTiles: t('maps.noTiles'),
      noMap: t('maps.noMap'),
      searchArea: t('maps.searchArea'),
      cluster: t('maps.cluster', { count: '{{count}}' as unknown as number }),
      view: t('maps.view'),
    },
  };
  return (
    <MapElement props={props} className="mb-6 h-[60vh] min-h-72 sm:h-[28rem]">
      {/* Hidden until the reader moves the map (mount-map.ts sets its address then). */}
      <a
        data-map-search-area
        hidden
        href={props.searchUrl}
        className="absolute left-1/2 top-3 z-10 -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-zinc-900 shadow-md hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {t('maps.searchArea')}
      </a>
    </MapElement>
  );
}
