import type { PageRead } from '#common/page-render';
import { propertyReviewsKey, propertyReviewsPath } from '../reviews';
import { exchangeRateKey, featuredKey, placesKey, propertyKey, searchKey, statsKey } from './api';
import { cityNamed } from './near-place';
import { HOME_LISTINGS } from './home-listings';
import { readFilters, toApiQuery } from './search-params';

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The administrator's exchange rate; a page renders without it (no conversion) if it fails. */
const rateRead: PageRead = { key: exchangeRateKey, path: '/api/exchange-rate', optional: true };

/**
 * The listing reads each public page shows on its first render (home, search, one listing),
 * keyed exactly as the pages' hooks key them, so the server renders the page a browser would
 * and the browser hydrates it from the same answers (web/render-page.tsx). Null for a path that
 * is not one of them, or a search of the reader's saved listings (only they can read those).
 */
export function listingPageReads(pathname: string, params: URLSearchParams): PageRead[] | null {
  if (pathname === '/') {
    const latest = { limit: String(HOME_LISTINGS) };
    return [
      { key: featuredKey, path: '/api/properties/featured' },
      // home-listings.tsx: the latest listings when none is featured.
      {
        key: searchKey(latest),
        path: withQuery('/api/properties/search', latest),
        fallbackFor: 0,
      },
      // Cards of a list mixing currencies or periods show a converted rent (decision 026).
      rateRead,
      // The landing page's count of listers (issue 50); a dash without it.
      { key: statsKey, path: '/api/properties/stats', optional: true },
    ];
  }
  if (pathname === '/search') {
    if (params.get('saved') === 'true') return null;
    const filters = readFilters(params);
    const query = toApiQuery(filters);
    const city = cityNamed(filters.location);
    return [
      { key: searchKey(query), path: withQuery('/api/properties/search', query) },
      rateRead,
      // "Near a place" offers the city's landmarks (issue 39).
      ...(city
        ? [{ key: placesKey(city), path: withQuery('/api/places', { city }), optional: true }]
        : []),
    ];
  }
  const listing = /^\/property\/([^/]+)$/.exec(pathname);
  if (listing) {
    let id: string;
    try {
      id = decodeURIComponent(listing[1]!);
    } catch {
      return null;
    }
    return [
      { key: propertyKey(id), path: `/api/properties/${encodeURIComponent(id)}` },
      // The move-in card converts the total into the reader's other currency.
      rateRead,
      // Its reviews (issue 40); without them the page still renders, and the browser asks.
      { key: propertyReviewsKey(id, 1), path: propertyReviewsPath(id, 1), optional: true },
    ];
  }
  return null;
}
