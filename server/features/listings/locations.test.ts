import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters, type Point } from '#common/geo';
import { cityOf } from '#common/locations';
import { rowsOf } from '../../db/client';
import { seededRandom } from '../../lib/seeded-random';
import { createListing } from '../../testing/builders';
import { ownerListingHelpers, type Caller } from '../../testing/owner-listings';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { properties } from './schema';

/**
 * Where a listing is (issue 39): its owner's pin, the public point everyone else gets, the
 * GhanaPost GPS code, and the review of a pin moved far.
 */
const { app, database } = await createTestApp();
const db = database.db;
const { call, validListing, validEdit, create, approve } = ownerListingHelpers(app, db);

let owner: Caller;
let renter: Caller;
let admin: Caller;

beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  renter = await signUp(app);
  admin = await signUpAdmin({ app, database });
});

// The University of Ghana's main gate, Legon.
const legon = { latitude: 5.6505, longitude: -0.1869 };
const pointOf = (listing: { location: Point }) => ({
  latitude: listing.location.latitude,
  longitude: listing.location.longitude,
});

describe('a listing’s point', () => {
  it('is exact for its owner and administrators, blurred 50–300 m for everyone else, the same every time', async () => {
    const id = await create(owner, { ...legon, ghanaPostGps: 'ga-543-0917' });
    await approve(id);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own.location).toEqual({ ...legon, approximate: false, radiusMeters: 0 });
    expect(own.ghanaPostGps).toBe('GA-543-0917');
    const asAdmin = (await call('GET', `/api/properties/${id}`, admin)).json();
    expect(asAdmin.location).toEqual({ ...legon, approximate: false, radiusMeters: 0 });
    expect(asAdmin.ghanaPostGps).toBe('GA-543-0917');

    for (const reader of [undefined, renter]) {
      const shown = (await call('GET', `/api/properties/${id}`, reader)).json();
      expect(shown.location).toMatchObject({ approximate: true, radiusMeters: 300 });
      expect(shown).not.toHaveProperty('ghanaPostGps');
      const away = distanceMeters(pointOf(shown), legon);
      expect(away).toBeGreaterThanOrEqual(50);
      expect(away).toBeLessThanOrEqual(300);
      const again = (await call('GET', `/api/properties/${id}`, reader)).json();
      expect(again.location).toEqual(shown.location);
    }
    const found = (await call('GET', `/api/properties/search?location=Accra&limit=50`)).json();
    const card = found.properties.find((p: { id: string }) => p.id === id);
    expect(card.location).toEqual((await call('GET', `/api/properties/${id}`)).json().location);
    expect(card).not.toHaveProperty('ghanaPostGps');
  });

  it('starts at the city’s centre when the form sends none', async () => {
    const id = await create(owner, { city: 'Kumasi' });
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    const centre = cityOf('Ghana', 'Kumasi')!;
    expect(pointOf(own)).toEqual({ latitude: centre.latitude, longitude: centre.longitude });
  });

  it.each([
    [
      'outside the country',
      { latitude: 6.1375, longitude: 1.2123 },
      'latitude',
      'point_outside_country',
    ],
    ['at sea', { latitude: 4.5, longitude: -0.2 }, 'latitude', 'point_outside_country'],
    ['half given', { latitude: 5.6 }, 'longitude', 'pointIncomplete'],
    ['not a number', { latitude: 'north', longitude: -0.2 }, 'latitude', 'invalidValue'],
    ['off the globe', { latitude: 95, longitude: -0.2 }, 'latitude', 'invalidValue'],
    [
      'a bad GhanaPost GPS code',
      { ghanaPostGps: 'GA-12-4567' },
      'ghanaPostGps',
      'ghanaPostGpsInvalid',
    ],
    [
      'a GhanaPost GPS code with words',
      { ghanaPostGps: 'near the mall' },
      'ghanaPostGps',
      'ghanaPostGpsInvalid',
    ],
  ] as const)(
    'is refused %s (400 naming the field), and nothing is saved',
    async (_, body, field, code) => {
      const before = await rowsOf<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM properties`,
      );
      const response = await call('POST', '/api/properties', owner, validListing(body as object));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldCodes[field]).toBe(code);
      const after = await rowsOf<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM properties`,
      );
      expect(after[0]!.n).toBe(before[0]!.n);
    },
  );

  it('takes a three-letter GhanaPost GPS code and an empty one as none', async () => {
    const id = await create(owner, { ghanaPostGps: ' AK-0391-5028 ' });
    expect((await call('GET', `/api/properties/${id}`, owner)).json().ghanaPostGps).toBe(
      'AK-0391-5028',
    );
    await call('PUT', `/api/properties/${id}`, owner, validEdit({ ghanaPostGps: '' }));
    expect((await call('GET', `/api/properties/${id}`, owner)).json().ghanaPostGps).toBeNull();
  });
});

