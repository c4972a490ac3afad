import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailIdentity } from '#common/email-identity';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp, signUpAdmin } from '../../testing/test-app';
import { distinctReporters } from './report-listing';
import { listingReports } from '../listings/service';

// Reports cannot be turned on a competitor cheaply (issue 34): only reporters with a verified
// phone count toward hiding a listing, each person once (a shared phone number or e-mail
// mailbox is one person), and for 30 days after an administrator restores a listing, reports
// queue it for review without hiding it.
const clock = manualClock(new Date());
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;
const DAY = 24 * 60 * 60_000;

type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let owner: Account;
beforeAll(async () => {
  admin = await signUpAdmin(testApp);
  owner = await signUp(app, { userType: 'owner' });
});

let serial = 0;
const nextPhone = () => `+23324${String((serial += 1)).padStart(7, '0')}`;

/** A renter whose e-mail (and, unless `phone` is null, phone) an account code verified. */
async function reporter(options: { email?: string; phone?: string | null } = {}) {
  const account = await signUp(app, options.email ? { email: options.email } : {});
  const phone = options.phone === undefined ? nextPhone() : options.phone;
  await db
    .update(users)
    .set({ emailVerified: true, phone, phoneVerified: phone !== null })
    .where(eq(users.id, account.userId));
  return account;
}

const report = async (id: string, who: Account, reason = 'fake_lister') => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/properties/${id}/reports`,
    headers: { cookie: who.cookie },
    payload: { reason },
    remoteAddress: `10.34.${Math.floor(serial / 250)}.${(serial += 1) % 250}`,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { hidden: boolean };
};

const queued = async (id: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=open',
      headers: { cookie: admin.cookie },
    })
  )
    .json()
    .listings.find((listing: { propertyId: string }) => listing.propertyId === id);

const isPublic = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/api/properties/${id}` })).statusCode === 200;

describe('who counts toward hiding a listing', () => {
  it('reporters with only a verified e-mail queue the listing for review but never hide it', async () => {
    const id = await createListing(db, owner.userId);
    for (let i = 0; i < 3; i += 1) {
      expect(await report(id, await reporter({ phone: null }), 'asked_for_money')).toEqual(
        expect.objectContaining({ hidden: false }),
      );
    }
    expect(await isPublic(id)).toBe(true);
    expect(await queued(id)).toMatchObject({ count: 3, hiddenForReports: false });
  });

  it('plus-addresses of one mailbox are one reporter, whatever their phones', async () => {
    const id = await createListing(db, owner.userId);
    const mailbox = `ama.owusu${Date.now()}`;
    for (const email of [
      `${mailbox}+1@gmail.com`,
      `${mailbox.replace('.', '')}+2@gmail.com`,
      `${mailbox}+3@googlemail.com`,
    ]) {
      expect((await report(id, await reporter({ email }))).hidden).toBe(false);
    }
    expect(await queued(id)).toMatchObject({ count: 3, hiddenForReports: false });
    // Two more people make three.
    expect((await report(id, await reporter())).hidden).toBe(false);
    expect((await report(id, await reporter())).hidden).toBe(true);
    expect(await isPublic(id)).toBe(false);
  });

  it('plus-addresses count once at every domain, not only Gmail', async () => {
    const id = await createListing(db, owner.userId);
    const name = `kofi${Date.now()}`;
    await report(id, await reporter({ email: `${name}+a@example.com` }), 'asked_for_money');
    const second = await report(
      id,
      await reporter({ email: `${name}+b@example.com` }),
      'asked_for_money',
    );
    expect(second.hidden).toBe(false);
    expect((await report(id, await reporter(), 'asked_for_money')).hidden).toBe(true);
  });

  it('a phone number counts once, even when it moved to another account between reports', async () => {
    const id = await createListing(db, owner.userId);
    const number = nextPhone();
    const first = await reporter({ phone: number });
    await report(id, first, 'asked_for_money');
    // The first account takes another number and a second account verifies the old one.
    await db.update(users).set({ phone: nextPhone() }).where(eq(users.id, first.userId));
    const second = await reporter({ phone: number });
    expect((await report(id, second, 'asked_for_money')).hidden).toBe(false);
    expect(await queued(id)).toMatchObject({ count: 2, hiddenForReports: false });
    expect((await report(id, await reporter(), 'asked_for_money')).hidden).toBe(true);
  });

  it('people are told apart through chains of shared numbers and mailboxes', () => {
    expect(
      distinctReporters([
        { phone: '+1', emailKey: 'a@x' },
        { phone: '+2', emailKey: 'a@x' },
        { phone: '+2', emailKey: 'b@x' },
        { phone: '+3', emailKey: null },
        { phone: '+4', emailKey: 'c@x' },
      ]),
    ).toBe(3);
    expect(distinctReporters([])).toBe(0);
  });
});

