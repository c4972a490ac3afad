import { BoundedCache } from '../../lib/bounded-cache';
import type { Matches } from './search';
import { filtersKey, type RatedQuery } from './search-filters';

/**
 * Search answers are the same for every reader (favourites are marked afterwards), and most
 * searches repeat: the landing search, the big cities, page two. So the matches of a search
 * (their number and the ids of the first five pages) are kept under a key without the page,
 * so that every page of a search comes from one computation; and the pages visitors get are
 * kept as written.
 *
 * An entry belongs to a generation of the listing index: any change the index takes in
 * (a write through this server, or what its periodic check finds) starts a new generation and
 * retires every older entry. The time limit is only a safety net.
 */
const SEARCH_TTL_MS = 5 * 60_000;
/** Ids held in all entries (8 bytes each): deep pages weigh what they hold. */
const SEARCH_MAX_IDS = 2_000_000;

type Entry = {
  generation: number;
  /** How many ids were asked for: `ids` holds min(depth, total) of them. */
  depth: number;
  matches: Matches | Promise<Matches>;
};

/** Pages as visitors get them (JSON, UTF-8), by search, page and size; at most 32 MiB. */
export type PageCache = {
  get(key: string, generation: number): Buffer | undefined;
  set(key: string, generation: number, page: Buffer): void;
  clear(): void;
  readonly bytes: number;
};

export function createPageCache(): PageCache {
  const cache = new BoundedCache<string, { generation: number; page: Buffer }>(
    32 << 20,
    (value) => value.page.length + 64,
    SEARCH_TTL_MS,
  );
  return {
    get(key, generation) {
      const entry = cache.get(key);
      return entry?.generation === generation ? entry.page : undefined;
    },
    set: (key, generation, page) => cache.set(key, { generation, page }),
    clear: () => cache.clear(),
    get bytes() {
      return cache.size;
    },
  };
}

export type SearchCache = {
  /**
   * The matches of this key in this generation that reach the `need`-th result, or a pending
   * computation that will: equal concurrent searches share one.
   */
  get(key: string, generation: number, need: number): Matches | Promise<Matches> | undefined;
  set(key: string, generation: number, depth: number, matches: Matches | Promise<Matches>): void;
  clear(): void;
  readonly size: number;
  /** Ids held (pending entries count what they asked for). */
  readonly ids: number;
};

/**
 * The search without its page, in a canonical form: equal searches written differently
 * (`type` or `propertyType`, spaces and case in the place) share one entry.
 */
export function searchKey(query: RatedQuery): string {
  return [query.location?.trim().toLowerCase() ?? '', filtersKey(query), query.sort ?? ''].join(
    '\u0001',
  );
}

export function createSearchCache(): SearchCache {
  // A pending entry weighs what it asked for; a settled one what it holds.
  const cache = new BoundedCache<string, Entry>(
    SEARCH_MAX_IDS,
    (entry) => (entry.matches instanceof Promise ? entry.depth : entry.matches.ids.length),
    SEARCH_TTL_MS,
  );
  return {
    get(key, generation, need) {
      const entry = cache.get(key);
      if (!entry || entry.generation !== generation) return undefined;
      const { matches } = entry;
      if (matches instanceof Promise) return entry.depth >= need ? matches : undefined;
      return matches.ids.length >= need || matches.ids.length >= matches.total
        ? matches
        : undefined;
    },
    set(key, generation, depth, matches) {
      cache.set(key, { generation, depth, matches });
      if (matches instanceof Promise) {
        // A failed query (database restarting) must not be served from the cache; a finished
        // one is kept as its plain value.
        matches.then(
          (value) => {
            if (cache.peek(key)?.matches === matches) {
              cache.replace(key, { generation, depth, matches: value });
            }
          },
          () => {
            if (cache.peek(key)?.matches === matches) cache.delete(key);
          },
        );
      }
    },
    clear: () => cache.clear(),
    get size() {
      return cache.count;
    },
    get ids() {
      return cache.size;
    },
  };
}
