import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  manualClock,
  notificationsTo,
  signUp,
  signUpAdmin,
} from '../../testing/test-app';
import { goneCauseOf } from './listing-gone';
import { viewings } from './schema';
import { moveViewingEarlier } from './reminders';

// Issue 51: a listing that leaves the site (rented, switched off, hidden, expired, deleted)
// takes its viewings still ahead with it; a renter is never left to cross the city to a house
// that is not there any more. The clock: Saturday 21 November 2026, 12:00 in Accra.
const clock = manualClock();
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;
const admin = await signUpAdmin(testApp);

type Account = Awaited<ReturnType<typeof signUp>>;
let people = 0;
async function person(firstName: string, userType: 'renter' | 'owner' = 'renter') {
  people += 1;
  const account = await signUp(app, { firstName, userType });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, account.userId));
  return account;
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: Account,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
    remoteAddress: `10.51.${Math.floor(people / 250)}.${people % 250}`,
  });

/**
 * An owner's listing with Saturday hours, one renter's confirmed viewing and another's request
 * next Saturday, and a third renter's confirmed viewing that has taken place already.
 */
async function listingWithViewings(title: string) {
  const owner = await person('Kofi', 'owner');
  const listingId = await createListing(db, owner.userId, { title, address: 'Osu' });
  const hours = await call('PUT', `/api/properties/${listingId}/viewing-hours`, owner, {
    slotMinutes: 30,
    windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
    blockedDates: [],
  });
  expect(hours.statusCode, hours.body).toBe(200);
  const book = async (renter: Account, startsAt: string) => {
    const booked = await call('POST', `/api/properties/${listingId}/viewings`, renter, {
      startsAt,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return booked.json().id as string;
  };
  const [confirmedRenter, waitingRenter, pastRenter] = [
    await person('Ama'),
    await person('Esi'),
    await person('Yaw'),
  ];
  const confirmed = await book(confirmedRenter, '2026-11-28T10:30:00Z');
  expect((await call('POST', `/api/viewings/${confirmed}/confirm`, owner)).statusCode).toBe(200);
  const waiting = await book(waitingRenter, '2026-11-28T11:00:00Z');
  const past = await book(pastRenter, '2026-11-28T12:00:00Z');
  expect((await call('POST', `/api/viewings/${past}/confirm`, owner)).statusCode).toBe(200);
  await moveViewingEarlier(db, past, 24 * 8);
  return { owner, listingId, confirmedRenter, waitingRenter, confirmed, waiting, past };
}

const rowOf = async (id: string) =>
  (await db.select().from(viewings).where(eq(viewings.id, id)))[0]!;

/** Waits for the listing event's handler (a job) to have cancelled `id`. */
const cancelled = (id: string) =>
  vi.waitFor(
    async () => {
      const row = await rowOf(id);
      if (row.status !== 'cancelled') throw new Error(`still ${row.status}`);
      return row;
    },
    { timeout: 10_000, interval: 50 },
  );

describe('a listing that leaves the site', () => {
  it('rented: its viewings ahead are cancelled with the cause, told to both, the reminders stop', async () => {
    const v = await listingWithViewings('Two-bedroom, Osu');
    expect((await rowOf(v.confirmed)).eveningReminderAt).not.toBeNull();
    expect((await call('POST', `/api/properties/${v.listingId}/rented`, v.owner)).statusCode).toBe(
      200,
    );
    for (const id of [v.confirmed, v.waiting]) {
      expect(await cancelled(id)).toMatchObject({
        cancelledFor: 'listing_rented',
        cancelledBy: null,
        eveningReminderAt: null,
        soonReminderAt: null,
      });
    }
    // One that took place stays as it was: it happened.
    expect((await rowOf(v.past)).status).toBe('confirmed');

    // Both parties are told why, the renter with the calendar file's cancellation.
    const [renterMail] = await notificationsTo(
      db,
      v.confirmedRenter.body.email!,
      (row) => row.subject?.startsWith('Viewing cancelled') ?? false,
      1,
    );
    expect(renterMail!.textBody).toContain(
      'The viewing of “Two-bedroom, Osu” on Sat, Nov 28, 10:30 AM GMT is cancelled: the place has been rented.',
    );
    const listerMails = await notificationsTo(
      db,
      v.owner.body.email!,
      (row) => row.subject?.startsWith('Viewing cancelled') ?? false,
      1,
    );
    expect(listerMails[0]!.textBody).toContain('the place has been rented');

    // The renter's page and the conversation say it.
    const page = (await call('GET', `/api/viewings/${v.confirmed}`, v.confirmedRenter)).json();
    expect(page).toMatchObject({ status: 'cancelled', cancelledFor: 'listing_rented' });
    const messages = (
      await call('GET', `/api/conversations/${page.conversationId}/messages`, v.confirmedRenter)
    ).json().messages;
    expect(messages[0].event).toMatchObject({ step: 'cancelled', cause: 'listing_rented' });
  });

  it('hidden by an administrator, switched off by its lister, expired: each with its cause', async () => {
    const hidden = await listingWithViewings('Chamber and hall, Madina');
    const hide = await call(
      'PATCH',
      `/api/admin/properties/${hidden.listingId}/visibility`,
      admin,
      {
        isActive: false,
        reason: 'Photos of another house',
      },
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await cancelled(hidden.confirmed)).cancelledFor).toBe('listing_hidden');

    const off = await listingWithViewings('Self-contained, Adenta');
    await app.listingWrites.update(off.listingId, { isActive: false });
    expect((await cancelled(off.waiting)).cancelledFor).toBe('listing_off');

    const old = await listingWithViewings('Studio, Labone');
    // As the monthly freshness check expires it (listings/freshness.ts).
    await app.listingWrites.update(old.listingId, { isActive: false, expiredAt: clock.now() });
    expect((await cancelled(old.confirmed)).cancelledFor).toBe('listing_expired');
  });

  it('deleted: the viewings stay in both parties’ history, cancelled as removed, named still', async () => {
    const v = await listingWithViewings('House, East Legon');
    const removed = await call('DELETE', `/api/properties/${v.listingId}`, v.owner);
    expect(removed.statusCode).toBeLessThan(300);
    expect((await cancelled(v.confirmed)).cancelledFor).toBe('listing_removed');
    expect((await cancelled(v.waiting)).cancelledFor).toBe('listing_removed');

    const list = (await call('GET', '/api/viewings?role=renter', v.confirmedRenter)).json();
    expect(list.viewings).toEqual([
      expect.objectContaining({
        id: v.confirmed,
        status: 'cancelled',
        cancelledFor: 'listing_removed',
        property: expect.objectContaining({ title: 'House, East Legon', image: null, pin: null }),
      }),
    ]);
    const lister = (await call('GET', '/api/viewings?role=lister', v.owner)).json();
    expect(lister.viewings.map((viewing: { id: string }) => viewing.id).sort()).toEqual(
      [v.confirmed, v.waiting, v.past].sort(),
    );
    const [renterMail] = await notificationsTo(
      db,
      v.confirmedRenter.body.email!,
      (row) => row.subject?.startsWith('Viewing cancelled') ?? false,
      1,
    );
    expect(renterMail!.textBody).toContain('the listing was removed from Abode');
  });

  it('back under review keeps its viewings: the place is still there', () => {
    expect(goneCauseOf('pending')).toBeNull();
    expect(goneCauseOf('reported')).toBe('listing_hidden');
    expect(goneCauseOf('deleted')).toBe('listing_removed');
  });
});
