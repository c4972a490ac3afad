import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../admin/service';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, lastNotificationTo, signUp, signUpAdmin } from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { listingReports, properties } from '../listings/service';

// Reports of listings (issue 19): who may report, when reports hide a listing from the public,
// who is told, and how administrators close them.
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let owner: Account;
beforeAll(async () => {
  admin = await signUpAdmin(testApp);
  owner = await signUp(app, { userType: 'owner', firstName: 'Kofi', lastName: 'Mensah' });
});

let ip = 0;
let phones = 0;
/**
 * A renter with a verified e-mail and phone (what codes would do), each on their own address
 * and number: only phone-verified reporters count toward hiding a listing (issue 34).
 */
async function verifiedRenter(): Promise<Account> {
  const renter = await signUp(app);
  phones += 1;
  await db
    .update(users)
    .set({
      emailVerified: true,
      phone: `+23320${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`,
      phoneVerified: true,
    })
    .where(eq(users.id, renter.userId));
  return renter;
}

const report = (id: string, who: Account | undefined, body: object, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/properties/${id}/reports`,
    headers: who ? { cookie: who.cookie } : {},
    payload: body,
    remoteAddress: remoteAddress ?? `10.9.${Math.floor((ip += 1) / 250)}.${ip % 250}`,
  });
const resolve = (id: string, body: object, who: Account = admin) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/reports/${id}/resolve`,
    headers: { cookie: who.cookie },
    payload: body,
  });
const openReports = async () =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=open',
      headers: { cookie: admin.cookie },
    })
  ).json();

const searchTitles = async (title: string) =>
  (await app.inject({ method: 'GET', url: `/api/properties/search?limit=50` }))
    .json()
    .properties.map((p: { title: string }) => p.title)
    .filter((t: string) => t === title);
const featuredIds = async () =>
  (await app.inject({ method: 'GET', url: '/api/properties/featured' }))
    .json()
    .map((p: { id: string }) => p.id);
