import { LRUCache } from 'lru-cache';
import type { SearchQuery, SearchResult } from '#common/properties';

/**
 * Search answers are the same for every reader (favourites are marked afterwards), and most
 * searches repeat: the landing search, the big cities, page two. So answers are kept for a
 * short while. Any change to a listing through this server empties the cache at once; the
 * time limit bounds how stale another server's view can be when several share one database.
 */
const SEARCH_TTL_MS = 30_000;

export type SearchCache = {
  /** The cached answer, or a fresh one; equal concurrent searches share one query. */
  get(query: SearchQuery, run: () => Promise<SearchResult>): Promise<SearchResult>;
  /** Call after any write that can change what search shows. */
  clear(): void;
};

/** The query in a canonical form: equal searches written differently share one entry. */
function cacheKey(query: SearchQuery): string {
  const canonical: Record<string, unknown> = {
    ...query,
    propertyType: query.propertyType ?? query.type,
  };
  delete canonical.type;
  if (typeof canonical.location === 'string')
    canonical.location = canonical.location.trim().toLowerCase();
  return JSON.stringify(
    Object.entries(canonical)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function createSearchCache(): SearchCache {
  const cache = new LRUCache<string, Promise<SearchResult>>({ max: 5_000, ttl: SEARCH_TTL_MS });
  return {
    get(query, run) {
      const key = cacheKey(query);
      const hit = cache.get(key);
      if (hit) return hit;
      const pending = run();
      cache.set(key, pending);
      // A failed query (database restarting) must not be served from the cache.
      pending.catch(() => cache.delete(key));
      return pending;
    },
    clear: () => cache.clear(),
  };
}
