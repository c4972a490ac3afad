import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listingEventsOf, type ListingEvent } from './listing-events';
import { statusChangeOf, type StatusChange } from './listing-status-changes';
import { properties, type PropertyRow } from './schema';

/**
 * The one module that writes the `properties` table (issue 16). Every write tells this
 * server's search index once it has committed, so the server answers its own writes at once
 * and no feature can forget to: owners' listings here, administrators' reviews, hides and
 * featuring (admin), and what comes next (reports, alerts, rented). Other servers see the
 * writes at their next check (docs/decisions/002-search.md). `listing-writes-only.test.ts`
 * fails when another file writes the table.
 *
 * Each write also reads the rows it changes as they were (locked, in its transaction) and turns
 * before and after into listing events (listing-events.ts), which the transaction records
 * before it commits (issue 35): a feature that handles them hears of every change, whoever made
 * it, exactly when it happened.
 */

type NewListingRow = typeof properties.$inferInsert;
/**
 * The columns a write may set, as values or SQL (`now()`); a listing's id, owner and creation
 * time never change.
 */
export type ListingColumns = {
  [K in keyof Omit<NewListingRow, 'id' | 'ownerId' | 'createdAt'>]?: NewListingRow[K] | SQL;
};

/** The writes of one transaction. */
export type ListingWriter = {
  /** A new listing; its id. */
  insert(values: NewListingRow): Promise<string>;
  /**
   * Sets columns of one listing (and updated_at); its row after, or undefined if none.
   * `announce`: what renters rely on changed on a listing that stays live (approved pending
   * changes, issue 34): if live after, it counts as gone live anew, with a fresh confirmation
   * period, and saved searches and favourites' price drops hear of it (the `listing.live` event).
   */
  update(
    id: string,
    set: ListingColumns,
    how?: { announce?: boolean },
  ): Promise<PropertyRow | undefined>;
  /**
   * Sets columns of every listing `where` selects (not updated_at: set it when the listing
   * itself changed); their rows after. For
   * work over many listings at once (the freshness job), where a row's selection and its
   * change must be one statement: run twice at once, the second finds nothing left to change.
   */
  updateWhere(where: SQL, set: ListingColumns): Promise<PropertyRow[]>;
  /** Deletes one listing (its favourites go with it, by foreign key); its row, if there was one. */
  delete(id: string): Promise<PropertyRow | undefined>;
  /**
   * Writes every dollar listing again, unchanged but for what the database derives: its
   * trigger converts rent and move-in cost to cedis at the rate now in use (issue 20). Their
   * ids; updated_at stays, as nothing of the listing changed.
   */
  reconvertDollarListings(): Promise<string[]>;
};

export type ListingWrites = ListingWriter & {
  /**
   * Runs `work` in one transaction, with a writer bound to it and the transaction for reads
   * (`FOR UPDATE` locks, other tables); once committed, the index re-reads every listing it
   * wrote. Nothing is re-read when the work throws: the transaction rolled back.
   */
  transaction<T>(work: (write: ListingWriter, tx: Database) => Promise<T>): Promise<T>;
};

/**
 * What a write that may make a listing live also sets (issue 21): a listing that becomes live
 * (approved, switched on, restored, available again, renewed) starts a fresh
 * LISTING_CONFIRM_DAYS with no reminder sent and no expiry, whoever made it live. Decided in
 * the UPDATE from the row's state before it, so no feature has to remember it. A write that
 * sets these columns itself keeps its own values.
 */
function freshWhenLive(set: ListingColumns, now: Date, announce = false): ListingColumns {
  if (set.isActive === undefined && set.isVerified === undefined && !announce) return {};
  const newValue = (value: unknown, column: unknown) =>
    value === undefined ? sql`${column}` : sql`${value}`;
  const liveAfter = sql`(${newValue(set.isVerified, properties.isVerified)}) AND (${newValue(set.isActive, properties.isActive)})`;
  const becomesLive = announce
    ? sql`(${liveAfter})`
    : sql`((${liveAfter}) AND NOT (${properties.isVerified} AND ${properties.isActive}))`;
  return {
    confirmedAt: sql`CASE WHEN ${becomesLive} THEN ${now.toISOString()}::timestamptz ELSE ${properties.confirmedAt} END`,
    confirmRemindedAt: sql`CASE WHEN ${becomesLive} THEN NULL ELSE ${properties.confirmRemindedAt} END`,
    expiredAt: sql`CASE WHEN ${becomesLive} THEN NULL ELSE ${properties.expiredAt} END`,
  };
}

