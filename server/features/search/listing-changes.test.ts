import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { searchQuerySchema } from '#common/properties';
import { rowsOf, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { createListingSearch } from './listing-search';
import { properties } from '../listings/service';

/**
 * Servers keep their search index in step through the change log that the database's
 * triggers write (listing_changes, issue 16): a check costs in proportion to the changes, and
 * sees whatever wrote them.
 */
const { app, database } = await createTestApp();
const db = database.db;
const dialect = new PgDialect();

/** The database, recording the text of every raw query. */
function recording(target: Database) {
  const queries: string[] = [];
  const recorded = new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (property === 'execute') {
        return (query: SQL) => {
          queries.push(dialect.sqlToQuery(query).sql);
          return (value as (q: SQL) => unknown).call(object, query);
        };
      }
      return typeof value === 'function' ? value.bind(object) : value;
    },
  }) as Database;
  return { recorded, queries };
}

type Result = { properties: { title: string; ownerUserType: string }[]; total: number };
const find = async (search: ReturnType<typeof createListingSearch>, location: string) =>
  JSON.parse(
    (await search.search(searchQuerySchema.parse({ location }), null)).toString(),
  ) as Result;

describe('the change log', () => {
  it('records inserts, updates and deletes of listings, whoever makes them', async () => {
    const owner = (await signUp(app, { userType: 'owner' })).userId;
    const before = await rowsOf<{ n: string }>(
      db,
      sql`SELECT max(id)::text AS n FROM listing_changes`,
    );
    const id = await createListing(db, owner, { city: 'Sunyani' });
    await db.update(properties).set({ title: 'Renamed' }).where(eq(properties.id, id));
    await db.delete(properties).where(eq(properties.id, id));
    const logged = await rowsOf<{ property_id: string }>(
      db,
      sql`SELECT property_id FROM listing_changes WHERE id > ${before[0]?.n ?? '0'}::bigint ORDER BY id`,
    );
    expect(logged.map((row) => row.property_id)).toEqual([id, id, id]);
  });

  it('a check that finds nothing new reads the log only, never the listings', async () => {
    const { recorded, queries } = recording(db);
    const search = createListingSearch(recorded, undefined, { refreshMs: 60_000 });
    try {
      await search.warm();
      await search.changed(); // prunes the log once
      // Nothing new for sure: the horizon is the whole server's, so a transaction of another
      // test file's database can hold it back, and this file's earlier rows would count again.
      await db.execute(sql`DELETE FROM listing_changes`);
      queries.length = 0;
      await search.changed();
      expect(queries).toHaveLength(2); // the horizon, the log since it
      expect(queries.filter((query) => /\bproperties\b/.test(query))).toEqual([]);
    } finally {
      await search.close();
    }
  });

  it('shows an owner’s new account type on their cards at the next check', async () => {
    const owner = (await signUp(app, { userType: 'owner' })).userId;
    await createListing(db, owner, { title: 'Agent flat', city: 'Bolgatanga' });
    const search = createListingSearch(db, undefined, { refreshMs: 60_000 });
    try {
      await search.warm();
      expect((await find(search, 'Bolgatanga')).properties[0]?.ownerUserType).toBe('owner');
      await db.update(users).set({ userType: 'agent' }).where(eq(users.id, owner));
      await search.changed();
      expect((await find(search, 'Bolgatanga')).properties[0]?.ownerUserType).toBe('agent');
    } finally {
      await search.close();
    }
  });

  it('reloads everything after a TRUNCATE, which has no rows to name', async () => {
    const other = await createTestApp();
    const owner = (await signUp(other.app, { userType: 'owner' })).userId;
    await createListing(other.database.db, owner, { title: 'Gone soon', city: 'Aflao' });
    const search = createListingSearch(other.database.db, undefined, { refreshMs: 60_000 });
    try {
      await search.warm();
      expect((await find(search, 'Aflao')).total).toBe(1);
      await other.database.db.execute(sql`TRUNCATE properties CASCADE`);
      await search.changed();
      expect((await find(search, 'Aflao')).total).toBe(0);
      expect(search.stats().listings).toBe(0);
    } finally {
      await search.close();
    }
  });

  it('keeps an hour of changes: a check deletes older rows', async () => {
    await db.execute(
      sql`INSERT INTO listing_changes (property_id, changed_at) VALUES (gen_random_uuid(), now() - interval '2 hours')`,
    );
    const search = createListingSearch(db, undefined, { refreshMs: 60_000 });
    try {
      await search.warm();
      await search.changed();
      const [old] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM listing_changes WHERE changed_at < now() - interval '1 hour'`,
      );
      expect(old!.n).toBe(0);
    } finally {
      await search.close();
    }
  });
});
