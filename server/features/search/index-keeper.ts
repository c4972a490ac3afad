import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  CHANGES_KEPT_MS,
  PRUNE_EVERY_MS,
  readChanges,
  readLiveListingsNewestFirst,
  readSignedRows,
  RELOAD_AFTER_MS,
  similarityThreshold,
  snapshotHorizon,
  toListing,
  type Row,
} from './index-reads';
import { uuidShape } from '../../lib/ids';
import { runSliced, type Work } from './index-build';
import { compaction, IndexBuilder } from './index-builder';
import type { IndexedListing, ListingIndex } from './listing-index';

/**
 * Keeps one server's search index loaded and in step with the database
 * (docs/decisions/002-search.md): loaded when asked (warm, or the first search), re-reading
 * the listings this server wrote when told (`changed(ids)`), and every `refreshMs` reading the
 * change log for what anything else wrote. Every change of the index runs in one queue, one
 * at a time; searches read between them.
 */

/** What the keeper tells the caches in front of the index. */
export type IndexListener = {
  /** The index changed: every cached answer is out of date. */
  newGeneration(): void;
  /** This listing changed or went: render it afresh. */
  forget(id: string): void;
  /** The index was loaded afresh: forget every rendered listing. */
  forgetAll(): void;
  /** These owners' account type or badges changed: render their listings afresh. */
  forgetOwners(owners: ReadonlySet<string>): void;
};

export type IndexKeeper = {
  /** The index, or null: not loaded (yet), failed, or SEARCH_INDEX=off. */
  readonly index: ListingIndex | null;
  /** pg_trgm's word similarity threshold, as read by the last load. */
  readonly threshold: number;
  /** Changes asked for by writers and not yet read: the next search waits for them. */
  readonly pending: Promise<unknown> | null;
  readonly loadMs: number | null;
  /** Rebuilds started since the server started. */
  readonly compactions: number;
  /** Starts loading the index unless it is loaded or loading; the load, or null. */
  ensureIndex(): Promise<void> | null;
  changed(ids?: readonly string[]): Promise<void>;
  /** Listings found gone while rendering: look again, in the background. */
  lookAgain(ids: readonly string[]): void;
  warm(): Promise<void>;
  ready(): boolean;
  close(): Promise<void>;
};

/**
 * Adds a batch of listings to a build, in slices. A listing's add (its words, trigrams and
 * filters) is costlier than a step of the other loops, so it yields every 256: 1 024 held a
 * slow CI machine's main thread 104 ms once, past the 100 ms of issue 16.
 */
function* addAll(builder: IndexBuilder, listings: readonly IndexedListing[]): Work<void> {
  for (let i = 0; i < listings.length; i++) {
    builder.add(listings[i]!);
    if ((i & 255) === 255) yield;
  }
}

/** A listing approved on one server shows on the others within this, plus the check. */
const REFRESH_MS = 2_000;
const LOAD_RETRY_MS = 5_000;