describe('moving the pin of an approved listing', () => {
  it('applies a move of up to 1 km at once; a longer one waits for review while renters keep the old point', async () => {
    const id = await create(owner, { ...legon, address: '1 Legon Road' });
    await approve(id);
    const publicBefore = (await call('GET', `/api/properties/${id}`)).json().location;

    const near = { latitude: legon.latitude + 0.005, longitude: legon.longitude }; // 553 m north
    const small = await call(
      'PUT',
      `/api/properties/${id}`,
      owner,
      validEdit({ ...near, address: '1 Legon Road' }),
    );
    expect(small.json()).toMatchObject({ status: 'live', pendingChanges: null });
    expect((await call('GET', `/api/properties/${id}`, owner)).json().location).toMatchObject(near);
    const publicNear = (await call('GET', `/api/properties/${id}`)).json().location;
    expect(distanceMeters(pointOf({ location: publicNear }), near)).toBeLessThanOrEqual(300);

    const far = { latitude: 5.6037, longitude: -0.187 }; // Accra's centre, 5 km south
    const big = await call(
      'PUT',
      `/api/properties/${id}`,
      owner,
      validEdit({ ...far, address: '1 Legon Road' }),
    );
    expect(big.json()).toMatchObject({
      status: 'live',
      pendingChanges: { fields: ['latitude', 'longitude'] },
    });
    expect((await call('GET', `/api/properties/${id}`)).json().location).toEqual(publicNear);
    expect(publicNear).not.toEqual(publicBefore);

    const approved = await call('POST', `/api/admin/properties/${id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own.location).toMatchObject(far);
    const publicFar = (await call('GET', `/api/properties/${id}`)).json().location;
    expect(distanceMeters(pointOf({ location: publicFar }), far)).toBeLessThanOrEqual(300);
  });
});

describe('the public point', () => {
  it('lies 50–300 m from the pin wherever the pin is, and does not creep with small moves', async () => {
    const random = seededRandom(39);
    const owned = await signUp(app, { userType: 'owner' });
    let unchanged = 0;
    for (let i = 0; i < 60; i++) {
      const pin = {
        latitude: -60 + random() * 120,
        longitude: -180 + random() * 360,
      };
      const id = await createListing(db, owned.userId, pin);
      const read = async () =>
        (
          await db
            .select({ latitude: properties.publicLatitude, longitude: properties.publicLongitude })
            .from(properties)
            .where(eq(properties.id, id))
        )[0]!;
      const blurred = await read();
      const away = distanceMeters(blurred, pin);
      expect(away, JSON.stringify(pin)).toBeGreaterThanOrEqual(50);
      expect(away, JSON.stringify(pin)).toBeLessThanOrEqual(300);
      // A metre's correction: almost always within the same 150 m cell, so the same point.
      await db
        .update(properties)
        .set({ latitude: pin.latitude + 0.000009 })
        .where(eq(properties.id, id));
      const moved = await read();
      if (moved.latitude === blurred.latitude && moved.longitude === blurred.longitude) unchanged++;
    }
    expect(unchanged).toBeGreaterThanOrEqual(55);
  });

  it('differs between two listings at the same pin (each has its own secret)', async () => {
    const a = await createListing(db, owner.userId, legon);
    const b = await createListing(db, owner.userId, legon);
    const [x, y] = await Promise.all(
      [a, b].map(async (id) => (await call('GET', `/api/properties/${id}`)).json().location),
    );
    expect(x).not.toEqual(y);
  });
});
