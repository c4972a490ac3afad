import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentFeeKinds, agentFeePayers, moveInCost, type MoveInTerms } from '#common/move-in';
import { pricingPeriods } from '#common/money';
import { rowsOf } from '../../db/client';
import { seededRandom } from '../../lib/seeded-random';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { properties } from './schema';

/**
 * The database keeps a copy of common/move-in.ts for the maxMoveIn filter (migration 0023,
 * listing_move_in_total): it must give the very total the listing shows, to the cent, for
 * every period, kind and payer, on both drivers.
 */
const { app, database } = await createTestApp();
const db = database.db;

function randomTerms(random: () => number): MoveInTerms {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const cents = (max: number) => Math.floor(random() * max * 100) / 100;
  const kind = pick(agentFeeKinds);
  return {
    price: pick([cents(100_000_000), cents(5000), 123.45, 99.99, 1, 0.01]),
    pricingPeriod: pick(pricingPeriods),
    advanceMonths: Math.floor(random() * 37),
    depositAmount: pick([0, cents(50_000), 0.01]),
    agentFee: {
      kind,
      value: kind === 'percent' ? cents(100) : kind === 'months' ? cents(12) : cents(20_000),
      payer: pick(agentFeePayers),
    },
  };
}

describe('the database’s move-in total', () => {
  it('equals moveInCost(...).total for every period, kind and payer', async () => {
    const random = seededRandom(2020);
    const cases = Array.from({ length: 600 }, () => randomTerms(random));
    const rows = await rowsOf<{ total: string }>(
      db,
      sql`SELECT listing_move_in_total(t.price, t.period, t.advance, t.deposit, t.kind, t.value, t.payer)::text AS total
        FROM unnest(
          ${sql.param(cases.map((c) => String(c.price)))}::numeric[],
          ${sql.param(cases.map((c) => c.pricingPeriod))}::text[],
          ${sql.param(cases.map((c) => c.advanceMonths))}::int[],
          ${sql.param(cases.map((c) => String(c.depositAmount)))}::numeric[],
          ${sql.param(cases.map((c) => c.agentFee.kind))}::text[],
          ${sql.param(cases.map((c) => String(c.agentFee.value)))}::numeric[],
          ${sql.param(cases.map((c) => c.agentFee.payer))}::text[]
        ) WITH ORDINALITY AS t(price, period, advance, deposit, kind, value, payer, n)
        ORDER BY t.n`,
    );
    expect(rows.map((row) => Number(row.total))).toEqual(cases.map((c) => moveInCost(c).total));
  });

  it('is kept in cedis on the listing, a dollar listing’s at the rate in use', async () => {
    const { userId } = await signUp(app, { userType: 'owner' });
    const terms = {
      advanceMonths: 12,
      depositAmount: 100,
      agentFeeKind: 'percent' as const,
      agentFeeValue: 10,
      agentFeePayer: 'tenant' as const,
    };
    const cedis = await createListing(db, userId, { price: 2000, currency: 'GH₵', ...terms });
    const dollars = await createListing(db, userId, { price: 100, currency: '$', ...terms });
    const read = async (id: string) =>
      (
        await db
          .select({ moveIn: properties.moveInGhs, monthly: properties.monthlyPriceGhs })
          .from(properties)
          .where(eq(properties.id, id))
      )[0]!;
    // 24 000 + 100 + 2 400; and $1 200 + $100 + $120 at 15 cedis to the dollar.
    expect(await read(cedis)).toEqual({ moveIn: 26_500, monthly: 2000 });
    expect(await read(dollars)).toEqual({ moveIn: 1420 * 15, monthly: 1500 });
    // An edit of the terms is converted again.
    await db.update(properties).set({ advanceMonths: 6 }).where(eq(properties.id, cedis));
    expect((await read(cedis)).moveIn).toBe(12_000 + 100 + 1200);
  });

  it('counts the first rent when no advance is asked, in whole units (decision 026)', async () => {
    const { userId } = await signUp(app, { userType: 'owner' });
    const none = { advanceMonths: 0, depositAmount: 0, agentFeeKind: 'none' as const };
    const weekly = await createListing(db, userId, {
      price: 450.5,
      pricingPeriod: 'week',
      ...none,
    });
    const yearly = await createListing(db, userId, {
      price: 24_000,
      pricingPeriod: 'year',
      ...none,
    });
    const read = async (id: string) =>
      (
        await db
          .select({ moveIn: properties.moveInGhs })
          .from(properties)
          .where(eq(properties.id, id))
      )[0]!.moveIn;
    // The first week, rounded halves up; the first month of a yearly rent.
    expect(await read(weekly)).toBe(451);
    expect(await read(yearly)).toBe(2000);
    // maxMoveIn compares that total, in the index and in SQL alike.
    const search = async (query: string) =>
      (
        (await app.inject({ method: 'GET', url: `/api/properties/search?${query}` })).json() as {
          properties: { id: string }[];
        }
      ).properties
        .map((p) => p.id)
        .filter((id) => id === weekly || id === yearly);
    expect(await search('maxMoveIn=450&limit=50')).toEqual([]);
    expect((await search('maxMoveIn=451&limit=50')).sort()).toEqual([weekly]);
    expect((await search('maxMoveIn=2000&limit=50')).sort()).toEqual([weekly, yearly].sort());
  });
});
