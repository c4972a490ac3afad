import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties, type PropertyRow } from '../../db/schema';
import type { ListingSearch } from './listing-search';

/**
 * The one module that writes the `properties` table (issue 16). Every write tells this
 * server's search index once it has committed, so the server answers its own writes at once
 * and no feature can forget to: owners' listings here, administrators' reviews, hides and
 * featuring (admin), and what comes next (reports, alerts, rented). Other servers see the
 * writes at their next check (docs/decisions/002-search.md). `listing-writes-only.test.ts`
 * fails when another file writes the table.
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
   * period, and saved searches and favourites' price drops hear of it (wentLive).
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

/** What a transaction's writes did: the listings written, and those that became live. */
type Written = { touched: Set<string>; wentLive: Set<string> };

function writerOn(tx: Database, written: Written, clock: () => Date): ListingWriter {
  const { touched } = written;
  return {
    async insert(values) {
      const [row] = await tx.insert(properties).values(values).returning({ id: properties.id });
      touched.add(row!.id);
      return row!.id;
    },
    async update(id, set, how) {
      touched.add(id);
      const now = clock();
      const [row] = await tx
        .update(properties)
        .set({ updatedAt: sql`now()`, ...freshWhenLive(set, now, how?.announce), ...set })
        .where(eq(properties.id, id))
        .returning();
      // Live with its 30 days started by this write: it became live, or was renewed.
      const confirmedNow =
        set.confirmedAt instanceof Date || row?.confirmedAt.getTime() === now.getTime();
      if (row?.isVerified && row.isActive && confirmedNow) written.wentLive.add(id);
      return row;
    },
    async updateWhere(where, set) {
      const rows = await tx.update(properties).set(set).where(where).returning();
      for (const row of rows) touched.add(row.id);
      return rows;
    },
    async delete(id) {
      touched.add(id);
      const [row] = await tx.delete(properties).where(eq(properties.id, id)).returning();
      return row;
    },
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

/** `clock`: the time a listing that becomes live counts its confirmation from (tests move it). */
export type ListingWriteHooks = {
  /**
   * Listings that became live (approved, shown, restored, available again) or were renewed,
   * called in the transaction that did it, before it commits: work queued here (the alerts of
   * saved searches, issue 21) exists exactly when the change does.
   */
  wentLive?: (ids: string[], tx: Database) => Promise<void>;
};

export function createListingWrites(
  db: Database,
  search: Pick<ListingSearch, 'changed'>,
  clock: () => Date = () => new Date(),
  hooks: ListingWriteHooks = {},
): ListingWrites {
  async function transaction<T>(
    work: (write: ListingWriter, tx: Database) => Promise<T>,
  ): Promise<T> {
    const written: Written = { touched: new Set(), wentLive: new Set() };
    const result = await db.transaction(async (tx) => {
      const answer = await work(writerOn(tx, written, clock), tx);
      if (written.wentLive.size > 0) await hooks.wentLive?.([...written.wentLive], tx);
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