export function createIndexKeeper(
  db: Database,
  listener: IndexListener,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined,
  options: {
    refreshMs?: number;
    useIndex: boolean;
    /** Rebuild after this many changes (tests); default: when the index says it would pay. */
    compactAfter?: number;
  },
): IndexKeeper {
  const { useIndex } = options;
  let index: ListingIndex | null = null;
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
  /** While a rebuild runs: the listings changed since it started, to read into it after. */
  let replay: Set<string> | null = null;
  let compactions = 0;

  async function load(): Promise<void> {
    const started = performance.now();
    const since = await snapshotHorizon(db);
    threshold = await similarityThreshold(db);
    // Read in batches and built in slices: a million listings never hold the event loop.
    const builder = new IndexBuilder();
    await readLiveListingsNewestFirst(db, (batch) => runSliced(addAll(builder, batch)));
    const built = await runSliced(builder.finish());
    replay = null; // a compaction of the index this load replaces is dropped
    signatures.clear();
    // Catch up before taking over: the cursor's snapshot is older than now, and a search
    // answered from SQL meanwhile may already have shown what was written since.
    const next = await snapshotHorizon(db);
    const { reloadAsked, listings, owners } = await readChanges(db, since.xmin);
    if (listings.length > 0) await rereadInto(built, listings, true);
    if (owners.size > 0) await rereadOwnersInto(built, owners, true);
    index = built;
    // A TRUNCATE meanwhile: the next check sees it again and reloads.
    horizon = reloadAsked ? since.xmin : next.xmin;
    lookedAt = reloadAsked ? since.at : next.at;
    listener.newGeneration();
    listener.forgetAll();
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
  function apply(current: ListingIndex, rows: Row[], force = false): boolean {
    let changed = false;
    for (const row of rows) {
      replay?.add(row.id);
      if (row.signature !== undefined && !force) {
        if (signatures.get(row.id) === row.signature) continue;
        signatures.set(row.id, row.signature);
      }
      if (row.live) {
        current.upsert(toListing(row));
      } else if (!current.remove(row.id)) {
        continue;
      }
      listener.forget(row.id);
      changed = true;
    }
    return changed;
  }

  function settle(current: ListingIndex, changed: boolean): void {
    if (!changed) return;
    listener.newGeneration();
    const due =
      options.compactAfter === undefined
        ? current.wantsCompaction
        : current.deltaSize >= options.compactAfter;
    if (due && !replay) compact(current);
  }

  /**
   * Builds the index afresh in the background, in slices, while `current` keeps answering and
   * taking changes in; the listings changed meanwhile are read again into the new index before
   * it takes over (in the queue, so no change slips between).
   */
  function compact(current: ListingIndex): void {
    const changedMeanwhile = new Set<string>();
    replay = changedMeanwhile;
    compactions++;
    void runSliced(compaction(current))
      .then((fresh) =>
        enqueue(async () => {
          if (replay !== changedMeanwhile || index !== current) return; // reloaded meanwhile
          replay = null;
          await rereadInto(fresh, [...changedMeanwhile], true);
          index = fresh;
          listener.newGeneration();
        }),
      )
      .catch((error: unknown) => {
        if (replay === changedMeanwhile) replay = null;
        log?.warn({ err: error }, 'search index rebuild failed; the current one goes on');
      });
  }

  /** Re-reads the given listings into the index; whether anything changed. */
  async function rereadInto(
    current: ListingIndex,
    ids: readonly string[],
    force = false,
  ): Promise<boolean> {
    const wanted = [...new Set(ids)].filter((id) => uuidShape.test(id));
    if (wanted.length === 0) return false;
    const rows = await readSignedRows(db, sql`id = ANY(${sql.param(wanted)}::uuid[])`);
    let changed = apply(current, rows, force);
    const found = new Set(rows.map((row) => row.id));
    for (const id of wanted) {
      if (found.has(id)) continue;
      replay?.add(id);
      signatures.delete(id);
      listener.forget(id);
      changed = current.remove(id) || changed;
    }
    return changed;
  }

  /**
   * Re-reads the listings of owners whose account changed (type or badges, migration 0022):
   * the verified-lister filter reads the owner's row, so such a listing changes in the index
   * though its own row did not (the row's hash covers it, index-reads.ts). Whether any of them
   * is live: its rendering shows the owner's badges, so cached pages are out of date.
   */
  async function rereadOwnersInto(
    current: ListingIndex,
    owners: ReadonlySet<string>,
    force = false,
  ): Promise<boolean> {
    const wanted = [...owners].filter((id) => uuidShape.test(id));
    if (wanted.length === 0) return false;
    const rows = await readSignedRows(db, sql`owner_id = ANY(${sql.param(wanted)}::uuid[])`);
    const changed = apply(current, rows, force);
    return changed || rows.some((row) => row.live);
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
    const { reloadAsked, listings, owners } = await readChanges(db, horizon);
    if (reloadAsked) {
      await load();
      return;
    }
    let changed = listings.length > 0 && (await rereadInto(current, listings));
    // Owners whose account type or badges changed (they show on every card): their listings
    // read again and rendered afresh, and every cached answer retired when they have any.
    if (owners.size > 0) {
      changed = (await rereadOwnersInto(current, owners)) || changed;
      listener.forgetOwners(owners);
    }
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

  return {
    get index() {
      return index;
    },
    get threshold() {
      return threshold;
    },
    get pending() {
      return pending;
    },
    get loadMs() {
      return loadMs;
    },
    get compactions() {
      return compactions;
    },
    ensureIndex,
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
    lookAgain(ids) {
      if (index) void track(enqueue(() => reread(ids))).catch(() => undefined);
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
    async close() {
      closed = true;
      clearInterval(timer);
      await queue;
    },
  };
}