/** What a transaction's writes did: the listings written, and the events of the writes. */
type Written = { touched: Set<string>; events: ListingEvent[]; statusChanges: StatusChange[] };

/** The rows `where` selects, locked until the transaction ends, by id. */
async function rowsBefore(tx: Database, where: SQL): Promise<Map<string, PropertyRow>> {
  const rows = await tx.select().from(properties).where(where).for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

function writerOn(tx: Database, written: Written, clock: () => Date): ListingWriter {
  const { touched } = written;
  const happened = (before: PropertyRow | undefined, after: PropertyRow | undefined) => {
    written.events.push(...listingEventsOf(before, after, clock()));
    const change = statusChangeOf(before, after);
    if (change) written.statusChanges.push(change);
  };
  return {
    async insert(values) {
      const [row] = await tx.insert(properties).values(values).returning();
      touched.add(row!.id);
      happened(undefined, row);
      return row!.id;
    },
    async update(id, set, how) {
      touched.add(id);
      const before = (await rowsBefore(tx, eq(properties.id, id))).get(id);
      const [row] = await tx
        .update(properties)
        .set({ updatedAt: sql`now()`, ...freshWhenLive(set, clock(), how?.announce), ...set })
        .where(eq(properties.id, id))
        .returning();
      happened(before, row);
      return row;
    },
    async updateWhere(where, set) {
      // Locked first: a second run at once waits, then finds nothing left to change.
      const before = await rowsBefore(tx, where);
      if (before.size === 0) return [];
      const rows = await tx
        .update(properties)
        .set(set)
        .where(inArray(properties.id, [...before.keys()]))
        .returning();
      for (const row of rows) {
        touched.add(row.id);
        happened(before.get(row.id), row);
      }
      return rows;
    },
    async delete(id) {
      touched.add(id);
      const [row] = await tx.delete(properties).where(eq(properties.id, id)).returning();
      happened(row, undefined);
      return row;
    },
    // No events: the rent as its owner set it stays (listing-events.ts: not a price drop).
    async reconvertDollarListings() {
      const rows = await tx
        .update(properties)
        .set({ currency: sql`${properties.currency}` })
        .where(eq(properties.currency, '$'))
        .returning({ id: properties.id });
      for (const row of rows) touched.add(row.id);
      return rows.map((row) => row.id);
    },
  };
}

/**
 * Who is told which listings a committed transaction wrote: this server's search index
 * (features/search, `app.listingSearch`), which re-reads them before it answers again. The
 * writer knows it only by this, so search may use listings and not the other way round.
 */
export type WrittenListener = { changed(ids: readonly string[]): Promise<void> };

/** `clock`: the time a listing that becomes live counts its confirmation from (tests move it). */
export type ListingWriteHooks = {
  /**
   * The events of a transaction's writes, called in it before it commits: what is recorded
   * here (the event outbox's jobs) exists exactly when the change does.
   */
  recorded?: (events: ListingEvent[], tx: Database) => Promise<void>;
  /** What owners and administrators see change, called in the transaction as `recorded` is. */
  statusChanged?: (changes: StatusChange[], tx: Database) => Promise<void>;
};

export function createListingWrites(
  db: Database,
  search: WrittenListener,
  clock: () => Date = () => new Date(),
  hooks: ListingWriteHooks = {},
): ListingWrites {
  async function transaction<T>(
    work: (write: ListingWriter, tx: Database) => Promise<T>,
  ): Promise<T> {
    const written: Written = { touched: new Set(), events: [], statusChanges: [] };
    const result = await db.transaction(async (tx) => {
      const answer = await work(writerOn(tx, written, clock), tx);
      if (written.events.length > 0) await hooks.recorded?.(written.events, tx);
      if (written.statusChanges.length > 0) {
        await hooks.statusChanged?.(written.statusChanges, tx);
      }
      return answer;
    });
    if (written.touched.size > 0) await search.changed([...written.touched]);
    return result;
  }
  return {
    transaction,
    insert: (values) => transaction((write) => write.insert(values)),
    update: (id, set, how) => transaction((write) => write.update(id, set, how)),
    updateWhere: (where, set) => transaction((write) => write.updateWhere(where, set)),
    delete: (id) => transaction((write) => write.delete(id)),
    reconvertDollarListings: () => transaction((write) => write.reconvertDollarListings()),
  };
}
