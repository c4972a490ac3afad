import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The kit of a paged list with a filter (issue 35), which the admin panel's list tabs share
 * (listings, reports, verifications, deliveries): the section with its heading, its filter and
 * its introduction; the states of the list being read (loading, failed, empty) and its items;
 * the filter and page a list is on, and how many pages it has. The filter's buttons are
 * `ChoiceButtons` and the pager `Pager` (components/ui), which other screens use too.
 */

/** How many pages `total` items fill at `size` a page: one at least ("Page 1 of 1"). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The filter a list is shown with and its page, from `initial` and page 1: choosing a filter
 * (`choose`) starts again at page 1.
 */
export function useFilterAndPage<F>(initial: F) {
  const [filter, setFilter] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const choose = (next: F) => {
    setFilter(next);
    setPage(1);
  };
  return { filter, choose, page, setPage };
}

/**
 * A list's section: its heading (which names the section), the filter beside the heading, an
 * introduction, then what `children` holds (the list's states, its pager).
 */
export function ListSection({
  id,
  title,
  filter,
  intro,
  children,
}: {
  /** The heading's id is `<id>-heading`. */
  id: string;
  title: ReactNode;
  /** Beside the heading, wrapping below it on a narrow screen (ChoiceButtons). */
  filter?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const heading = (
    <h2 id={headingId} className="text-xl font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      {filter ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {filter}
        </div>
      ) : (
        heading
      )}
      {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
      {children}
    </section>
  );
}

/** What the kit reads of a list's query (TanStack Query's result has both). */
export type ListQuery<D> = { isError: boolean; data: D | undefined };

/**
 * The states of a list being read: `failed` when the read failed, `loading` until there is an
 * answer (the words "Loading…" unless given), else the answer, through `children`.
 */
export function QueryStates<D>({
  query,
  failed,
  loading,
  children,
}: {
  query: ListQuery<D>;
  /** `ListFailed` with the words, or what else the screen shows (a retry). */
  failed: ReactNode;
  loading?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return failed;
  if (query.data === undefined) return loading ?? <ListNote>{t('common.loading')}</ListNote>;
  return children(query.data);
}

/** The items, one a list item, or `empty` when there are none. */
export function ItemList<T>({
  items,
  itemKey,
  empty,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** `ListNote` with the words, usually. */
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return empty;
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** A quiet line in place of the list: it is loading, there is nothing to show. */
export function ListNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** Why the list is not shown: read to screen readers at once. */
export function ListFailed({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
      {children}
    </p>
  );
}
