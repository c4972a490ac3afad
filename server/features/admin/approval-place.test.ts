import { describe, expect, it } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { distanceMeters } from '#common/geo';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';

/**
 * Where the place is, on the approval card (issue 51): administrators read the exact pin, the
 * circle renters see, the GhanaPost GPS code, the city's centre and, for a moved pin, the old
 * and the new point. Renters never read the pin.
 */
const testApp = await createTestApp();
const { app, database } = testApp;
const admin = await signUpAdmin(testApp);
const owner = await signUp(app, { userType: 'owner' });
const renter = await signUp(app);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const inQueue = async (id: string): Promise<AdminProperty | undefined> =>
  (await call('GET', '/api/admin/properties?status=pending&limit=100', admin.cookie))
    .json()
    .properties.find((p: AdminProperty) => p.id === id);

const accraCentre = { latitude: 5.6037, longitude: -0.187 };
// A pin in Osu whose digits no public point could share by chance.
const pin = { latitude: 5.5571234, longitude: -0.1829876 };

const form = {
  title: 'Two rooms in Osu',
  description: 'Near the market.',
  propertyType: 'apartment',
  category: 'general',
  address: 'Osu',
  streetAddress: '4 Market Road',
  city: 'Accra',
  country: 'Ghana',
  pricePerNight: 3000,
  currency: 'GH₵',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi'],
  images: [],
  ghanaPostGps: 'GA-183-8164',
};

describe('the approval queue’s place (issue 51)', () => {
  it('gives a new listing’s exact pin, the public circle, the code and the city’s centre', async () => {
    const id = await createListing(database.db, owner.userId, {
      title: 'New in Osu',
      isVerified: false,
      ghanaPostGps: 'GA-183-8164',
      ...pin,
    });
    const listing = await inQueue(id);
    const place = listing!.place;
    expect(place.pin).toEqual(pin);
    expect(place.previousPin).toBeNull();
    expect(place.ghanaPostGps).toBe('GA-183-8164');
    expect(place.cityCentre).toEqual(accraCentre);
    expect(place.cityCentreMeters).toBe(Math.round(distanceMeters(pin, accraCentre)));
    // The circle renters see: around the public point, 50 to 300 m from the pin.
    expect(place.publicArea.radiusMeters).toBe(300);
    const blur = distanceMeters(pin, place.publicArea);
    expect(blur).toBeGreaterThanOrEqual(50);
    expect(blur).toBeLessThanOrEqual(300);

    // The listing's public answer (once live) carries the public point alone, never the pin.
    await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie);
    for (const cookie of [undefined, renter.cookie]) {
      const seen = await call('GET', `/api/properties/${id}`, cookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().place).toBeUndefined();
      expect(seen.json().location).toEqual({
        latitude: place.publicArea.latitude,
        longitude: place.publicArea.longitude,
        approximate: true,
        radiusMeters: 300,
      });
      expect(seen.body).not.toContain(String(pin.latitude));
      expect(seen.body).not.toContain(String(pin.longitude));
    }
  });

  it('gives the old and the new point of a pin moved more than 1 km, and its circle stays until approved', async () => {
    const id = await createListing(database.db, owner.userId, {
      title: form.title,
      description: form.description,
      address: form.address,
      streetAddress: form.streetAddress,
      ghanaPostGps: form.ghanaPostGps,
      ...pin,
    });
    // Moved to East Legon, about 9 km north-east, and to a new code.
    const moved = { latitude: 5.635, longitude: -0.16 };
    const edit = await call('PUT', `/api/properties/${id}`, owner.cookie, {
      ...form,
      ghanaPostGps: 'GA-416-2020',
      ...moved,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await call('GET', `/api/properties/${id}`);
    const publicPoint = before.json().location;

    const place = (await inQueue(id))!.place;
    expect(place.previousPin).toEqual(pin);
    expect(place.pin).toEqual(moved);
    expect(place.publicArea).toEqual({
      latitude: publicPoint.latitude,
      longitude: publicPoint.longitude,
      radiusMeters: 300,
    });
    expect(place.ghanaPostGps).toBe('GA-416-2020');
    expect(place.cityCentreMeters).toBe(Math.round(distanceMeters(moved, accraCentre)));

    // Approved: the pin is the new one, and the renters' circle moved with it.
    await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie);
    const after = (await call('GET', `/api/properties/${id}`)).json().location;
    expect(distanceMeters(moved, after)).toBeLessThanOrEqual(300);
  });

  it('is the administrators’ alone: the queue answers 401 to visitors and 403 to renters and owners', async () => {
    const url = '/api/admin/properties?status=pending';
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, renter.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, owner.cookie)).statusCode).toBe(403);
  });
});
