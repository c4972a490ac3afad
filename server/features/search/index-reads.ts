import { sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { rowsOf, type Database } from '../../db/client';
import type { IndexedListing } from './listing-index';
import { searchFilters, type FilterName } from './search-filters';

/**
 * What the search index reads from the database: live listings as it holds them, the change
 * log the triggers keep (0019_listing_changes.sql), the horizon of what a snapshot saw, and
 * pg_trgm's threshold (docs/decisions/002-search.md).
 */

export type Row = {
  id: string;
  /**
   * created_at (µs), monthly_price_ghs, average_rating, review_count, the public point's
   * latitude and longitude (exact: PostgreSQL writes the shortest text of a double), then each declared
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
const numbers = `concat_ws(' ', (extract(epoch from created_at) * 1000000)::bigint,
    monthly_price_ghs, average_rating, review_count, public_latitude, public_longitude,
    ${searchFilters.map((filter) => filter.load.select).join(', ')})`;
export const indexColumns = sql.raw(`id, ${numbers} AS numbers,
  search_vector::text AS vector, search_text AS text, (is_verified AND is_active) AS live`);
// Every column, so that a change the index does not hold (photos, description) shows too;
// and the numbers, which also hold what a filter reads from the owner's row (verifiedLister):
// a listing whose owner was verified is a changed listing though its own row is the same.
export const signature = sql.raw(
  `(hashtextextended(p::text || ${numbers}, 0) % 4503599627370496)::text AS signature`,
);
export const live = sql.raw('is_verified AND is_active');

export const readRows = (db: Database, where: SQL) =>
  rowsOf<Row>(db, sql`SELECT ${indexColumns} FROM properties AS p WHERE ${where}`);

/** The rows with a hash of each, to tell rows written again unchanged from changed ones. */
export const readSignedRows = (db: Database, where: SQL) =>
  rowsOf<Row>(db, sql`SELECT ${indexColumns}, ${signature} FROM properties AS p WHERE ${where}`);

/**
 * The oldest transaction still running, as seen now (the low 32 bits of the xmin of a fresh
 * snapshot): every row written by a transaction this snapshot cannot see has an xmin at or
 * after it. With the database's clock (ms), to tell how long ago a check looked.
 */
export async function snapshotHorizon(db: Database): Promise<{ xmin: string; at: number }> {
  const [row] = await rowsOf<{ xmin: string; at: string }>(
    db,
    sql`SELECT (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text AS xmin,
      (extract(epoch from clock_timestamp()) * 1000)::bigint::text AS at`,
  );
  return { xmin: String(row!.xmin), at: Number(row!.at) };
}

/** Rows written by transactions from `horizon` on: what a snapshot then may not have seen. */
export const writtenSince = (horizon: string) => sql`age(xmin) <= age(${horizon}::xid)`;

/** How long listing_changes keeps a row (0019_listing_changes.sql); servers delete older ones. */
export const CHANGES_KEPT_MS = 60 * 60_000;
/** A server whose last check is older than this reloads its index: rows it needs may be gone. */
export const RELOAD_AFTER_MS = CHANGES_KEPT_MS / 2;
export const PRUNE_EVERY_MS = 5 * 60_000;

type ChangeRow = { property_id: string | null; owner_id: string | null };

/** What the change log says since a horizon. */
export type Changes = {
  /** A TRUNCATE (a row naming nothing): everything may have changed. */
  reloadAsked: boolean;
  /** Listings written. */
  listings: string[];
  /** Owners whose account type or badges changed (they show on every card of theirs). */
  owners: Set<string>;
};

/**
 * What was written since a horizon, from the change log the triggers keep: a small table,
 * so a check that finds nothing reads a few pages, whatever the size of the catalogue.
 */
export async function readChanges(db: Database, horizon: string): Promise<Changes> {
  const rows = await rowsOf<ChangeRow>(
    db,
    sql`SELECT DISTINCT property_id, owner_id FROM listing_changes WHERE ${writtenSince(horizon)}`,
  );
  return {
    reloadAsked: rows.some((row) => row.property_id === null && row.owner_id === null),
    listings: rows.flatMap((row) => (row.property_id ? [row.property_id] : [])),
    owners: new Set(rows.flatMap((row) => (row.owner_id ? [row.owner_id] : []))),
  };
}

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

export function toListing(row: Row): IndexedListing {
  const [created, price, rating, reviews, latitude, longitude, ...declared] =
    row.numbers.split(' ');
  const listing = {
    id: row.id,
    createdUs: Number(created),
    price: price!,
    rating: Number(rating),
    reviewCount: Number(reviews),
    latitude: Number(latitude),
    longitude: Number(longitude),
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

/** Listings read per batch while loading: a few megabytes of text at a time. */
const LOAD_BATCH = 20_000;

type Batches = (listings: IndexedListing[]) => Promise<void>;

/**
 * Every live listing newest first (created_at DESC, id DESC: the index's slot order), handed
 * to `take` in batches, the next batch read while `take` works on the last.
 *
 * On a PostgreSQL server: one snapshot, through a cursor over a query PostgreSQL sorts
 * itself. Read through the newest-first index instead, at a million listings whose rows are
 * not stored in that order, each batch fetched its rows from all over the table (about 1.2 s
 * per 20 000, a minute in all); a sequential scan and a sort take about 4 s for all of them.
 * On PGlite (one connection: a transaction would hold every other query back) by keyset
 * batches, which are not one snapshot: what changes meanwhile is in the change log from the
 * load's horizon on, which the next check reads.
 */
export async function readLiveListingsNewestFirst(
  db: Database,
  take: Batches,
  batch = LOAD_BATCH,
): Promise<void> {
  if (isEmbedded(db)) return readByKeyset(db, take, batch);
  await db.transaction(async (tx) => {
    // Plan for every row, not the first ones: the sort, not the index.
    await tx.execute(sql`SET LOCAL cursor_tuple_fraction = 1`);
    await tx.execute(sql`DECLARE live_listings NO SCROLL CURSOR FOR
      SELECT ${indexColumns} FROM properties AS p WHERE ${live}
      ORDER BY created_at DESC, id DESC`);
    const fetch = () => rowsOf<Row>(tx, sql`FETCH ${sql.raw(String(batch))} FROM live_listings`);
    await pipelined(fetch, batch, take);
  });
}

/** PGlite: one connection in this process. */
const isEmbedded = (db: Database): boolean => db instanceof PgliteDatabase;

async function readByKeyset(db: Database, take: Batches, batch: number): Promise<void> {
  let after: { created: string; id: string } | null = null;
  const read = async () => {
    const rows = await rowsOf<Row & { created: string }>(
      db,
      sql`SELECT ${indexColumns}, created_at::text AS created FROM properties AS p
        WHERE ${live} ${after ? sql`AND (created_at, id) < (${after.created}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${batch}`,
    );
    const last = rows.at(-1);
    if (last) after = { created: last.created, id: last.id };
    return rows;
  };
  await pipelined(read, batch, take);
}

/** Reads batches until one comes short, asking for the next before taking in the last. */
async function pipelined(read: () => Promise<Row[]>, batch: number, take: Batches) {
  let next = read();
  for (;;) {
    const rows = await next;
    const more = rows.length === batch;
    if (more) next = read();
    try {
      await take(rows.map(toListing));
    } catch (error) {
      if (more) await next.catch(() => undefined); // never leave a read unawaited
      throw error;
    }
    if (!more) return;
  }
}
