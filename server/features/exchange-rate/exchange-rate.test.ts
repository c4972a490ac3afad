import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeRates } from './schema';
import { auditLog } from '../admin/service';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { readExchangeRate, watchExchangeRate } from './service';

// The exchange rate (issue 20): anyone reads it, administrators set it, and a new rate
// re-ranks dollar listings in searches at once, without a restart.
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let renter: Account;
let cedisId: string;
let dollarsId: string;
let ip = 0;

beforeAll(async () => {
  admin = await signUpAdmin(testApp);
  renter = await signUp(app);
  const owner = await signUp(app, { userType: 'owner' });
  cedisId = await createListing(db, owner.userId, {
    title: 'Cedi flat',
    price: 1200,
    currency: 'GH₵',
    advanceMonths: 12,
  });
  dollarsId = await createListing(db, owner.userId, {
    title: 'Dollar flat',
    price: 100,
    currency: '$',
    advanceMonths: 12,
  });
});

const setRate = (payload: unknown, who: Account | null = admin) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/exchange-rate',
    headers: who ? { cookie: who.cookie } : {},
    payload: payload as object,
    remoteAddress: `10.8.${Math.floor((ip += 1) / 250)}.${ip % 250}`,
  });
const search = async (query: string) =>
  (await app.inject({ method: 'GET', url: `/api/properties/search?${query}` }))
    .json()
    .properties.map((p: { id: string }) => p.id)
    .filter((id: string) => id === cedisId || id === dollarsId);

describe('GET /api/exchange-rate', () => {
  it('answers the rate in use and when it was set, to visitors', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/exchange-rate' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ghsPerUsd).toBe(15);
    expect(new Date(body.setAt).getTime()).not.toBeNaN();
  });
});

describe('PUT /api/admin/exchange-rate', () => {
  it('is for administrators only', async () => {
    expect((await setRate({ ghsPerUsd: 16 }, null)).statusCode).toBe(401);
    expect((await setRate({ ghsPerUsd: 16 }, renter)).statusCode).toBe(403);
    expect((await readExchangeRate(db)).ghsPerUsd).toBe(15);
  });

  it.each([0, -1, 1000.01, 15.12345, '15', null])('refuses %s, naming the field', async (rate) => {
    const response = await setRate({ ghsPerUsd: rate });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('ghsPerUsd');
    expect((await readExchangeRate(db)).ghsPerUsd).toBe(15);
  });

  it('re-ranks price filters, the price order and the move-in cap at once, and is audited', async () => {
    // At 15: $100 a month is GH₵1 500, dearer than GH₵1 200.
    expect(await search('maxPrice=1300&currency=GH%E2%82%B5')).toEqual([cedisId]);
    expect(await search('sort=price_asc&limit=50')).toEqual([cedisId, dollarsId]);
    expect(await search('maxMoveIn=15000')).toEqual([cedisId]);

    const response = await setRate({ ghsPerUsd: 10.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json().ghsPerUsd).toBe(10.5);
    const setAt = Date.parse(response.json().setAt);
    expect(Date.now() - setAt).toBeLessThan(60_000);
    expect((await app.inject({ method: 'GET', url: '/api/exchange-rate' })).json()).toEqual(
      response.json(),
    );

    // At 10.5: $100 is GH₵1 050; 12 months of it GH₵12 600.
    expect(await search('maxPrice=1100&currency=GH%E2%82%B5')).toEqual([dollarsId]);
    expect(await search('sort=price_asc&limit=50')).toEqual([dollarsId, cedisId]);
    expect(await search('maxMoveIn=14000')).toEqual([dollarsId]);
    // A dollar cap is converted the same way: $1 200 is GH₵12 600, 12 months of GH₵1 200 more.
    expect(await search('maxMoveIn=1200&currency=%24')).toEqual([dollarsId]);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'set_exchange_rate'), eq(auditLog.actorId, admin.userId)));
    expect(entry?.details).toMatchObject({ ghsPerUsd: 10.5, previous: 15 });
    await setRate({ ghsPerUsd: 15 });
  });

  it('reaches another server within its next look', async () => {
    const seen: number[] = [];
    await db.insert(exchangeRates).values({ ghsPerUsd: 14.25 });
    const watch = watchExchangeRate(db, (rate) => seen.push(rate));
    await watch.first;
    watch.stop();
    expect(seen).toEqual([14.25]);
    await setRate({ ghsPerUsd: 15 });
  });

  it('is limited per administrator', async () => {
    const { max } = rateLimits.exchangeRateChangesPerAccount;
    const other = await signUpAdmin(testApp);
    let last = 0;
    for (let i = 0; i <= max; i++) last = (await setRate({ ghsPerUsd: 15 }, other)).statusCode;
    expect(last).toBe(429);
  });
});
