import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp, signUpAdmin } from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { properties } from './schema';

// A listing its owner let (issue 21): gone from search at once, its page says so for 14 days
// (then 404), and it comes back in one step without a new review.
const clock = manualClock();
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;
const owner = await signUp(app, { userType: 'owner' });
const other = await signUp(app, { userType: 'owner' });
const renter = await signUp(app);
const admin = await signUpAdmin(testApp);
const DAY = 86_400_000;

/** A live listing of the owner, in the search index from the start (as the API would do). */
async function listed(title: string): Promise<string> {
  const id = await createListing(db, owner.userId, { title });
  await app.listingSearch.changed([id]);
  return id;
}

type Caller = { cookie: string } | null;
const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  who: Caller,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const rented = (id: string, who: Caller = owner) =>
  call('POST', `/api/properties/${id}/rented`, who);
const available = (id: string, who: Caller = owner) =>
  call('DELETE', `/api/properties/${id}/rented`, who);
const found = async (title: string) =>
  (await call('GET', `/api/properties/search?limit=50&location=${encodeURIComponent(title)}`, null))
    .json()
    .properties.map((p: { title: string }) => p.title)
    .filter((found: string) => found === title);

describe('marking a listing rented', () => {
  it('takes it out of search at once; visitors read its page for 14 days, then 404', async () => {
    const id = await listed('Let in Tamale');
    expect(await found('Let in Tamale')).toEqual(['Let in Tamale']);

    const response = await rented(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, status: 'rented' });
    expect(await found('Let in Tamale')).toEqual([]);

    const page = await call('GET', `/api/properties/${id}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json().rentedAt).toBe(clock.now().toISOString());
    // Nobody reaches its lister any more.
    expect((await call('GET', `/api/properties/${id}/contact`, renter)).statusCode).toBe(409);
    // Marking it again changes nothing, not even the date.
    clock.advance(DAY);
    expect((await rented(id)).json()).toEqual({ id, status: 'rented' });
    expect((await call('GET', `/api/properties/${id}`, null)).json().rentedAt).toBe(
      page.json().rentedAt,
    );

    clock.advance(13 * DAY + 60_000);
    expect((await call('GET', `/api/properties/${id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/properties/${id}`, renter)).statusCode).toBe(404);
    // Its owner and administrators still open it.
    expect((await call('GET', `/api/properties/${id}`, owner)).json().rentedAt).not.toBeNull();
    expect((await call('GET', `/api/properties/${id}`, admin)).statusCode).toBe(200);
  });

  it('comes back live in one step, without a new review', async () => {
    const id = await listed('Back in Bolga');
    await rented(id);
    const response = await available(id);
    expect(response.json()).toEqual({ id, status: 'live' });
    expect(await found('Back in Bolga')).toEqual(['Back in Bolga']);
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ isVerified: true, isActive: true, rentedAt: null });
    // Available again when it already was: nothing changes.
    expect((await available(id)).json()).toEqual({ id, status: 'live' });
  });

  it('switching a rented listing on in the edit form makes it available again', async () => {
    const id = await listed('Edited in Ho');
    await rented(id);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    const edit = await call('PUT', `/api/properties/${id}`, owner, {
      title: own.title,
      description: own.description,
      propertyType: own.propertyType,
      category: own.category,
      address: own.address,
      city: own.city,
      country: own.country,
      pricePerNight: own.price,
      currency: own.currency,
      pricingPeriod: own.pricingPeriod,
      bedrooms: own.bedrooms,
      bathrooms: own.bathrooms,
      amenities: own.amenities,
      images: own.images,
      isActive: true,
    });
    expect(edit.json()).toEqual({ id, status: 'live', pendingChanges: null });
  });

  it('keeps a listing an administrator hid hidden when it is available again', async () => {
    const id = await listed('Hidden in Wa');
    await rented(id);
    await db
      .update(properties)
      .set({ hiddenByAdminAt: new Date(), hiddenReason: 'Fake photos' })
      .where(eq(properties.id, id));
    expect((await call('GET', `/api/properties/${id}`, null)).statusCode).toBe(404);
    expect((await available(id)).json()).toEqual({ id, status: 'hidden' });
    expect(await found('Hidden in Wa')).toEqual([]);
  });

  it('stays out of search when an administrator shows it after a hide', async () => {
    const id = await listed('Shown in Yendi');
    await rented(id);
    const visibility = (isActive: boolean) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/properties/${id}/visibility`,
        headers: { cookie: admin.cookie },
        payload: isActive ? { isActive } : { isActive, reason: 'Checking the photos' },
      });
    expect((await visibility(false)).statusCode).toBe(200);
    expect((await visibility(true)).statusCode).toBe(200);
    expect(await found('Shown in Yendi')).toEqual([]);
    expect((await call('GET', `/api/properties/${id}`, owner)).json()).toMatchObject({
      isActive: false,
      hiddenByAdmin: false,
    });
    // Its owner lets it again: live.
    expect((await available(id)).json()).toEqual({ id, status: 'live' });
    expect(await found('Shown in Yendi')).toEqual(['Shown in Yendi']);
  });

  it('is for the listing’s owner only', async () => {
    const id = await listed('Mine in Ho');
    expect((await rented(id, null)).statusCode).toBe(401);
    expect((await rented(id, other)).statusCode).toBe(403);
    expect((await rented(id, renter)).statusCode).toBe(403);
    expect((await available(id, other)).statusCode).toBe(403);
    expect((await rented('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Still live: none of those calls marked it.
    expect((await call('GET', `/api/properties/${id}`, null)).json().rentedAt).toBeNull();
  });

  it('is limited per owner', async () => {
    const busy = await signUp(app, { userType: 'agent', businessName: 'Keys' });
    const id = await createListing(db, busy.userId);
    const { max } = rateLimits.rentedPerAccount;
    let last = 0;
    for (let i = 0; i <= max; i++) {
      last = (i % 2 ? await available(id, busy) : await rented(id, busy)).statusCode;
    }
    expect(last).toBe(429);
  });
});
