import { adminStatusFilters } from '#common/admin';

/**
 * The Properties tab's filters (spec: search text, status, 20 a page), kept in the URL so
 * back and forward and a shared link show the same list.
 */
export type StatusFilter = (typeof adminStatusFilters)[number];
export type PropertyFilters = { search: string; status: StatusFilter; page: number };

export const statusFilters = adminStatusFilters;

const isStatus = (value: string | null): value is StatusFilter =>
  statusFilters.some((status) => status === value);

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function readPropertyFilters(params: URLSearchParams): PropertyFilters {
  const status = params.get('status');
  return {
    search: params.get('search')?.trim() ?? '',
    status: isStatus(status) ? status : 'all',
    page: readPage(params),
  };
}

/** The URL's parameters for these filters on top of `base` (defaults left out). */
export function withPropertyFilters(
  base: URLSearchParams,
  filters: PropertyFilters,
): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string | null) =>
    value ? next.set(key, value) : next.delete(key);
  set('search', filters.search || null);
  set('status', filters.status === 'all' ? null : filters.status);
  set('page', filters.page > 1 ? String(filters.page) : null);
  return next;
}
