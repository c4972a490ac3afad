import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, notificationsTo, signUp } from '../../testing/test-app';

// Issue 51: "Add to calendar" for everyone. Today only e-mail users got the file; a renter with
// a phone only gets its signed link in the confirmation SMS, and every party can open it from
// the viewing's page. The clock: Saturday 21 November 2026, 12:00 in Accra.
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let people = 0;
async function person(firstName: string, how: 'email' | 'phone', userType = 'renter') {
  people += 1;
  const phone = `+23324${String(7_100_000 + people)}`;
  const account = await signUp(app, {
    firstName,
    userType: userType as 'renter' | 'owner',
    ...(how === 'phone' ? { registrationMethod: 'phone', phone, email: undefined } : {}),
  });
  await db
    .update(users)
    .set({ emailVerified: how === 'email', phoneVerified: how === 'phone' })
    .where(eq(users.id, account.userId));
  return { ...account, phone };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Account, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
    remoteAddress: `10.52.0.${(people % 250) + 1}`,
  });

async function confirmedViewing() {
  const owner = await person('Kofi', 'email', 'owner');
  const listingId = await createListing(db, owner.userId, {
    title: 'Chamber and hall, Osu',
    address: 'Osu',
    streetAddress: '12 Oxford Street',
    ghanaPostGps: 'GA-123-4567',
    latitude: 5.556,
    longitude: -0.182,
  });
  await call('PUT', `/api/properties/${listingId}/viewing-hours`, owner, {
    slotMinutes: 30,
    windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
    blockedDates: [],
  });
  const renter = await person('Ama', 'phone');
  const booked = await call('POST', `/api/properties/${listingId}/viewings`, renter, {
    startsAt: '2026-11-28T10:30:00Z',
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  expect((await call('POST', `/api/viewings/${id}/confirm`, owner)).statusCode).toBe(200);
  return { owner, renter, id };
}

describe('a viewing’s calendar file', () => {
  it('reaches a renter by SMS as a signed link that opens without signing in, until the viewing ends', async () => {
    const { renter, id } = await confirmedViewing();
    const [text] = await notificationsTo(
      db,
      renter.phone,
      (row) => row.textBody.includes('confirmed'),
      1,
    );
    const code = /\/l\/(\w{8})/.exec(text!.textBody)![1];
    const opened = await app.inject({ url: `/l/${code}` });
    const location = String(opened.headers.location);
    expect(location).toMatch(new RegExp(`^/api/viewings/${id}/calendar\\.ics\\?token=`));

    // No cookie: the link is the key.
    const file = await app.inject({ url: location, remoteAddress: '10.52.9.1' });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.body).toContain('BEGIN:VEVENT');
    expect(file.body).toContain('DTSTART:20261128T103000Z');
    // Where exactly, as the confirmation says it (issue 50).
    expect(file.body).toMatch(/LOCATION:12 Oxford Street\\, Osu\\, GhanaPost GPS GA-123-4567/);
    expect(file.body).toContain('GEO:5.556;-0.182');

    // Altered, or for another viewing: nothing.
    const token = new URL(location, 'http://x').searchParams.get('token')!;
    const altered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    expect(
      (await app.inject({ url: `/api/viewings/${id}/calendar.ics?token=${altered}` })).statusCode,
    ).toBe(404);
    const other = await confirmedViewing();
    expect(
      (await app.inject({ url: `/api/viewings/${other.id}/calendar.ics?token=${token}` }))
        .statusCode,
    ).toBe(404);

    // Once the viewing is over, the link is too.
    clock.advance(8 * 86_400_000);
    expect((await app.inject({ url: location })).statusCode).toBe(404);
    clock.advance(-8 * 86_400_000);
  });

  it('opens for either party signed in, from the viewing’s page; nobody else', async () => {
    const { owner, renter, id } = await confirmedViewing();
    const url = `/api/viewings/${id}/calendar.ics`;
    for (const party of [owner, renter]) {
      const file = await call('GET', url, party);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.body).toContain('METHOD:PUBLISH');
    }
    expect((await call('GET', url)).statusCode).toBe(401);
    const stranger = await person('Yaw', 'email');
    expect((await call('GET', url, stranger)).statusCode).toBe(404);

    // Cancelled: its cancellation, which a calendar holding the event applies; no address.
    expect((await call('POST', `/api/viewings/${id}/cancel`, renter, {})).statusCode).toBe(200);
    const cancelled = await call('GET', url, owner);
    expect(cancelled.body).toContain('METHOD:CANCEL');
    expect(cancelled.body).not.toContain('Oxford');
  });
});
