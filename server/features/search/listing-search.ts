import type { FastifyBaseLogger } from 'fastify';
import {
  SEARCH_PAGE_SIZE,
  type Property,
  type SearchQuery,
  type SearchResult,
} from '#common/properties';
import { DEFAULT_GHS_PER_USD } from '#common/money';
import type { Database } from '../../db/client';
import { BoundedCache } from '../../lib/bounded-cache';
import { uuidShape } from '../../lib/ids';
import { createIndexKeeper } from './index-keeper';
import { createPropertyCache, parseRendered, type RenderedProperty } from './property-cache';
import { matchingInSql, searchInSql, withFavorites, type Matches } from './search';
import type { Point } from '#common/geo';
import { answerFromIndex, pageJson, withDistance } from './search-answers';
import { createPageCache, createSearchCache, searchKey } from './search-cache';
import type { RatedQuery } from './search-filters';

export { answerFromIndex } from './search-answers';
export { readLiveListings, similarityThreshold } from './index-reads';

/**
 * Search over an in-memory index of live listings, in front of PostgreSQL
 * (docs/decisions/002-search.md).
 *
 * - The index is loaded on the first search (or by `warm()` when the server starts listening)
 *   and kept in step by index-keeper.ts: writes through this server call `changed(ids)`
 *   (features/listings/listing-writes.ts), and a periodic check reads what anything else
 *   wrote from the change log the database's triggers keep (listing_changes).
 * - A visitor's page comes from the page cache when it holds it. Otherwise the search's
 *   matches come from the search cache, else from the index (count, filter, sort, page),
 *   else from SQL as before: for words the index cannot fold, and for words matching nothing
 *   when the index cannot prove that no listing is similar enough (typos). The page is then
 *   written from listings rendered once (property cache); the missing ones are read in one
 *   query.
 * - Every cache entry belongs to a generation; any change the index takes in starts a new one.
 * - Without the index (still loading, database down at start-up, or SEARCH_INDEX=off),
 *   searches run in SQL and nothing is cached: no generation tells a cache of writes then.
 */

/** How many results one computation keeps: pages 1 to 5 of 12. */
const DEPTH = 60;

export type ListingSearchStats = {
  /** Searches answered, computed from the index, and run in SQL (typos, unfoldable words). */
  searches: number;
  fromIndex: number;
  inSql: number;
  /** Queries for listings missing from the property cache, and the listings they read. */
  propertyQueries: number;
  propertiesRead: number;
  /** Whether searches are answered from the index now (false: loading, failed or off). */
  indexed: boolean;
  listings: number | null;
  changedSinceBuild: number;
  /** Bytes of the index's typed arrays, and of the sets derived and cached from them. */
  indexBytes: number;
  derivedBytes: number;
  generation: number;
  /** Searches cached and the ids they hold; pages cached (bytes); listings rendered. */
  cachedSearches: number;
  cachedSearchIds: number;
  cachedPageBytes: number;
  cachedProperties: number;
  loadMs: number | null;
  /** Rebuilds of the index started (in the background) since the server started. */
  compactions: number;
};

export type ListingSearch = {
  /**
   * GET /api/properties/search: one page of live listings and the number of all matches; for
   * a visitor as JSON (UTF-8), for a signed-in reader as objects with their favourites marked.
   */
  search(query: SearchQuery, viewerId: string | null, url?: string): Promise<Buffer | SearchResult>;
  /**
   * The page a visitor's request URL gave before, if still current: such a URL was valid, so
   * the route may answer it before validating it again. `search` remembers URLs it is given.
   */
  cachedPage(url: string): Buffer | undefined;
  /**
   * Call after writing listings (create, edit, approve, hide, delete), once the write is
   * committed: the next search waits until the index has re-read these ids. Without ids,
   * everything is checked (the periodic check, at once).
   */
  changed(ids?: readonly string[]): Promise<void>;
  /**
   * Changes whenever anything a visitor's page shows of listings may have changed (a listing,
   * a lister's badges, the exchange rate); null while that cannot be told (the index loading,
   * off, or taking a change in), when nothing may be kept. Keys the server-rendered pages
   * kept for visitors (lib/page-render.ts).
   */
  pagesVersion(): string | null;
  /**
   * The cedis-per-dollar rate in use (features/exchange-rate): searches compare amounts in
   * dollars at it. A new one starts a new generation: no page kept at the old rate is served.
   */
  rateChanged(ghsPerUsd: number): void;
  /**
   * Which of `ids` (live listings) the search would answer, at the rate in use: the search's
   * own SQL (search.ts, which the index is held equal to), not a copy of its rules. For the
   * alerts of saved searches (issue 21).
   */
  matching(query: SearchQuery, ids: readonly string[]): Promise<string[]>;
  /**
   * A live listing as a visitor sees it, or null (not live, unknown, not an id): from the
   * listings rendered for search when there, else read with one query (page heads,
   * features/seo). Kept for later only while the index runs, which tells when it changes.
   */
  liveProperty(id: string): Promise<Property | null>;
  /**
   * Loads the index now rather than on the first search (the server calls it when it starts
   * listening): until that load ends, `ready()` is false.
   */
  warm(): Promise<void>;
  /**
   * False while the start-up load runs, so /api/health can tell a load balancer to wait;
   * searches are answered from SQL meanwhile. Later rebuilds never make it false.
   */
  ready(): boolean;
  stats(): ListingSearchStats;
  /** Stops the periodic check and waits for work in flight. */
  close(): Promise<void>;
};

