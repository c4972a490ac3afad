import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SEARCH_PAGE_SIZE,
  type Property,
  type SearchQuery,
  type SearchResult,
} from '#common/properties';
import { rowsOf, type Database } from '../../db/client';
import { ListingIndex, type IndexedListing, type IndexQuery } from './listing-index';
import { createPropertyCache, parseRendered, type RenderedProperty } from './property-cache';
import { monthlyPriceBounds, searchInSql, withFavorites, type Matches } from './search';
import { BoundedCache } from './bounded-cache';
import { createPageCache, createSearchCache, searchKey } from './search-cache';
import { searchFilters, type FilterName } from './search-filters';
import { foldWord, locationWords } from './text-search';

/**
 * Search over an in-memory index of live listings, in front of PostgreSQL
 * (docs/decisions/002-search.md).
 *
 * - The index is loaded on the first search (or by `warm()` when the server starts listening)
 *   and kept in step: writes through this server call `changed(ids)` (listing-writes.ts), and
 *   every REFRESH_MS a check reads what anything else wrote from the change log the database's
 *   triggers keep (listing_changes): its rows written by transactions the previous check
 *   could not see (by xmin), then those listings. Nothing changed costs one small read.
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
/** A listing approved on one server shows on the others within this, plus the check. */
const REFRESH_MS = 2_000;
/** How many results one computation keeps: pages 1 to 5 of 12. */
const DEPTH = 60;
const LOAD_RETRY_MS = 5_000;

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

type Row = {
  id: string;
  /**
   * created_at (µs), monthly_price_usd, average_rating, review_count, then each declared
   * filter's column (search-filters.ts): one text, which loads much faster than many columns.
   */
  numbers: string;
  vector: string;
  text: string;
  live: boolean;
  /** A hash of the whole row, when asked for (checks). */
  signature?: string;
};

// Times as exact microseconds; generated columns as the database computes them.
const indexColumns = sql.raw(`id,
  concat_ws(' ', (extract(epoch from created_at) * 1000000)::bigint, monthly_price_usd,
    average_rating, review_count, ${searchFilters.map((filter) => filter.load.select).join(', ')})
    AS numbers,
  search_vector::text AS vector, search_text AS text, (is_verified AND is_active) AS live`);
// Every column, so that a change the index does not hold (photos, description) shows too.
const signature = sql.raw(`(hashtextextended(p::text, 0) % 4503599627370496)::text AS signature`);
const live = sql.raw('is_verified AND is_active');
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readRows = (db: Database, where: SQL) =>
  rowsOf<Row>(db, sql`SELECT ${indexColumns} FROM properties AS p WHERE ${where}`);

/** The rows with a hash of each, to tell rows written again unchanged from changed ones. */
const readSignedRows = (db: Database, where: SQL) =>
  rowsOf<Row>(db, sql`SELECT ${indexColumns}, ${signature} FROM properties AS p WHERE ${where}`);

/**
 * The oldest transaction still running, as seen now (the low 32 bits of the xmin of a fresh
 * snapshot): every row written by a transaction this snapshot cannot see has an xmin at or
 * after it. With the database's clock (ms), to tell how long ago a check looked.
 */
async function snapshotHorizon(db: Database): Promise<{ xmin: string; at: number }> {
  const [row] = await rowsOf<{ xmin: string; at: string }>(
    db,
    sql`SELECT (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text AS xmin,
      (extract(epoch from clock_timestamp()) * 1000)::bigint::text AS at`,
  );
  return { xmin: String(row!.xmin), at: Number(row!.at) };
}

/** Rows written by transactions from `horizon` on: what a snapshot then may not have seen. */
const writtenSince = (horizon: string) => sql`age(xmin) <= age(${horizon}::xid)`;

/** How long listing_changes keeps a row (0019_listing_changes.sql); servers delete older ones. */
const CHANGES_KEPT_MS = 60 * 60_000;
/** A server whose last check is older than this reloads its index: rows it needs may be gone. */
const RELOAD_AFTER_MS = CHANGES_KEPT_MS / 2;
const PRUNE_EVERY_MS = 5 * 60_000;

type ChangeRow = { property_id: string | null; owner_id: string | null };

/**
 * What was written since a horizon, from the change log the triggers keep: a small table,
 * so a check that finds nothing reads a few pages, whatever the size of the catalogue.
 */
const readChanges = (db: Database, horizon: string) =>
  rowsOf<ChangeRow>(
    db,
    sql`SELECT DISTINCT property_id, owner_id FROM listing_changes WHERE ${writtenSince(horizon)}`,
  );

/**
 * The word similarity threshold of pg_trgm's <% on this connection (server/db/client.ts sets
 * it on every one); 0, which proves nothing, when it cannot be read.
 */