describe('after an administrator restores a listing', () => {
  it('for 30 days new reports queue it for review without hiding it; then they hide it again', async () => {
    const id = await createListing(db, owner.userId);
    await report(id, await reporter());
    await report(id, await reporter());
    expect((await report(id, await reporter())).hidden).toBe(true);
    const restored = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/resolve`,
      headers: { cookie: admin.cookie },
      payload: { action: 'restore' },
    });
    expect(restored.statusCode).toBe(200);
    expect(await isPublic(id)).toBe(true);
    const heldUntil = new Date(clock.now().getTime() + 30 * DAY).toISOString();

    clock.advance(29 * DAY);
    for (let i = 0; i < 3; i += 1) {
      expect((await report(id, await reporter(), 'asked_for_money')).hidden).toBe(false);
    }
    expect(await isPublic(id)).toBe(true);
    const entry = await queued(id);
    expect(entry).toMatchObject({ count: 3, hiddenForReports: false, status: 'live' });
    expect(entry.hideHeldUntil).toBe(heldUntil);

    clock.advance(DAY + 60_000);
    expect((await report(id, await reporter())).hidden).toBe(true);
    expect(await isPublic(id)).toBe(false);
    expect((await queued(id)).hideHeldUntil).toBeNull();
  });
});

describe('reports made before the rule (migration 0031)', () => {
  it('take their reporter as the account is now: its verified phone and its mailbox', async () => {
    const id = await createListing(db, owner.userId);
    const emails = ['A.Ma+old@GoogleMail.com', 'kofi.b+x@Example.com', '+only@example.org'];
    const phone = nextPhone();
    for (const [index, email] of emails.entries()) {
      const account = await reporter({ email, phone: index === 0 ? phone : null });
      await report(id, account);
    }
    await db.update(listingReports).set({ reporterPhone: null, reporterEmailKey: null });
    const migration = readFileSync(
      new URL('../../db/migrations/0031_report_identity.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await db.execute(sql.raw(backfill));
    const rows = await db
      .select({ phone: listingReports.reporterPhone, key: listingReports.reporterEmailKey })
      .from(listingReports)
      .where(eq(listingReports.propertyId, id));
    expect(rows.map((row) => row.key).sort()).toEqual(emails.map(emailIdentity).sort());
    expect(rows.map((row) => row.phone).filter(Boolean)).toEqual([phone]);
  });
});

describe('reportedByMe on the listing (issue 34)', () => {
  it('tells a signed-in reader when they reported it; others get null, visitors nothing', async () => {
    const id = await createListing(db, owner.userId);
    const renter = await reporter();
    const detail = (who?: Account) =>
      app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: who ? { cookie: who.cookie } : {},
      });
    expect((await detail(renter)).json().reportedByMe).toBeNull();
    const reportedAt = clock.now().toISOString();
    await report(id, renter);
    expect((await detail(renter)).json().reportedByMe).toBe(reportedAt);
    // Nobody else's answer carries it.
    expect((await detail(await reporter())).json().reportedByMe).toBeNull();
    expect((await detail(owner)).json().reportedByMe).toBeNull();
    expect((await detail()).json()).not.toHaveProperty('reportedByMe');
    const search = (
      await app.inject({
        method: 'GET',
        url: '/api/properties/search?limit=50',
        headers: { cookie: renter.cookie },
      })
    ).json();
    expect(search.properties.some((p: object) => 'reportedByMe' in p)).toBe(false);
  });
});
