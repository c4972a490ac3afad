import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import type { signUp } from '../../testing/test-app';
import { createTestApp, manualClock, signUpAdmin, signUpVerified } from '../../testing/test-app';
import { reviews } from '../reviews/service';
import { moveViewingEarlier, viewings } from '../viewings/service';
import { rateLimits } from './rate-limits';

// Issue 51: a listing's own figures for its lister, GET /api/user/properties/{id}/stats?days=.
// Each figure is checked against what happened, inside and outside the span. The clock:
// Saturday 21 November 2026, 12:00 in Accra.
const clock = manualClock();
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let people = 0;
async function person(firstName: string, userType: 'renter' | 'owner' = 'renter') {
  people += 1;
  return signUpVerified(app, db, firstName, userType);
}
const address = () => `10.53.${Math.floor(people / 250)}.${people % 250}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Account, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
    remoteAddress: address(),
  });

const statsOf = async (id: string, who: Account, days?: number) => {
  const response = await call(
    'GET',
    `/api/user/properties/${id}/stats${days ? `?days=${days}` : ''}`,
    who,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A page load of the listing's page, as the web app reports one. */
const view = (id: string, who?: Account) =>
  call('POST', '/api/analytics/track-visitor', who, {
    visitorId: `visitor-${people}-${Math.random().toString(36).slice(2, 10)}`,
    pageUrl: `/property/${id}`,
    pageTitle: 'A listing',
  });

const DAY = 24 * 3_600_000;

describe('GET /api/user/properties/{id}/stats', () => {
  it('is the lister’s alone: 401, 403 for others, 404 for none, 400 for another span', async () => {
    const owner = await person('Kofi', 'owner');
    const id = await createListing(db, owner.userId);
    const url = `/api/user/properties/${id}/stats`;
    expect((await call('GET', url)).statusCode).toBe(401);
    const other = await call('GET', url, await person('Ama'));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('only_own_listings');
    const admin = await signUpAdmin(testApp);
    expect((await call('GET', url, admin)).statusCode).toBe(403);
    const unknown = '/api/user/properties/00000000-0000-4000-8000-000000000000/stats';
    expect((await call('GET', unknown, owner)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/properties/nope/stats', owner)).statusCode).toBe(404);
    for (const days of ['14', '0', 'week', '-7']) {
      const refused = await call('GET', `${url}?days=${days}`, owner);
      expect(refused.statusCode, days).toBe(400);
    }
    expect((await statsOf(id, owner)).days).toBe(30);
  });

  it('counts each thing in its span: views, enquiries, requests, confirmed, held, reviews', async () => {
    const owner = await person('Yaa', 'owner');
    const id = await createListing(db, owner.userId, { title: 'Two bedroom, East Legon' });
    const otherListing = await createListing(db, owner.userId);
    const hours = await call('PUT', `/api/properties/${id}/viewing-hours`, owner, {
      slotMinutes: 30,
      windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
      blockedDates: [],
    });
    expect(hours.statusCode, hours.body).toBe(200);

    // Views: two by others, one by the lister themself (not counted), one of another listing.
    const ama = await person('Ama');
    for (const response of [await view(id), await view(id, ama), await view(id, owner)]) {
      expect(response.statusCode, response.body).toBe(204);
    }
    await view(otherListing);

    // Enquiries: Ama's; viewings: Ama's confirmed and held, Esi's waiting.
    const enquiry = await call('POST', `/api/properties/${id}/enquiries`, ama, {
      message: 'Is it still available?',
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const esi = await person('Esi');
    const book = async (who: Account, startsAt: string) => {
      const booked = await call('POST', `/api/properties/${id}/viewings`, who, { startsAt });
      expect(booked.statusCode, booked.body).toBe(201);
      return booked.json().id as string;
    };
    const held = await book(ama, '2026-11-28T10:30:00Z');
    expect((await call('POST', `/api/viewings/${held}/confirm`, owner)).statusCode).toBe(200);
    await book(esi, '2026-11-28T11:00:00Z');
    // Ama's took place two days ago.
    await moveViewingEarlier(db, held, 9 * 24);
    const [heldRow] = await db.select().from(viewings).where(eq(viewings.id, held));
    await db.insert(reviews).values({
      viewingId: held,
      propertyId: id,
      authorId: ama.userId,
      listerId: owner.userId,
      viewedAt: heldRow!.startsAt,
      rating: 5,
      asDescribed: 'yes',
      askedForMoney: false,
      text: 'As shown.',
      createdAt: clock.now(),
    });

    expect(await statsOf(id, owner, 7)).toEqual({
      days: 7,
      since: new Date(clock.now().getTime() - 7 * DAY).toISOString(),
      views: 2,
      enquiries: 1,
      viewingRequests: 2,
      confirmedViewings: 1,
      heldViewings: 1,
      reviews: 1,
    });

    // Twenty days later, the 7-day span holds none of it; the 30-day one all of it.
    clock.advance(20 * DAY);
    expect(await statsOf(id, owner, 7)).toMatchObject({
      views: 0,
      enquiries: 0,
      viewingRequests: 0,
      confirmedViewings: 0,
      heldViewings: 0,
      reviews: 0,
    });
    expect(await statsOf(id, owner, 30)).toMatchObject({
      views: 2,
      enquiries: 1,
      viewingRequests: 2,
      confirmedViewings: 1,
      heldViewings: 1,
      reviews: 1,
    });
    expect((await statsOf(otherListing, owner, 90)).views).toBe(1);
  });

  it('is limited per account and per address', async () => {
    const office = '10.54.0.1';
    const read = (who: Account, id: string, from: string) =>
      app.inject({
        method: 'GET',
        url: `/api/user/properties/${id}/stats?days=7`,
        headers: { cookie: who.cookie },
        remoteAddress: from,
      });
    const [kwame, efua] = [await person('Kwame', 'owner'), await person('Efua', 'owner')];
    const [kwameListing, efuaListing] = [
      await createListing(db, kwame.userId),
      await createListing(db, efua.userId),
    ];
    for (let i = 0; i < rateLimits.listingStatsPerAccount.max; i += 1) {
      expect((await read(kwame, kwameListing, office)).statusCode).toBe(200);
    }
    expect((await read(kwame, kwameListing, '10.54.0.2')).statusCode).toBe(429);
    // Another account of the same office, until the address's budget is spent.
    const left = rateLimits.listingStatsPerIp.max - rateLimits.listingStatsPerAccount.max;
    for (let i = 0; i < left; i += 1) {
      expect((await read(efua, efuaListing, office)).statusCode).toBe(200);
    }
    const kojo = await person('Kojo', 'owner');
    const kojoListing = await createListing(db, kojo.userId);
    expect((await read(kojo, kojoListing, office)).statusCode).toBe(429);
    expect((await read(kojo, kojoListing, '10.54.0.3')).statusCode).toBe(200);
  });
});
