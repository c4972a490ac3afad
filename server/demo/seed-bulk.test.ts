import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBodySchema } from '#common/auth';
import { registerUser } from '../features/auth/service';
import { newAccount } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { rowsOf, type DatabaseHandle } from '../db/client';
import { seedSyntheticListings } from './seed-bulk';

let database: DatabaseHandle;
let ownerId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await registerUser(database.db, registerBodySchema.parse(newAccount()))).id;
});
afterAll(async () => {
  await database.close();
});

const photo = { key: 'bench/photo', width: 1200, height: 800, widths: [400, 800] };

describe('synthetic listings for benchmarks', () => {
  it('number on past 271 178, where int4 arithmetic overflowed (npm run seed -- --listings 1000000)', async () => {
    await seedSyntheticListings(database.db, 30, [ownerId], [photo], {
      batchSize: 12,
      firstNumber: 999_971,
    });
    const list = await rowsOf<{ title: string; price: string }>(
      database.db,
      sql`SELECT title, price::text AS price FROM properties`,
    );
    expect(list).toHaveLength(30);
    const numbers = list.map((row) => Number(row.title.split('#')[1])).sort((a, b) => a - b);
    expect(numbers[0]).toBe(999_971);
    expect(numbers.at(-1)).toBe(1_000_000);
    for (const row of list) expect(Number(row.price)).toBeGreaterThan(0);
  });

  it('leaves one "everything changed" row per batch in the change log, not one per listing', async () => {
    const [before] = await rowsOf<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM listing_changes`,
    );
    await seedSyntheticListings(database.db, 25, [ownerId], [photo], { batchSize: 10 });
    const added = await rowsOf<{ property_id: string | null; owner_id: string | null }>(
      database.db,
      sql`SELECT property_id, owner_id FROM listing_changes ORDER BY id OFFSET ${before!.n}`,
    );
    expect(added).toEqual(Array(3).fill({ property_id: null, owner_id: null }));
  });
});