const publicDetail = (id: string) => app.inject({ method: 'GET', url: `/api/properties/${id}` });
const sitemapListings = async () => (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

async function reportedBy(id: string, count: number, reason = 'not_available') {
  const reporters: Account[] = [];
  for (let i = 0; i < count; i += 1) {
    const renter = await verifiedRenter();
    const response = await report(id, renter, { reason });
    expect(response.statusCode).toBe(201);
    reporters.push(renter);
  }
  return reporters;
}

describe('reporting a listing', () => {
  it('needs a signed-in account with a verified e-mail or phone, not the owner', async () => {
    const id = await createListing(db, owner.userId);
    expect((await report(id, undefined, { reason: 'fake_lister' })).statusCode).toBe(401);
    const unverified = await signUp(app);
    const refused = await report(id, unverified, { reason: 'fake_lister' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('report_needs_verified_contact');
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.userId));
    const own = await report(id, owner, { reason: 'fake_lister' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_listing_report');
  });

  it('answers 201 once per account and listing, 409 the second time', async () => {
    const id = await createListing(db, owner.userId);
    const renter = await verifiedRenter();
    const first = await report(id, renter, { reason: 'wrong_details', note: 'Only 1 bedroom' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), hidden: false });
    const second = await report(id, renter, { reason: 'duplicate' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('report_exists');
    const [stored] = await db
      .select()
      .from(listingReports)
      .where(eq(listingReports.propertyId, id));
    expect(stored).toMatchObject({ reason: 'wrong_details', note: 'Only 1 bedroom' });
  });

  it('refuses bad input with 400 and saves nothing; unknown or never-public listings are 404', async () => {
    const id = await createListing(db, owner.userId);
    const renter = await verifiedRenter();
    for (const body of [
      { reason: 'ugly' },
      {},
      { reason: 'other' },
      { reason: 'other', note: '   ' },
      { reason: 'offensive', note: 'x'.repeat(1001) },
    ]) {
      expect((await report(id, renter, body)).statusCode).toBe(400);
    }
    const saved = await db.select().from(listingReports).where(eq(listingReports.propertyId, id));
    expect(saved).toHaveLength(0);
    expect(
      (await report(id, renter, { reason: 'other', note: 'Agent asked to meet at night' }))
        .statusCode,
    ).toBe(201);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await report(unknown, renter, { reason: 'duplicate' })).statusCode).toBe(404);
    expect((await report('not-an-id', renter, { reason: 'duplicate' })).statusCode).toBe(404);
    const pending = await createListing(db, owner.userId, { isVerified: false });
    expect((await report(pending, renter, { reason: 'duplicate' })).statusCode).toBe(404);
  });
});

describe('reports hide a listing', () => {
  it('at the third verified account: gone from search, detail, sitemap; the owner is told and sees why', async () => {
    const title = `Reported flat ${Date.now()}`;
    const id = await createListing(db, owner.userId, {
      title,
      isFeatured: true,
      featuredOrder: 1,
    });
    await reportedBy(id, 2);
    expect(await featuredIds()).toContain(id);
    expect(await searchTitles(title)).toEqual([title]);
    expect(await sitemapListings()).toContain(id);
    const third = await report(id, await verifiedRenter(), { reason: 'fake_lister' });
    expect(third.json().hidden).toBe(true);

    expect(await searchTitles(title)).toEqual([]);
    expect((await publicDetail(id)).statusCode).toBe(404);
    expect(await sitemapListings()).not.toContain(id);
    expect(await featuredIds()).not.toContain(id);
    const message = await lastNotificationTo(db, owner.body.email!);
    expect(message?.subject).toBe('Your listing is hidden while we review reports');
    expect(message?.textBody).toContain(title);

    const mine = (
      await app.inject({
        method: 'GET',
        url: '/api/user/properties',
        headers: { cookie: owner.cookie },
      })
    )
      .json()
      .find((p: { id: string }) => p.id === id);
    expect(mine).toMatchObject({ hiddenForReports: true, isActive: false });
    // The owner may edit, but not switch it back on.
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    const switchOn = await app.inject({
      method: 'PUT',
      url: `/api/properties/${id}`,
      headers: { cookie: owner.cookie },
      payload: {
        title: row!.title,
        description: row!.description,
        propertyType: row!.propertyType,
        category: row!.category,
        address: row!.address,
        city: row!.city,
        country: row!.country,
        pricePerNight: row!.price,
        currency: row!.currency,
        pricingPeriod: row!.pricingPeriod,
        bedrooms: row!.bedrooms,
        bathrooms: row!.bathrooms,
        amenities: row!.amenities,
        images: [],
        isActive: true,
      },
    });
    expect(switchOn.statusCode).toBe(403);
    expect(switchOn.json().code).toBe('hidden_for_reports');
  });

  it('at the second report saying the lister asked for money', async () => {
    const id = await createListing(db, owner.userId);
    await reportedBy(id, 1, 'asked_for_money');
    const second = await report(id, await verifiedRenter(), { reason: 'asked_for_money' });
    expect(second.json().hidden).toBe(true);
    expect((await publicDetail(id)).statusCode).toBe(404);
  });

  it('counts only open reports of the last 30 days', async () => {
    const id = await createListing(db, owner.userId);
    await reportedBy(id, 2);
    await db
      .update(listingReports)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(listingReports.propertyId, id));
    const third = await report(id, await verifiedRenter(), { reason: 'not_available' });
    expect(third.json().hidden).toBe(false);
    expect((await publicDetail(id)).statusCode).toBe(200);
  });
});

describe('administrators close reports', () => {
  it('list the open ones per listing, restore a hidden listing, tell the reporters, audit it', async () => {
    const title = `Restored flat ${Date.now()}`;
    const id = await createListing(db, owner.userId, { title });
    const reporters = await reportedBy(id, 2, 'not_available');
    const last = await verifiedRenter();
    await report(id, last, { reason: 'other', note: 'The agent would not show the inside' });

    const entry = (await openReports()).listings.find(
      (l: { propertyId: string }) => l.propertyId === id,
    );
    expect(entry).toMatchObject({
      title,
      status: 'reported',
      hiddenForReports: true,
      count: 3,
      reasons: { not_available: 2, other: 1 },
    });
    expect(entry.reports[0]).toMatchObject({
      reason: 'other',
      note: 'The agent would not show the inside',
      reporter: { id: last.userId, email: last.body.email },
    });

    const restored = await resolve(id, { action: 'restore' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ resolved: 3 });
    expect((await publicDetail(id)).statusCode).toBe(200);
    expect(await searchTitles(title)).toEqual([title]);
    expect(
      (await openReports()).listings.some((l: { propertyId: string }) => l.propertyId === id),
    ).toBe(false);

    const told = await lastNotificationTo(db, reporters[0]!.body.email!);
    expect(told?.subject).toBe('About the listing you reported');
    expect(told?.textBody).toContain('stays on Abode');
    // Nothing of the owner reaches the reporter.
    expect(told?.textBody).not.toContain('Kofi');
    expect(told?.textBody).not.toContain(owner.body.email!);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'reports-restore')));
    expect(audit?.details).toMatchObject({ title, reports: 3 });
    // Closed once: a second administrator's click finds nothing open.
    const again = await resolve(id, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('no_open_reports');
  });

  it('remove rejects the listing with the reason; its owner and the reporters are told', async () => {
    const id = await createListing(db, owner.userId);
    const [reporter] = await reportedBy(id, 2, 'asked_for_money');
    expect((await resolve(id, { action: 'remove' })).statusCode).toBe(400);
    const removed = await resolve(id, {
      action: 'remove',
      reason: 'Asked renters for a viewing fee',
    });
    expect(removed.statusCode).toBe(200);
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({
      isVerified: false,
      rejectionReason: 'Asked renters for a viewing fee',
      hiddenForReportsAt: null,
    });
    expect((await publicDetail(id)).statusCode).toBe(404);
    const ownerMessage = await lastNotificationTo(db, owner.body.email!);
    expect(ownerMessage?.subject).toBe('Your listing was removed');
    expect(ownerMessage?.textBody).toContain('Asked renters for a viewing fee');
    const reporterMessage = await lastNotificationTo(db, reporter!.body.email!);
    expect(reporterMessage?.textBody).toContain('removed it from Abode');
  });

  it('dismiss closes reports of a listing that stayed public; the resolved list shows them', async () => {
    const id = await createListing(db, owner.userId);
    await reportedBy(id, 1, 'duplicate');
    expect((await resolve(id, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await publicDetail(id)).statusCode).toBe(200);
    const resolved = (
      await app.inject({
        method: 'GET',
        url: '/api/admin/reports?status=resolved',
        headers: { cookie: admin.cookie },
      })
    ).json();
    const entry = resolved.listings.find((l: { propertyId: string }) => l.propertyId === id);
    expect(entry.reports[0]).toMatchObject({ reason: 'duplicate', resolution: 'dismiss' });
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    const id = await createListing(db, owner.userId);
    const renter = await verifiedRenter();
    const list = (cookie?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/admin/reports',
        headers: cookie ? { cookie } : {},
      });
    expect((await list()).statusCode).toBe(401);
    expect((await list(renter.cookie)).statusCode).toBe(403);
    expect((await resolve(id, { action: 'dismiss' }, renter)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/reports?status=closed',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(400);
    expect((await resolve(id, { action: 'delete' })).statusCode).toBe(400);
    // A malformed id answers as an unknown one (server/lib/ids.ts).
    const malformed = await resolve('nope', { action: 'dismiss' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'listing_not_found' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await resolve(unknown, { action: 'dismiss' })).statusCode).toBe(404);
    expect((await resolve(id, { action: 'dismiss' })).statusCode).toBe(409);
  });
});

describe('rate limits', () => {
  it(`an account reports at most ${rateLimits.reportsPerAccount.max} listings a day`, async () => {
    const renter = await verifiedRenter();
    const { max } = rateLimits.reportsPerAccount;
    for (let i = 0; i < max; i += 1) {
      const id = await createListing(db, owner.userId);
      expect((await report(id, renter, { reason: 'duplicate' })).statusCode).toBe(201);
    }
    const refused = await report(await createListing(db, owner.userId), renter, {
      reason: 'duplicate',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it(`an address sends at most ${rateLimits.reportsPerIp.max} reports an hour`, async () => {
    const { max } = rateLimits.reportsPerIp;
    const renters = await Promise.all(
      Array.from({ length: Math.ceil((max + 1) / 8) }, () => verifiedRenter()),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      const id = await createListing(db, owner.userId);
      statuses.push(
        (await report(id, renters[i % renters.length], { reason: 'duplicate' }, '10.99.0.1'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, max).every((status) => status === 201)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
});
