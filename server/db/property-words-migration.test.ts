import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearches } from '../features/saved-searches/service';
import { rowsOf } from './client';
import { migrationsFolder } from './migrate';
import { emptyDatabase, migrationsBefore } from '../testing/migration-test';
import { properties } from '../features/listings/service';

/**
 * Ghana's words (issue 34): the migration that renamed the property type `room` to
 * `single_room` maps a database written before it, listings and saved searches, and loses
 * nothing else. The database is migrated up to the migration before it, given old rows, then
 * brought up to date, as a server started on a new release does: on PGlite, and on PostgreSQL
 * in the postgres test project.
 */
const TAG = 'ghana_property_words';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let oldFolder: string;
const ids = { room: '', house: '', roomSearch: '', typeSearch: '', flatSearch: '' };

beforeAll(async () => {
  oldFolder = migrationsBefore(TAG);
  database = await emptyDatabase();
  const { db } = database.handle;
  await database.handle.migrate(oldFolder);
  // Its owner by SQL too, with the columns that release's users had.
  const [owner] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO users (email, password_hash, first_name, last_name)
      VALUES ('kofi@example.com', 'x', 'Kofi', 'Boateng') RETURNING id`,
  );
  // What the release before wrote: a type today's list no longer names. Written by SQL with
  // the columns that release had (today's schema names columns later migrations add).
  const oldListing = async (
    title: string,
    propertyType: string,
    amenities: string[],
    bedrooms: number,
  ) => {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO properties (owner_id, title, description, property_type, category, address,
            city, country, price, currency, pricing_period, bedrooms, bathrooms, amenities,
            is_verified, is_active)
          VALUES (${owner!.id}, ${title}, 'A listing made by a test.', ${propertyType}, 'general',
            '1 Test Street, Osu', 'Accra', 'Ghana', 3000, 'GH₵', 'month', ${bedrooms}, 1,
            string_to_array(${amenities.join(',')}, ','), true, true)
          RETURNING id`,
    );
    return rows[0]!.id;
  };
  ids.room = await oldListing('Room near Legon', 'room', ['wifi', 'kitchen'], 1);
  ids.house = await oldListing('House in Ahodwo', 'house', ['wifi'], 2);
  const search = (name: string, query: Record<string, string>) =>
    db
      .insert(savedSearches)
      .values({ userId: owner!.id, name, query, channel: 'email', frequency: 'daily' })
      .returning({ id: savedSearches.id })
      .then(([row]) => row!.id);
  ids.roomSearch = await search('Rooms in Legon', { location: 'Legon', propertyType: 'room' });
  ids.typeSearch = await search('Rooms', { type: 'room', maxPrice: '900' });
  ids.flatSearch = await search('Flats', { propertyType: 'apartment', bedrooms: '2' });
  await database.handle.migrate(migrationsFolder);
}, 120_000);

afterAll(async () => {
  await database?.drop();
  if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
});

describe('the migration to Ghana’s property types', () => {
  it('makes an old room a single room, and keeps the rest of the listing', async () => {
    const { db } = database.handle;
    const [room] = await db.select().from(properties).where(eq(properties.id, ids.room));
    expect(room).toMatchObject({
      propertyType: 'single_room',
      title: 'Room near Legon',
      amenities: ['wifi', 'kitchen'],
      bedrooms: 1,
      isVerified: true,
      isActive: true,
    });
    const [house] = await db.select().from(properties).where(eq(properties.id, ids.house));
    expect(house?.propertyType).toBe('house');
  });

  it('makes saved searches for rooms ask for single rooms, under either name of the filter', async () => {
    const { db } = database.handle;
    const queries = new Map(
      (await db.select().from(savedSearches)).map((row) => [row.id, row.query]),
    );
    expect(queries.get(ids.roomSearch)).toEqual({ location: 'Legon', propertyType: 'single_room' });
    expect(queries.get(ids.typeSearch)).toEqual({ type: 'single_room', maxPrice: '900' });
    expect(queries.get(ids.flatSearch)).toEqual({ propertyType: 'apartment', bedrooms: '2' });
  });
});