export function createListingSearch(
  db: Database,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  options: {
    refreshMs?: number;
    /** false (SEARCH_INDEX=off): every search in SQL, no index loaded. */
    useIndex?: boolean;
    /** Rebuild the index after this many changes (tests). */
    compactAfter?: number;
  } = {},
): ListingSearch {
  const useIndex = options.useIndex ?? true;
  const searchCache = createSearchCache();
  const pageCache = createPageCache();
  /** Request URLs of visitors' searches and the key of the page they gave. */
  const pageOfUrl = new BoundedCache<string, string>(50_000);
  const propertyCache = createPropertyCache(db);
  let generation = 0;
  /** Changes of listers (a badge given) that change how their listings show. */
  let ownerChanges = 0;
  let ghsPerUsd = DEFAULT_GHS_PER_USD;
  const counts = { searches: 0, fromIndex: 0, inSql: 0, propertyQueries: 0, propertiesRead: 0 };
  const keeper = createIndexKeeper(
    db,
    {
      newGeneration: () => generation++,
      forget: (id) => propertyCache.delete(id),
      forgetAll: () => propertyCache.clear(),
      forgetOwners: (owners) => {
        if (propertyCache.deleteOwners(owners)) {
          pageCache.clear();
          ownerChanges++;
        }
      },
    },
    log,
    { refreshMs: options.refreshMs, useIndex, compactAfter: options.compactAfter },
  );

  function inSql(query: RatedQuery, depth: number, wordsFindNothing = false): Promise<Matches> {
    counts.inSql++;
    return searchInSql(db, query, depth, wordsFindNothing);
  }

  /** The matches of a search: from the index when it can answer, else from SQL. */
  function compute(query: RatedQuery, depth: number): Matches | Promise<Matches> {
    const current = keeper.index;
    if (!current) return inSql(query, depth);
    const answer = answerFromIndex(current, query, depth, keeper.threshold);
    if ('sql' in answer) return inSql(query, depth, answer.wordsFindNothing);
    counts.fromIndex++;
    return answer;
  }

  /** Bumped on every read without the index, so what it renders is never kept. */
  let uncachedLooks = 0;

  async function render(ids: string[], keep = true): Promise<RenderedProperty[]> {
    const page = keep ? propertyCache.getMany(ids) : ids.map(() => undefined);
    const missing = ids.filter((_, i) => page[i] === undefined);
    if (missing.length === 0) return page as RenderedProperty[];
    counts.propertyQueries++;
    counts.propertiesRead += missing.length;
    const found = await propertyCache.fetch(missing, () => (keep ? generation : --uncachedLooks));
    const gone: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      if (page[i]) continue;
      page[i] = found.get(ids[i]!);
      if (!page[i]) gone.push(ids[i]!);
    }
    // Listings that stopped being live since the index last looked: have it look again.
    if (gone.length > 0) keeper.lookAgain(gone);
    return page.filter((p): p is RenderedProperty => p !== undefined);
  }

  /** A page rendered for visitors, with the signed-in reader's own listings and favourites marked. */
  function forReader(
    page: RenderedProperty[],
    total: number,
    viewerId: string,
    near: Point | undefined,
  ): Promise<SearchResult> {
    const properties = page.map((rendered) =>
      withDistance({ ...parseRendered(rendered), isOwn: rendered.ownerId === viewerId }, near),
    );
    return withFavorites(db, { properties, total }, viewerId);
  }

  return {
    cachedPage(url) {
      if (!keeper.index || keeper.pending) return undefined; // a change in flight: wait
      const pageKey = pageOfUrl.get(url);
      return pageKey === undefined ? undefined : pageCache.get(pageKey, generation);
    },

    async search(searchQuery, viewerId, url) {
      counts.searches++;
      const query: RatedQuery = { ...searchQuery, ghsPerUsd };
      if (!keeper.index) void keeper.ensureIndex();
      else if (keeper.pending) await keeper.pending.catch(() => undefined);
      const limit = query.limit ?? SEARCH_PAGE_SIZE;
      const offset = ((query.page ?? 1) - 1) * limit;
      const need = offset + limit;
      if (!keeper.index) {
        // Loading, failed or off: SQL answers, and nothing is kept (no generation would tell
        // a cache of the writes made meanwhile).
        const matches = await inSql(query, need);
        const page = await render(matches.ids.slice(offset, offset + limit), false);
        return viewerId
          ? forReader(page, matches.total, viewerId, query.near)
          : pageJson(page, matches.total, query.near);
      }
      const key = searchKey(query);
      const pageKey = `${key}\u0002${offset}\u0002${limit}`;
      if (!viewerId) {
        if (url !== undefined) pageOfUrl.set(url, pageKey);
        const cached = pageCache.get(pageKey, generation);
        if (cached) return cached;
      }
      const pageGeneration = generation;
      let matches = searchCache.get(key, generation, need);
      if (!matches) {
        const depth = Math.max(need, DEPTH);
        matches = compute(query, depth);
        searchCache.set(key, generation, depth, matches);
      }
      if (matches instanceof Promise) matches = await matches;
      const ids = offset >= matches.total ? [] : matches.ids.slice(offset, offset + limit);
      const page = await render(ids);
      if (!viewerId) {
        const json = pageJson(page, matches.total, query.near);
        // Kept only if the page is whole and nothing changed while it was put together.
        if (page.length === ids.length && generation === pageGeneration) {
          pageCache.set(pageKey, pageGeneration, json);
        }
        return json;
      }
      return forReader(page, matches.total, viewerId, query.near);
    },

    changed: (ids) => keeper.changed(ids),

    pagesVersion() {
      if (!keeper.index || keeper.pending) return null;
      return `${generation}.${ownerChanges}`;
    },

    matching: (query, ids) => matchingInSql(db, { ...query, ghsPerUsd }, ids),

    rateChanged(rate) {
      if (rate === ghsPerUsd) return;
      ghsPerUsd = rate;
      generation++;
    },

    async liveProperty(id) {
      if (!uuidShape.test(id)) return null;
      const cached = keeper.index && !keeper.pending ? propertyCache.getMany([id])[0] : undefined;
      if (cached) return parseRendered(cached);
      // Kept only while the index runs: without it nothing tells the cache of a change, so
      // the generation then differs on every look and the listing is read, not kept.
      let looks = 0;
      const found = await propertyCache.fetch([id], () => (keeper.index ? generation : looks++));
      const rendered = found.get(id);
      return rendered ? parseRendered(rendered) : null;
    },

    warm: () => keeper.warm(),
    ready: () => keeper.ready(),

    stats: () => ({
      ...counts,
      indexed: keeper.index !== null,
      listings: keeper.index?.size ?? null,
      changedSinceBuild: keeper.index?.deltaSize ?? 0,
      indexBytes: keeper.index?.arrayBytes() ?? 0,
      derivedBytes: keeper.index?.cacheBytes() ?? 0,
      generation,
      cachedSearches: searchCache.size,
      cachedSearchIds: searchCache.ids,
      cachedPageBytes: pageCache.bytes,
      cachedProperties: propertyCache.size,
      loadMs: keeper.loadMs,
      compactions: keeper.compactions,
    }),

    async close() {
      if (counts.searches > 0) log?.info(this.stats(), 'search statistics');
      await keeper.close();
    },
  };
}