export async function similarityThreshold(db: Database): Promise<number> {
  try {
    const [row] = await rowsOf<{ threshold: string | null }>(
      db,
      sql`SELECT current_setting('pg_trgm.word_similarity_threshold', true) AS threshold`,
    );
    const value = Number(row?.threshold ?? Number.NaN);
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function toListing(row: Row): IndexedListing {
  const [created, price, rating, reviews, ...declared] = row.numbers.split(' ');
  const listing = {
    id: row.id,
    createdUs: Number(created),
    price: price!,
    rating: Number(rating),
    reviewCount: Number(reviews),
    vector: row.vector,
    text: row.text,
  } as IndexedListing;
  searchFilters.forEach((filter, i) => {
    (listing as Record<FilterName, unknown>)[filter.name] = filter.load.parse(declared[i] ?? '');
  });
  return listing;
}

/**
 * Every live listing as the index takes it in. Read in four ranges of ids at once: the
 * database spends most of the time writing numbers and tsvectors as text, and a server has
 * more than one core for that (PGlite runs them one after the other).
 */
export async function readLiveListings(db: Database): Promise<IndexedListing[]> {
  const bounds = ['00000000', '40000000', '80000000', 'c0000000'].map(
    (hex) => `${hex}-0000-0000-0000-000000000000`,
  );
  const parts = await Promise.all(
    bounds.map((from, i) => {
      const to = bounds[i + 1];
      const range = to ? sql`id >= ${from}::uuid AND id < ${to}::uuid` : sql`id >= ${from}::uuid`;
      return readRows(db, sql`${live} AND ${range}`);
    }),
  );
  return parts.flat().map(toListing);
}

/**
 * A search answered by the index, or what SQL must do instead: words the index cannot fold
 * (SQL runs the whole search), or words that match nothing that the index cannot prove have
 * no similar listing either (SQL runs its trigram search).
 */
export function answerFromIndex(
  index: ListingIndex,
  query: SearchQuery,
  depth: number,
  similarityThreshold: number,
): Matches | { sql: true; wordsFindNothing: boolean } {
  const words: string[] = [];
  for (const word of query.location ? locationWords(query.location) : []) {
    const folded = foldWord(word);
    if (folded === null) return { sql: true, wordsFindNothing: false };
    words.push(folded);
  }
  const { min, max } = monthlyPriceBounds(query);
  const indexQuery: IndexQuery = {
    words: words.length > 0 ? words : null,
    ...(Object.fromEntries(
      searchFilters.map((filter) => [filter.name, filter.value(query)]),
    ) as Pick<IndexQuery, FilterName>),
    minPrice: min,
    maxPrice: max,
    sort: query.sort ?? (words.length > 0 ? 'relevance' : 'newest'),
  };
  const matches = index.query(indexQuery, depth);
  // No listing has these words (with these filters): SQL then looks for similar words
  // (typos) by trigrams, unless the index proves nothing passing the filters is similar.
  if (words.length > 0 && matches.total === 0) {
    if (index.mightBeSimilar(query.location!, indexQuery, similarityThreshold)) {
      return { sql: true, wordsFindNothing: true };
    }
  }
  return matches;
}

const pageStart = Buffer.from('{"properties":[');
const comma = Buffer.from(',');

/** The page as the route's serializer would write it, from listings already in JSON. */
function pageJson(page: RenderedProperty[], total: number): Buffer {
  const parts: Buffer[] = [pageStart];
  page.forEach((p, i) => {
    if (i > 0) parts.push(comma);
    parts.push(p.json);
  });
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
}

export function createListingSearch(
  db: Database,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  options: {
    refreshMs?: number;
    /** false (SEARCH_INDEX=off): every search in SQL, no index loaded. */
    useIndex?: boolean;
  } = {},
): ListingSearch {
  const useIndex = options.useIndex ?? true;
  const searchCache = createSearchCache();
  const pageCache = createPageCache();
  /** Request URLs of visitors' searches and the key of the page they gave. */
  const pageOfUrl = new BoundedCache<string, string>(50_000);
  const propertyCache = createPropertyCache(db);
  let index: ListingIndex | null = null;
  let generation = 0;
  /** The horizon of the last load or check: what was written since, it has not seen. */
  let horizon = '0';
  /** When (database clock, ms) the last load or check took its horizon. */
  let lookedAt = 0;
  let prunedAt = -Infinity;
  /** Hashes of the rows checks have read, so a row read again unchanged changes nothing. */
  const signatures = new Map<string, string>();
  let threshold = 0;
  let loadMs: number | null = null;
  let closed = false;
  const counts = { searches: 0, fromIndex: 0, inSql: 0, propertyQueries: 0, propertiesRead: 0 };

  // Every change of the index runs in this queue, one at a time; searches read between them.
  let queue: Promise<unknown> = Promise.resolve();
  function enqueue<T>(work: () => Promise<T>): Promise<T | undefined> {
    const run = queue.then(() => (closed ? undefined : work()));
    queue = run.catch(() => undefined);
    return run;
  }

  let loading: Promise<void> | null = null;
  /** The load warm() started and that has not ended: the server is not ready yet. */
  let startingUp = false;
  let loadFailedAt = -Infinity;
  /** Changes asked for by writers: the next search waits for them. */
  let pending: Promise<unknown> | null = null;
  let checking = false;

  async function load(): Promise<void> {
    const started = performance.now();
    const since = await snapshotHorizon(db);
    threshold = await similarityThreshold(db);
    index = ListingIndex.build(await readLiveListings(db));
    horizon = since.xmin;
    lookedAt = since.at;
    signatures.clear();
    generation++;
    propertyCache.clear();
    loadMs = Math.round(performance.now() - started);
    log?.info({ listings: index.size, ms: loadMs }, 'search index loaded');
  }

  function ensureIndex(): Promise<void> | null {
    if (index || !useIndex) return null;
    if (!loading && performance.now() - loadFailedAt > LOAD_RETRY_MS) {
      loading = enqueue(load)
        .then(() => undefined)
        .catch((error: unknown) => {
          loadFailedAt = performance.now();
          log?.warn({ err: error }, 'search index not loaded; searching in SQL meanwhile');
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  }

  /**
   * Takes rows in: live ones are (re)indexed, others dropped. A signed row read before with
   * the same hash is skipped: a check reads again what a long transaction kept in its window.
   */
  function apply(current: ListingIndex, rows: Row[]): boolean {
    let changed = false;
    for (const row of rows) {
      if (row.signature !== undefined) {
        if (signatures.get(row.id) === row.signature) continue;
        signatures.set(row.id, row.signature);
      }
      if (row.live) {
        current.upsert(toListing(row));
      } else if (!current.remove(row.id)) {
        continue;
      }
      propertyCache.delete(row.id);
      changed = true;
    }
    return changed;
  }

  function settle(current: ListingIndex, changed: boolean): void {
    if (!changed) return;
    index = current.wantsCompaction ? current.compacted() : current;
    generation++;
  }

  /** Re-reads the given listings into the index; whether anything changed. */
  async function rereadInto(current: ListingIndex, ids: readonly string[]): Promise<boolean> {
    const wanted = [...new Set(ids)].filter((id) => uuidShape.test(id));
    if (wanted.length === 0) return false;
    const rows = await readSignedRows(db, sql`id = ANY(${sql.param(wanted)}::uuid[])`);
    let changed = apply(current, rows);
    const found = new Set(rows.map((row) => row.id));
    for (const id of wanted) {
      if (found.has(id)) continue;
      signatures.delete(id);
      propertyCache.delete(id);
      changed = current.remove(id) || changed;
    }
    return changed;
  }

  /** Re-reads the given listings. */
  async function reread(ids: readonly string[]): Promise<void> {
    const current = index;
    if (!current) return; // the load reads everything
    settle(current, await rereadInto(current, ids));
  }

  /**
   * What other servers (or anything else) changed since the last look, from the change log:
   * the listings named there are re-read, the listings of owners named there rendered afresh.
   * A server that has not looked for longer than the log keeps rows, or a TRUNCATE, reloads.
   */
  async function check(): Promise<void> {
    const current = index;
    if (!current) return;
    const next = await snapshotHorizon(db);
    if (next.at - lookedAt > RELOAD_AFTER_MS) {
      log?.warn(
        { sinceMs: next.at - lookedAt },
        'search index too long without a check; reloading',
      );
      await load();
      return;
    }
    const changes = await readChanges(db, horizon);
    if (changes.some((change) => change.property_id === null && change.owner_id === null)) {
      await load();
      return;
    }
    const ids = changes.flatMap((change) => (change.property_id ? [change.property_id] : []));
    const changed = ids.length > 0 && (await rereadInto(current, ids));
    // Owners whose account type changed (it shows on every card): their listings afresh.
    const owners = new Set(changes.flatMap((change) => (change.owner_id ? [change.owner_id] : [])));
    if (owners.size > 0 && propertyCache.deleteOwners(owners)) pageCache.clear();
    horizon = next.xmin;
    lookedAt = next.at;
    settle(current, changed);
    if (next.at - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = next.at;
      await db.execute(
        sql`DELETE FROM listing_changes WHERE changed_at < now() - ${`${CHANGES_KEPT_MS} milliseconds`}::interval`,
      );
    }
  }

  function track(work: Promise<unknown>): Promise<void> {
    const done = work.then(() => undefined);
    pending = done;
    // Both outcomes clear it. (`done.finally(…)` would be a second promise that rejects with
    // `done` and that nobody handles: a re-read cut off by a database restart ended the process.)
    const clear = () => {
      if (pending === done) pending = null;
    };
    done.then(clear, clear);
    return done;
  }

  const timer = setInterval(() => {
    if (!index || checking) return;
    checking = true;
    enqueue(check)
      .catch((error: unknown) => log?.warn({ err: error }, 'search index check failed'))
      .finally(() => {
        checking = false;
      });
  }, options.refreshMs ?? REFRESH_MS);
  timer.unref();

  function inSql(query: SearchQuery, depth: number, wordsFindNothing = false): Promise<Matches> {
    counts.inSql++;
    return searchInSql(db, query, depth, wordsFindNothing);
  }

  /** The matches of a search: from the index when it can answer, else from SQL. */
  function compute(query: SearchQuery, depth: number): Matches | Promise<Matches> {
    const current = index;
    if (!current) return inSql(query, depth);
    const answer = answerFromIndex(current, query, depth, threshold);
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
    if (gone.length > 0 && index) void track(enqueue(() => reread(gone))).catch(() => undefined);
    return page.filter((p): p is RenderedProperty => p !== undefined);
  }

  /** A page rendered for visitors, with the signed-in reader's own listings and favourites marked. */
  function forReader(
    page: RenderedProperty[],
    total: number,
    viewerId: string,
  ): Promise<SearchResult> {
    const properties = page.map((rendered) => ({
      ...parseRendered(rendered),
      isOwn: rendered.ownerId === viewerId,
    }));
    return withFavorites(db, { properties, total }, viewerId);
  }

  return {
    cachedPage(url) {
      if (!index || pending) return undefined; // a change in flight: the search must wait
      const pageKey = pageOfUrl.get(url);
      return pageKey === undefined ? undefined : pageCache.get(pageKey, generation);
    },

    async search(query, viewerId, url) {
      counts.searches++;
      if (!index) void ensureIndex();
      else if (pending) await pending.catch(() => undefined);
      const limit = query.limit ?? SEARCH_PAGE_SIZE;
      const offset = ((query.page ?? 1) - 1) * limit;
      const need = offset + limit;
      if (!index) {
        // Loading, failed or off: SQL answers, and nothing is kept (no generation would tell
        // a cache of the writes made meanwhile).
        const matches = await inSql(query, need);
        const page = await render(matches.ids.slice(offset, offset + limit), false);
        return viewerId ? forReader(page, matches.total, viewerId) : pageJson(page, matches.total);
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
        const json = pageJson(page, matches.total);
        // Kept only if the page is whole and nothing changed while it was put together.
        if (page.length === ids.length && generation === pageGeneration) {
          pageCache.set(pageKey, pageGeneration, json);
        }
        return json;
      }
      return forReader(page, matches.total, viewerId);
    },

    changed(ids) {
      if (!index && !loading) return Promise.resolve();
      const work = enqueue(() => (ids ? reread(ids) : check()));
      // The caller's write is committed: a re-read cut off by an outage must not turn its
      // answer into an error (a retry would write it twice). The next periodic check reads
      // every row written since the last one, this write's included.
      return track(work).catch((error: unknown) => {
        log?.warn({ err: error }, 'search index re-read failed; the next check catches up');
      });
    },

    async liveProperty(id) {
      if (!uuidShape.test(id)) return null;
      const cached = index && !pending ? propertyCache.getMany([id])[0] : undefined;
      if (cached) return parseRendered(cached);
      // Kept only while the index runs: without it nothing tells the cache of a change, so
      // the generation then differs on every look and the listing is read, not kept.
      let looks = 0;
      const found = await propertyCache.fetch([id], () => (index ? generation : looks++));
      const rendered = found.get(id);
      return rendered ? parseRendered(rendered) : null;
    },

    warm() {
      const load = ensureIndex();
      if (!load) return Promise.resolve();
      startingUp = true;
      return load.finally(() => {
        startingUp = false;
      });
    },

    ready: () => !startingUp,

    stats: () => ({
      ...counts,
      indexed: index !== null,
      listings: index?.size ?? null,
      changedSinceBuild: index?.deltaSize ?? 0,
      indexBytes: index?.arrayBytes() ?? 0,
      derivedBytes: index?.cacheBytes() ?? 0,
      generation,
      cachedSearches: searchCache.size,
      cachedSearchIds: searchCache.ids,
      cachedPageBytes: pageCache.bytes,
      cachedProperties: propertyCache.size,
      loadMs,
    }),

    async close() {
      if (counts.searches > 0) log?.info(this.stats(), 'search statistics');
      closed = true;
      clearInterval(timer);
      await queue;
    },
  };
}
