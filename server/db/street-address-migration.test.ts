import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoListings } from '../demo/seed-listings';
import { properties } from '../features/listings/service';
import { emptyDatabase, migrationsBefore } from '../testing/migration-test';
import { rowsOf } from './client';
import { migrationsFolder } from './migrate';

/**
 * A place's address is as private as its pin (issue 50): migration 0044 splits each listing's
 * one-line address into the public area line (`address`) and the private street address
 * (`street_address`), keeping the whole text as the street address: nothing is lost. Tried on
 * the demo data as the release before wrote it ("12 Oxford Street, Osu"), on addresses without
 * a comma, on the default "city, country", and on an approval's snapshot and a change waiting
 * for review, on PGlite and on PostgreSQL.
 */
const TAG = 'street_address';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let oldFolder: string;
const demo = demoListings().slice(0, 20);
const ids: Record<string, string> = {};

/** The one-line address the release before gave a demo listing. */
const oldDemoAddress = (listing: (typeof demo)[number]) =>
  `${listing.streetAddress}, ${listing.address}`;

beforeAll(async () => {
  oldFolder = migrationsBefore(TAG);
  database = await emptyDatabase();
  const { db } = database.handle;
  await database.handle.migrate(oldFolder);
  const [owner] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO users (email, password_hash, first_name, last_name)
      VALUES ('kofi@example.com', 'x', 'Kofi', 'Boateng') RETURNING id`,
  );
  const oldListing = async (
    key: string,
    address: string,
    city = 'Accra',
    extra: { snapshot?: object; pending?: object } = {},
  ) => {
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO properties (owner_id, title, description, property_type, category, address,
            city, country, price, currency, pricing_period, bedrooms, bathrooms, amenities,
            is_verified, is_active, latitude, longitude, approved_snapshot, pending_changes)
          VALUES (${owner!.id}, ${key}, 'A listing made by a test.', 'apartment', 'general',
            ${address}, ${city}, 'Ghana', 3000, 'GH₵', 'month', 1, 1, '{}', true, true,
            5.6037, -0.187, ${extra.snapshot ? JSON.stringify(extra.snapshot) : null}::jsonb,
            ${extra.pending ? JSON.stringify(extra.pending) : null}::jsonb)
          RETURNING id`,
    );
    ids[key] = row!.id;
  };
  for (const [index, listing] of demo.entries()) {
    if (listing.country === 'Ghana')
      await oldListing(`demo ${index}`, oldDemoAddress(listing), listing.city);
  }
  await oldListing('street only', '12 Oxford Street');
  await oldListing('area only', 'East Legon');
  await oldListing('default', 'Accra, Ghana');
  await oldListing('three parts', 'Plot 4, Adenta Housing Down, Adenta');
  await oldListing('numbers everywhere', 'House 5, Block 12');
  await oldListing('approved and changed', '3 Ring Road, Osu', 'Accra', {
    snapshot: {
      title: 'approved and changed',
      address: '3 Ring Road, Osu',
      city: 'Accra',
      country: 'Ghana',
      photoKeys: [],
      approvedAt: '2026-11-01T10:00:00.000Z',
    },
    pending: {
      values: { address: '9 Cantonments Road, Cantonments' },
      submittedAt: '2026-11-20T10:00:00.000Z',
    },
  });
  await database.handle.migrate(migrationsFolder);
}, 120_000);

afterAll(async () => {
  await database?.drop();
  if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
});

async function listing(key: string) {
  const [row] = await database.handle.db
    .select()
    .from(properties)
    .where(eq(properties.id, ids[key]!));
  return row!;
}

describe('the migration to a public area line and a private street address', () => {
  it('gives each demo listing its area as the address, and keeps its whole text as the street address', async () => {
    let checked = 0;
    for (const [index, demoListing] of demo.entries()) {
      if (demoListing.country !== 'Ghana') continue;
      const row = await listing(`demo ${index}`);
      expect(row.address).toBe(demoListing.address);
      expect(row.streetAddress).toBe(oldDemoAddress(demoListing));
      expect(row.address).not.toMatch(/\d/);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it.each([
    ['street only', 'Accra, Ghana', '12 Oxford Street'],
    ['area only', 'East Legon', 'East Legon'],
    ['default', 'Accra, Ghana', ''],
    ['three parts', 'Adenta Housing Down, Adenta', 'Plot 4, Adenta Housing Down, Adenta'],
    ['numbers everywhere', 'Accra, Ghana', 'House 5, Block 12'],
  ])('%s: the area line %s, the street address %s', async (key, area, street) => {
    const row = await listing(key);
    expect(row.address).toBe(area);
    expect(row.streetAddress).toBe(street);
  });

  it('splits the approved values and a waiting change the same way, so neither reads as a change', async () => {
    const row = await listing('approved and changed');
    expect(row).toMatchObject({ address: 'Osu', streetAddress: '3 Ring Road, Osu' });
    expect(row.approvedSnapshot).toMatchObject({
      address: 'Osu',
      streetAddress: '3 Ring Road, Osu',
    });
    expect(row.pendingChanges?.values).toEqual({
      address: 'Cantonments',
      streetAddress: '9 Cantonments Road, Cantonments',
    });
  });
});
