import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { contactRevealAddresses, contactReveals } from './schema';
import { deleteOldAddressReveals } from './contact-reveals';
import { rateLimits } from './rate-limits';
import { createListing } from '../../testing/builders';
import type { Caller } from '../../testing/owner-listings';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';

const { app, database } = await createTestApp();
const db = database.db;
const { max } = rateLimits.contactRevealsPerAccount;

let addresses = 0;
/** Each test calls from its own address, so only the per-IP test meets the per-IP limit. */
const newAddress = () => `10.60.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

const reveal = (id: string, who: Caller | undefined, remoteAddress: string) =>
  app.inject({
    method: 'GET',
    url: `/api/properties/${id}/contact`,
    headers: who ? { cookie: who.cookie } : {},
    remoteAddress,
  });

/** Reveals each listing in turn; the statuses. */
async function revealAll(ids: string[], who: Caller, address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const id of ids) statuses.push((await reveal(id, who, address)).statusCode);
  return statuses;
}

const revealedBy = async (who: Caller) =>
  (
    await db
      .select({ propertyId: contactReveals.propertyId })
      .from(contactReveals)
      .where(eq(contactReveals.userId, who.userId))
  ).map((row) => row.propertyId);

/** Moves the account's reveals of these listings `hours` into the past. */
const backdate = (who: Caller, ids: string[], hours: number) =>
  db
    .update(contactReveals)
    .set({ lastAt: sql`now() - make_interval(hours => ${hours}::int)` })
    .where(and(eq(contactReveals.userId, who.userId), inArray(contactReveals.propertyId, ids)));

/** A renter whose e-mail a code verified: contact details need it (issue 34). */
async function verifiedRenter(): Promise<Caller> {
  const renter = await signUp(app);
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
  return renter;
}

let owner: Caller;
let admin: Caller;
/** Live listings of `owner`, more than one account may reveal in a day. */
const live: string[] = [];
let pending: string;

beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  admin = await signUpAdmin({ app, database });
  for (let i = 0; i < max + 5; i += 1) live.push(await createListing(db, owner.userId));
  pending = await createListing(db, owner.userId, { isVerified: false });
});

describe('GET /api/properties/:id/contact, per account', () => {
  it(`reveals ${max} different listings a day, refuses the next with 429 and Retry-After`, async () => {
    const renter = await verifiedRenter();
    const address = newAddress();
    expect(await revealAll(live.slice(0, max), renter, address)).toEqual(
      Array.from({ length: max }, () => 200),
    );

    const refused = await reveal(live[max]!, renter, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'contact_reveals_limit',
      params: { max, hours: 24 },
    });
    expect(refused.json().message).toContain(`up to ${max} different listings`);
    // The oldest reveal was moments ago: it leaves the window in (almost) a day.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(refused.json()).not.toHaveProperty('email');

    // A listing already revealed today stays open, and the refusal recorded nothing.
    const again = await reveal(live[0]!, renter, address);
    expect(again.statusCode).toBe(200);
    expect(again.json().propertyId).toBe(live[0]);
    expect((await revealedBy(renter)).sort()).toEqual(live.slice(0, max).sort());

    // Not found and under review answer as before, limit or not.
    expect((await reveal(pending, renter, address)).statusCode).toBe(409);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await reveal(missing, renter, address)).statusCode).toBe(404);
    expect((await reveal('nope', renter, address)).statusCode).toBe(404);
  });

  it('counts a listing for 24 hours after it was last revealed: the window slides', async () => {
    const renter = await verifiedRenter();
    const address = newAddress();
    await revealAll(live.slice(0, max), renter, address);
    await backdate(renter, [live[0]!], 23);
    await backdate(renter, [live[1]!], 25);

    // live[1] left the window, so one new listing fits.
    expect((await reveal(live[max]!, renter, address)).statusCode).toBe(200);
    const refused = await reveal(live[max + 1]!, renter, address);
    expect(refused.statusCode).toBe(429);
    // The oldest counted (live[0], 23 hours ago) leaves in an hour.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().params).toEqual({ max, hours: 1 });
    // One revealed before the window is a different listing again...
    expect((await reveal(live[1]!, renter, address)).statusCode).toBe(429);
    // ...and one revealed inside it stays open, its 24 hours starting again.
    expect((await reveal(live[0]!, renter, address)).statusCode).toBe(200);
    const [row] = await db
      .select({
        hoursAgo: sql<number>`(extract(epoch FROM now() - ${contactReveals.lastAt}) / 3600)::float8`,
      })
      .from(contactReveals)
      .where(
        and(eq(contactReveals.userId, renter.userId), eq(contactReveals.propertyId, live[0]!)),
      );
    expect(row!.hoursAgo).toBeLessThan(1);

    // Once every reveal is over a day old, a full day's worth is allowed again.
    await backdate(renter, live, 25);
    expect(await revealAll(live.slice(1, max + 1), renter, address)).toEqual(
      Array.from({ length: max }, () => 200),
    );
  });

  it('lets only one of requests sent at once take the last place', async () => {
    const renter = await verifiedRenter();
    const address = newAddress();
    await revealAll(live.slice(0, max - 1), renter, address);
    const racing = live.slice(max - 1, max + 4);
    const statuses = (await Promise.all(racing.map((id) => reveal(id, renter, address)))).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(racing.length - 1);
    expect(await revealedBy(renter)).toHaveLength(max);
  });

  it('neither counts nor limits the listing’s owner and administrators', async () => {
    const address = newAddress();
    for (const who of [owner, admin]) {
      expect(await revealAll(live, who, address)).toEqual(live.map(() => 200));
      expect(await revealedBy(who)).toEqual([]);
    }
  });

  it('records nothing for visitors (401), or for listings not live', async () => {
    const renter = await verifiedRenter();
    const address = newAddress();
    expect((await reveal(live[0]!, undefined, address)).statusCode).toBe(401);
    expect((await reveal(pending, renter, address)).statusCode).toBe(409);
    expect(await revealedBy(renter)).toEqual([]);
  });
});

describe('GET /api/properties/:id/contact, per address', () => {
  it(`answers ${rateLimits.contactRevealsPerIp.max} requests an hour from one address`, async () => {
    const renter = await verifiedRenter();
    const address = newAddress();
    const { max: perIp } = rateLimits.contactRevealsPerIp;
    // Revealing one listing again and again: free per account, not per address.
    const statuses = await revealAll(
      Array.from({ length: perIp }, () => live[0]!),
      renter,
      address,
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await reveal(live[0]!, renter, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address of the same account is not refused.
    expect((await reveal(live[0]!, renter, newAddress())).statusCode).toBe(200);
  });
});

describe('GET /api/properties/:id/contact, who may see contact details (issue 34)', () => {
  it('a visitor is 401, an account with neither e-mail nor phone verified 403, a verified one 200', async () => {
    const address = newAddress();
    expect((await reveal(live[0]!, undefined, address)).statusCode).toBe(401);
    const unverified = await signUp(app);
    const refused = await reveal(live[0]!, unverified, address);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'contact_needs_verified_contact',
      message: 'Verify your email address or phone number to see the contact details of listings',
    });
    expect(refused.json()).not.toHaveProperty('phone');
    expect(await revealedBy(unverified)).toEqual([]);
    // Either a verified e-mail or a verified phone is enough.
    expect((await reveal(live[0]!, await verifiedRenter(), address)).statusCode).toBe(200);
    const byPhone = await signUp(app);
    await db
      .update(users)
      .set({ phone: '+233249990001', phoneVerified: true })
      .where(eq(users.id, byPhone.userId));
    expect((await reveal(live[0]!, byPhone, address)).statusCode).toBe(200);
    // Listings that are not live answer as before, verified or not.
    expect((await reveal(pending, unverified, address)).statusCode).toBe(409);
  });
});

describe('GET /api/properties/:id/contact, different listings per address', () => {
  const perAddress = rateLimits.contactRevealsPerAddress.max;

  it(`reveals at most ${perAddress} different listings a day from one address, whichever accounts ask`, async () => {
    const many = [...live];
    while (many.length <= perAddress) many.push(await createListing(db, owner.userId));
    const address = newAddress();
    // Accounts that each stay within their own daily limit.
    const share = Math.ceil(max / 2);
    let revealed = 0;
    while (revealed < perAddress) {
      const renter = await verifiedRenter();
      const ids = many.slice(revealed, Math.min(revealed + share, perAddress));
      expect(await revealAll(ids, renter, address)).toEqual(ids.map(() => 200));
      revealed += ids.length;
    }
    const late = await verifiedRenter();
    const refused = await reveal(many[perAddress]!, late, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'contact_reveals_ip_limit',
      params: { max: perAddress, hours: 24 },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 300);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The refusal recorded nothing for the account either.
    expect(await revealedBy(late)).toEqual([]);
    // A listing already revealed from the address today stays open to any account there.
    expect((await reveal(many[0]!, late, address)).statusCode).toBe(200);
    // Other addresses are not affected.
    expect((await reveal(many[perAddress]!, late, newAddress())).statusCode).toBe(200);

    // A day later the address's reveals have left the window, and the sweep forgets them.
    await db
      .update(contactRevealAddresses)
      .set({ lastAt: sql`now() - interval '25 hours'` })
      .where(eq(contactRevealAddresses.address, address));
    expect((await reveal(many[perAddress]!, late, address)).statusCode).toBe(200);
    await deleteOldAddressReveals(db);
    const left = await db
      .select({ propertyId: contactRevealAddresses.propertyId })
      .from(contactRevealAddresses)
      .where(eq(contactRevealAddresses.address, address));
    expect(left).toEqual([{ propertyId: many[perAddress] }]);
  });
});

describe('contactViews', () => {
  it('tells the owner, on their own list only, how many renters revealed each listing', async () => {
    const lister = await signUp(app, { userType: 'agent', businessName: 'Keys Ltd' });
    const revealed = await createListing(db, lister.userId, { title: 'Revealed flat' });
    const unseen = await createListing(db, lister.userId, { title: 'Unseen flat' });
    const waiting = await createListing(db, lister.userId, { isVerified: false });
    await app.listingSearch.changed([revealed, unseen]);
    const [first, second] = [await verifiedRenter(), await verifiedRenter()];
    const address = newAddress();
    for (const [who, id] of [
      [first, revealed],
      [first, revealed],
      [second, revealed],
      // Neither the owner nor an administrator is a renter.
      [lister, unseen],
      [admin, unseen],
      [first, waiting],
    ] as const) {
      await reveal(id, who, address);
    }

    const own = await app.inject({
      method: 'GET',
      url: '/api/user/properties',
      headers: { cookie: lister.cookie },
    });
    const views = Object.fromEntries(
      own.json().map((p: { id: string; contactViews?: number }) => [p.id, p.contactViews]),
    );
    expect(views).toEqual({ [revealed]: 2, [unseen]: 0, [waiting]: 0 });

    // Nobody else's JSON of a listing carries it, not even the owner's own detail page.
    for (const who of [lister, first, admin, undefined]) {
      const headers = who ? { cookie: who.cookie } : {};
      const detail = await app.inject({
        method: 'GET',
        url: `/api/properties/${revealed}`,
        headers,
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).not.toHaveProperty('contactViews');
      const search = await app.inject({
        method: 'GET',
        url: '/api/properties/search?limit=50&sort=newest',
        headers,
      });
      const found = search.json().properties.find((p: { id: string }) => p.id === revealed);
      expect(found).toBeDefined();
      expect(found).not.toHaveProperty('contactViews');
    }
  });
});
