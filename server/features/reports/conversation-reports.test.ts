import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportThresholds } from '#common/reports';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { auditLog } from '../admin/service';
import { properties } from '../listings/service';
import { rateLimits } from './rate-limits';

// Reporting from a conversation (issue 37): the listing is reported with the conversation
// attached, it counts toward hiding like any report, and the administrator reading that report
// reads the messages, each reading audit-logged; nobody else reads them.
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let owner: Account;
beforeAll(async () => {
  admin = await signUpAdmin(testApp);
  owner = await signUp(app, { userType: 'owner', firstName: 'Kojo', lastName: 'Fake' });
  // Verified, so that reporting their own listing is refused for being theirs.
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.userId));
});

let ip = 0;
let phones = 0;
const nextAddress = () => `10.38.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

/** A renter with a verified e-mail and phone: only phone-verified reporters count to hide. */
async function verifiedRenter(firstName = 'Adwoa'): Promise<Account> {
  const renter = await signUp(app, { firstName, lastName: 'Boakye' });
  phones += 1;
  await db
    .update(users)
    .set({
      emailVerified: true,
      phone: `+23326${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`,
      phoneVerified: true,
    })
    .where(eq(users.id, renter.userId));
  return renter;
}

const call = (method: 'GET' | 'POST', url: string, who: Account | undefined, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    remoteAddress: nextAddress(),
    ...(payload ? { payload } : {}),
  });

/** A conversation the renter started about the listing, with the lister's scam answer. */
async function scamConversation(listingId: string, renter: Account): Promise<string> {
  const started = await call('POST', `/api/properties/${listingId}/enquiries`, renter, {
    message: 'Is it still available?',
  });
  expect(started.statusCode).toBe(201);
  const { conversationId } = started.json();
  const scam = await call('POST', `/api/conversations/${conversationId}/messages`, owner, {
    message: 'Yes. Send the viewing fee of 200 cedis by MoMo to 024 555 0101 first.',
  });
  expect(scam.statusCode).toBe(201);
  return conversationId;
}

const reportConversation = (id: string, who: Account | undefined, body: object) =>
  call('POST', `/api/conversations/${id}/reports`, who, body);

const openReportsOf = async (listingId: string) =>
  (await call('GET', '/api/admin/reports?status=open', admin))
    .json()
    .listings.find((listing: { propertyId: string }) => listing.propertyId === listingId);

describe('POST /api/conversations/{id}/reports', () => {
  it('reports the listing with the conversation, which the administrator reads, audit-logged', async () => {
    const listingId = await createListing(db, owner.userId, { title: 'Villa, viewing fee' });
    const renter = await verifiedRenter('Adwoa');
    const conversationId = await scamConversation(listingId, renter);

    const reported = await reportConversation(conversationId, renter, {
      reason: 'asked_for_money',
      note: 'He wants a viewing fee by MoMo.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json()).toEqual({ id: expect.any(String), hidden: false });
    const reportId = reported.json().id;

    const listed = await openReportsOf(listingId);
    expect(listed.reports).toEqual([
      expect.objectContaining({ id: reportId, reason: 'asked_for_money', conversationId }),
    ]);

    const read = await call('GET', `/api/admin/reports/${reportId}/conversation`, admin);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      conversationId,
      renter: { id: renter.userId, name: 'Adwoa Boakye' },
      lister: { id: owner.userId, name: 'Kojo Fake' },
      hasMore: false,
    });
    // Newest first, each with who wrote it and the warning its recipient saw.
    expect(
      read.json().messages.map((m: { from: string; warnings: string[] }) => [m.from, m.warnings]),
    ).toEqual([
      ['lister', ['payment_before_viewing']],
      ['renter', []],
    ]);
    const audited = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'read-reported-conversation'),
          eq(auditLog.targetId, conversationId),
        ),
      );
    expect(audited).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        targetType: 'conversation',
        details: { reportId, propertyId: listingId },
      }),
    ]);

    // The administrator's own routes to conversations stay closed.
    for (const url of [
      `/api/conversations/${conversationId}`,
      `/api/conversations/${conversationId}/messages`,
    ]) {
      expect((await call('GET', url, admin)).statusCode, url).toBe(404);
    }
  });

  it('refuses a visitor, anyone but the parties, the listing’s lister and a second report', async () => {
    const listingId = await createListing(db, owner.userId);
    const renter = await verifiedRenter();
    const conversationId = await scamConversation(listingId, renter);
    const body = { reason: 'fake_lister' };

    expect((await reportConversation(conversationId, undefined, body)).statusCode).toBe(401);
    const stranger = await verifiedRenter();
    const notTheirs = await reportConversation(conversationId, stranger, body);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().code).toBe('conversation_not_found');
    const malformed = await reportConversation('not-an-id', renter, body);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().code).toBe('conversation_not_found');
    const own = await reportConversation(conversationId, owner, body);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_listing_report');
    const invalid = await reportConversation(conversationId, renter, { reason: 'bad' });
    expect(invalid.statusCode).toBe(400);

    expect((await reportConversation(conversationId, renter, body)).statusCode).toBe(201);
    const again = await reportConversation(conversationId, renter, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('report_exists');
    expect((await openReportsOf(listingId)).count).toBe(1);
  });

  it('attaches the conversation to the renter’s earlier report of the listing, counted once', async () => {
    const listingId = await createListing(db, owner.userId);
    const renter = await verifiedRenter();
    const conversationId = await scamConversation(listingId, renter);
    const fromPage = await call('POST', `/api/properties/${listingId}/reports`, renter, {
      reason: 'not_available',
    });
    expect(fromPage.statusCode).toBe(201);
    const fromConversation = await reportConversation(conversationId, renter, {
      reason: 'asked_for_money',
    });
    expect(fromConversation.statusCode).toBe(201);
    expect(fromConversation.json().id).toBe(fromPage.json().id);
    const listed = await openReportsOf(listingId);
    expect(listed.count).toBe(1);
    expect(listed.reports[0]).toMatchObject({ reason: 'not_available', conversationId });
  });

  it('counts toward hiding the listing like any report', async () => {
    const title = 'Hidden by conversation reports';
    const listingId = await createListing(db, owner.userId, { title });
    const answers = [];
    for (let n = 0; n < reportThresholds.askedForMoney; n += 1) {
      const renter = await verifiedRenter();
      const conversationId = await scamConversation(listingId, renter);
      answers.push(
        (await reportConversation(conversationId, renter, { reason: 'asked_for_money' })).json(),
      );
    }
    expect(answers.map((answer) => answer.hidden)).toEqual([
      ...Array(reportThresholds.askedForMoney - 1).fill(false),
      true,
    ]);
    const [row] = await db
      .select({ hiddenForReportsAt: properties.hiddenForReportsAt })
      .from(properties)
      .where(eq(properties.id, listingId));
    expect(row?.hiddenForReportsAt).not.toBeNull();
  });

  it('shares the per-account budget with reports from listing pages', async () => {
    const renter = await verifiedRenter();
    const { max } = rateLimits.reportsPerAccount;
    for (let n = 0; n < max; n += 1) {
      const id = await createListing(db, owner.userId);
      expect(
        (await call('POST', `/api/properties/${id}/reports`, renter, { reason: 'duplicate' }))
          .statusCode,
      ).toBe(201);
    }
    const listingId = await createListing(db, owner.userId);
    const conversationId = await scamConversation(listingId, renter);
    const refused = await reportConversation(conversationId, renter, { reason: 'duplicate' });
    expect(refused.statusCode).toBe(429);
  });
});

describe('GET /api/admin/reports/{reportId}/conversation', () => {
  it('is for administrators, and only for a report sent from a conversation', async () => {
    const listingId = await createListing(db, owner.userId);
    const renter = await verifiedRenter();
    const conversationId = await scamConversation(listingId, renter);
    const reportId = (
      await reportConversation(conversationId, renter, { reason: 'fake_lister' })
    ).json().id;
    const url = `/api/admin/reports/${reportId}/conversation`;
    expect((await call('GET', url, undefined)).statusCode).toBe(401);
    for (const who of [renter, owner]) expect((await call('GET', url, who)).statusCode).toBe(403);

    const other = await createListing(db, owner.userId);
    const plain = await call('POST', `/api/properties/${other}/reports`, renter, {
      reason: 'duplicate',
    });
    for (const id of [plain.json().id, 'nope', '8d6b2b2e-0000-4000-8000-000000000000']) {
      const answer = await call('GET', `/api/admin/reports/${id}/conversation`, admin);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().code).toBe('report_not_found');
    }
    const badBefore = await call('GET', `${url}?before=nope`, admin);
    expect(badBefore.statusCode).toBe(404);
  });
});
