import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { outboxMessages } from '../../db/schema';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  deliveriesSettled,
  manualClock,
  releaseHeldNotices,
  signUp,
} from '../../testing/test-app';

// Notices nobody can pump (issue 50): a request cancelled within 10 minutes sends no notice; a
// renter's requests and cancels on one listing tell the lister once a day; and whatever is
// tried, a phone-only lister gets at most 10 SMS a day (the probe: three accounts, 16 requests
// and cancels each).
// The clock: Saturday 21 November 2026, 12:00 in Accra.
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let accounts = 0;
async function account(userType: 'renter' | 'owner', how: 'email' | 'phone' = 'email') {
  accounts += 1;
  const phone = `+23325${String(3_000_000 + accounts).padStart(7, '0')}`;
  const created = await signUp(app, {
    userType,
    ...(how === 'phone' ? { registrationMethod: 'phone', phone, email: undefined } : {}),
  });
  const [row] = await db
    .update(users)
    .set({ emailVerified: how === 'email', phoneVerified: how === 'phone' })
    .where(eq(users.id, created.userId))
    .returning();
  return { ...created, to: (how === 'phone' ? row!.phone : row!.email)! };
}

const post = (url: string, who: { cookie: string }, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie },
    payload,
    remoteAddress: `10.53.${accounts}.${Math.floor(Math.random() * 250) + 1}`,
  });

async function listingOf(owner: { userId: string; cookie: string }) {
  const listingId = await createListing(db, owner.userId, { title: 'Chamber and hall, Osu' });
  const hours = await app.inject({
    method: 'PUT',
    url: `/api/properties/${listingId}/viewing-hours`,
    headers: { cookie: owner.cookie },
    payload: {
      slotMinutes: 30,
      windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
      blockedDates: [],
    },
  });
  expect(hours.statusCode, hours.body).toBe(200);
  return listingId;
}

const request = async (listingId: string, renter: { cookie: string }) => {
  const response = await post(`/api/properties/${listingId}/viewings`, renter, {
    startsAt: '2026-11-28T10:30:00Z',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};
const cancel = async (viewingId: string, renter: { cookie: string }) => {
  const response = await post(`/api/viewings/${viewingId}/cancel`, renter);
  expect(response.statusCode, response.body).toBe(200);
};

/** The notices the outbox kept for `to` about the listing (not the sign-up's code). */
async function toldTo(to: string) {
  await deliveriesSettled(db);
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
  return rows.filter((row) => row.textBody.includes('Chamber and hall'));
}

describe('a lister’s notices of requests and cancels', () => {
  it('a request cancelled within 10 minutes sends no notice at all', async () => {
    const owner = await account('owner');
    const listingId = await listingOf(owner);
    const renter = await account('renter');
    const viewingId = await request(listingId, renter);
    clock.advance(9 * 60_000);
    await cancel(viewingId, renter);
    await releaseHeldNotices(db);
    expect(await toldTo(owner.to)).toEqual([]);
    // The conversation still shows both steps to the lister.
    const inbox = await app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: { cookie: owner.cookie },
    });
    expect(inbox.statusCode).toBe(200);
  });

  it('a request left standing reaches the lister once its hold is over; a lister who answered first is not told', async () => {
    const owner = await account('owner');
    const listingId = await listingOf(owner);
    const renter = await account('renter');
    await request(listingId, renter);
    expect(await toldTo(owner.to)).toEqual([]);
    await releaseHeldNotices(db);
    const told = await toldTo(owner.to);
    expect(told.map((row) => row.subject)).toEqual([expect.stringMatching(/^Viewing request/)]);

    const other = await account('renter');
    const answered = await request(listingId, other);
    const confirm = await post(`/api/viewings/${answered}/confirm`, owner);
    expect(confirm.statusCode, confirm.body).toBe(200);
    await releaseHeldNotices(db);
    // The confirmation (with its calendar file), not the request it answered.
    expect((await toldTo(owner.to)).map((row) => row.subject)).toEqual([
      expect.stringMatching(/^Viewing request/),
      expect.stringMatching(/^Viewing confirmed/),
    ]);
  });

  it('one renter’s requests and cancels on one listing tell the lister once a day', async () => {
    const owner = await account('owner');
    const listingId = await listingOf(owner);
    const renter = await account('renter');
    for (let n = 0; n < 5; n++) {
      const viewingId = await request(listingId, renter);
      await releaseHeldNotices(db);
      await deliveriesSettled(db);
      clock.advance(15 * 60_000);
      await cancel(viewingId, renter);
    }
    expect(await toldTo(owner.to)).toHaveLength(1);
    // A day later they may be told again.
    clock.advance(24 * 3600_000);
    await request(listingId, renter);
    await releaseHeldNotices(db);
    expect(await toldTo(owner.to)).toHaveLength(2);
  });

  it('the probe: three accounts, 16 requests and cancels each, a phone-only lister: at most 10 SMS', async () => {
    const owner = await account('owner', 'phone');
    const listingId = await listingOf(owner);
    const renters = [await account('renter'), await account('renter'), await account('renter')];
    for (let n = 0; n < 16; n++) {
      for (const renter of renters) {
        const viewingId = await request(listingId, renter);
        // Half of them cancelled at once, half after the notice has left.
        if (n % 2) {
          await releaseHeldNotices(db);
          await deliveriesSettled(db);
          clock.advance(11 * 60_000);
        }
        await cancel(viewingId, renter);
      }
    }
    await releaseHeldNotices(db);
    const texts = await toldTo(owner.to);
    expect(texts.length).toBeLessThanOrEqual(10);
    // One notice for each renter: the first request that stood.
    expect(texts).toHaveLength(3);
  });
});
