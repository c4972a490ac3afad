import { LayoutGrid, List, Map as MapIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { searchSorts, type SearchSort } from '#common/property-enums';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { closeLinkMenu, LinkMenu } from './link-menu';
import type { SearchView } from './search-params';

/**
 * The order of the results: a disclosure of links (issue 36), so it works before any script
 * runs and each order has an address. A chosen link closes the list (the page stays mounted).
 */
export function SortLinks({
  value,
  hrefOf,
  near,
}: {
  value: SearchSort;
  hrefOf: (sort: SearchSort) => string;
  /** Whether the search has a place: only then can it be sorted by distance. */
  near: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <LinkMenu
      id={id}
      label={t('searchPage.sortBy')}
      value={t(`searchPage.sort.${value}`)}
      width="w-full sm:w-48"
      truncate
      align="right"
      listClassName="w-full"
    >
      {searchSorts
        .filter((sort) => near || sort !== 'distance')
        .map((sort) => (
          <li key={sort}>
            <Link
              to={hrefOf(sort)}
              aria-current={sort === value ? 'true' : undefined}
              onClick={closeLinkMenu}
              className="block px-3 py-2 text-sm hover:bg-muted aria-[current]:font-semibold aria-[current]:text-primary-hover"
            >
              {t(`searchPage.sort.${sort}`)}
            </Link>
          </li>
        ))}
    </LinkMenu>
  );
}

/** Grid or list: two links to the same results in the other layout, the current one marked. */
export function ViewToggle<V extends SearchView>({
  view,
  views,
  hrefOf,
}: {
  view: V;
  views: readonly V[];
  hrefOf: (view: V) => string;
}) {
  const { t } = useTranslation();
  const all = [
    { value: 'grid' as const, icon: LayoutGrid, label: t('searchPage.gridView') },
    { value: 'list' as const, icon: List, label: t('searchPage.listView') },
    { value: 'map' as const, icon: MapIcon, label: t('maps.mapView') },
  ];
  const options = all.filter((option) => views.includes(option.value as V)) as {
    value: V;
    icon: typeof LayoutGrid;
    label: string;
  }[];
  return (
    <div
      role="group"
      aria-label={t('searchPage.layout')}
      className="flex rounded-md border border-border p-0.5"
    >
      {options.map((option) => (
        <Link
          key={option.value}
          to={hrefOf(option.value)}
          // The layout is a way of looking, not a place: back goes to the page before.
          replace
          aria-current={view === option.value ? 'true' : undefined}
          aria-label={option.label}
          title={option.label}
          className={cn(
            buttonVariants({ variant: 'ghost', size: 'icon' }),
            'size-9',
            view === option.value && 'bg-primary-soft text-primary-hover',
          )}
        >
          <option.icon aria-hidden />
        </Link>
      ))}
    </div>
  );
}
