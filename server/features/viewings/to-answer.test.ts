import { describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import type { signUp } from '../../testing/test-app';
import { createTestApp, manualClock, signUpVerified } from '../../testing/test-app';

// Issue 51: GET /api/user/to-answer, what waits for a lister's answer (the dashboard's first
// section, the badge on the header's account menu). The clock: Saturday 21 November 2026,
// 12:00 in Accra.
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let people = 0;
async function person(firstName: string, userType: 'renter' | 'owner' = 'renter') {
  people += 1;
  return signUpVerified(app, db, firstName, userType);
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Account, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
    remoteAddress: `10.52.${Math.floor(people / 250)}.${people % 250}`,
  });

const toAnswer = async (who: Account) => {
  const response = await call('GET', '/api/user/to-answer', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { viewingRequests: number; unansweredEnquiries: number };
};

async function listing(owner: Account) {
  const id = await createListing(db, owner.userId, { title: 'Chamber and hall, Osu' });
  const hours = await call('PUT', `/api/properties/${id}/viewing-hours`, owner, {
    slotMinutes: 30,
    windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
    blockedDates: [],
  });
  expect(hours.statusCode, hours.body).toBe(200);
  return id;
}

const enquire = async (listingId: string, who: Account, body = 'Is it still available?') => {
  const sent = await call('POST', `/api/properties/${listingId}/enquiries`, who, { message: body });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json() as { conversationId: string };
};

const reply = async (conversationId: string, who: Account, body = 'Yes, come and see it') => {
  const sent = await call('POST', `/api/conversations/${conversationId}/messages`, who, {
    message: body,
  });
  expect(sent.statusCode, sent.body).toBe(201);
};

const book = async (listingId: string, who: Account, startsAt: string) => {
  const booked = await call('POST', `/api/properties/${listingId}/viewings`, who, { startsAt });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json().id as string;
};

describe('GET /api/user/to-answer', () => {
  it('is for a signed-in reader only', async () => {
    expect((await call('GET', '/api/user/to-answer')).statusCode).toBe(401);
    expect(await toAnswer(await person('Ama'))).toEqual({
      viewingRequests: 0,
      unansweredEnquiries: 0,
    });
  });

  it('counts the lister’s viewing requests still ahead, until they are answered', async () => {
    const owner = await person('Kofi', 'owner');
    const id = await listing(owner);
    const [ama, esi] = [await person('Ama'), await person('Esi')];
    const first = await book(id, ama, '2026-11-28T10:30:00Z');
    await book(id, esi, '2026-11-28T11:00:00Z');
    expect(await toAnswer(owner)).toEqual({ viewingRequests: 2, unansweredEnquiries: 0 });
    // The renters' own requests wait for the lister, not for them.
    expect((await toAnswer(ama)).viewingRequests).toBe(0);

    expect((await call('POST', `/api/viewings/${first}/confirm`, owner)).statusCode).toBe(200);
    expect((await toAnswer(owner)).viewingRequests).toBe(1);
  });

  it('counts enquiries whose latest message is the renter’s, not the lister’s own', async () => {
    const owner = await person('Yaa', 'owner');
    const id = await listing(owner);
    const otherId = await listing(owner);
    const [ama, esi] = [await person('Ama'), await person('Esi')];
    const first = await enquire(id, ama);
    await enquire(otherId, esi);
    expect(await toAnswer(owner)).toEqual({ viewingRequests: 0, unansweredEnquiries: 2 });
    // The renter does not wait for themself.
    expect((await toAnswer(ama)).unansweredEnquiries).toBe(0);

    await reply(first.conversationId, owner);
    expect((await toAnswer(owner)).unansweredEnquiries).toBe(1);
    // A renter's follow-up makes it one to answer again.
    await reply(first.conversationId, ama, 'When can I come?');
    expect((await toAnswer(owner)).unansweredEnquiries).toBe(2);
  });

  it('counts a viewing request once: as a request, not as an enquiry too', async () => {
    const owner = await person('Kwesi', 'owner');
    const id = await listing(owner);
    await book(id, await person('Abena'), '2026-11-28T12:00:00Z');
    expect(await toAnswer(owner)).toEqual({ viewingRequests: 1, unansweredEnquiries: 0 });
  });

  it('leaves out a renter the lister blocked, on each of the lister’s listings', async () => {
    const owner = await person('Akosua', 'owner');
    const [id, otherId] = [await listing(owner), await listing(owner)];
    const kojo = await person('Kojo');
    const { conversationId } = await enquire(id, kojo, 'Pay the viewing fee first');
    await enquire(otherId, kojo, 'And this one too');
    expect((await toAnswer(owner)).unansweredEnquiries).toBe(2);
    const blocked = await call('POST', `/api/conversations/${conversationId}/block`, owner);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await toAnswer(owner)).unansweredEnquiries).toBe(0);
  });

  // Last: the clock moves on.
  it('leaves out a request whose time has come', async () => {
    const owner = await person('Ekow', 'owner');
    const id = await listing(owner);
    await book(id, await person('Efua'), '2026-11-28T13:00:00Z');
    expect((await toAnswer(owner)).viewingRequests).toBe(1);
    clock.advance(7 * 24 * 3_600_000 + 60 * 60_000);
    expect((await toAnswer(owner)).viewingRequests).toBe(0);
  });
});
