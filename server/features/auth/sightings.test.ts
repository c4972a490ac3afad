import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, manualClock, newAccount, signUp } from '../../testing/test-app';
import { accountSightings } from './schema';
import { deleteOldSightings, DEVICE_COOKIE, SIGHTING_DAYS } from './sightings';

// Where accounts are used from (issue 50: a review counts only from an author independent of
// the lister): the address and a long-lived device cookie, kept hashed, once a day.
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

const sightingsOf = (userId: string) =>
  db.select().from(accountSightings).where(eq(accountSightings.userId, userId));

describe('account sightings', () => {
  it('a sign-up sets a device cookie for two years and records its hash, never the cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'sighted@example.com',
        password: 'a long and unusual passphrase',
        firstName: 'Esi',
        lastName: 'Owusu',
        userType: 'renter',
      },
      remoteAddress: '10.90.0.1',
    });
    expect(response.statusCode, response.body).toBe(201);
    const device = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device!.maxAge).toBe(730 * 86_400);
    const [sighting] = await sightingsOf(response.json().user.id);
    expect(sighting).toMatchObject({
      address: '10.90.0.1',
      day: '2026-11-21',
      deviceHash: createHash('sha256').update(device!.value).digest('hex'),
    });
    expect(JSON.stringify(await sightingsOf(response.json().user.id))).not.toContain(device!.value);
  });

  it('records a signed-in account once a day per address and device; not this machine’s own', async () => {
    const account = await signUp(app);
    const ask = (address: string, device = 'device-aaaaaaaaaaaaaaaaaaaa') =>
      app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: `${account.cookie}; ${DEVICE_COOKIE}=${device}` },
        remoteAddress: address,
      });
    const before = (await sightingsOf(account.userId)).length;
    await ask('10.90.1.1');
    await ask('10.90.1.1');
    await ask('10.90.1.2');
    await ask('127.0.0.1');
    await ask('::1');
    const after = await sightingsOf(account.userId);
    expect(after.length - before).toBe(2);
    expect(after.map((row) => row.address)).not.toContain('127.0.0.1');
    // Swept once they are older than a review can need.
    clock.advance((SIGHTING_DAYS + 1) * 86_400_000);
    try {
      await deleteOldSightings(db, clock.now());
      expect(await sightingsOf(account.userId)).toEqual([]);
    } finally {
      clock.advance(-(SIGHTING_DAYS + 1) * 86_400_000);
    }
  });
});

// The resilience scenario's PostgreSQL restart (issue 51): a sign-up from a signed-in browser
// replaced its session, then the sighting failed, and the 503 carried no new cookie: the old
// session was gone, and every request after it answered 401. The sighting is written first now.
describe('a sign-in whose sighting cannot be written', () => {
  it('leaves the session it came with as it was', async () => {
    const first = await signUp(app);
    // Seen today from this address already: the request's own sighting is not written again.
    const seen = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: first.cookie },
      remoteAddress: '10.53.0.1',
    });
    expect(seen.statusCode).toBe(200);
    await db.execute(sql`ALTER TABLE account_sightings RENAME TO account_sightings_away`);
    try {
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { cookie: first.cookie },
        payload: newAccount(),
        remoteAddress: '10.53.0.1',
      });
      expect(again.statusCode).toBeGreaterThanOrEqual(500);
      expect(String(again.headers['set-cookie'] ?? '')).not.toContain('abode_session=');
    } finally {
      await db.execute(sql`ALTER TABLE account_sightings_away RENAME TO account_sightings`);
    }
    const still = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: first.cookie },
    });
    expect(still.statusCode).toBe(200);
  });
});
