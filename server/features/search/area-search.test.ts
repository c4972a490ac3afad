import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '#common/geo';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';

/**
 * Search by area and by distance (issue 39), through the API: what a map and "Near a place"
 * send, what they get back, and what they are refused.
 */
const { app, database } = await createTestApp();
const db = database.db;

const search = (query: string) =>
  app.inject({ method: 'GET', url: `/api/properties/search?${query}` });

// Three places in Accra: Legon (the university), Osu, and the airport; one in Kumasi.
const pins = {
  legon: { latitude: 5.6505, longitude: -0.1869 },
  osu: { latitude: 5.556, longitude: -0.182 },
  airport: { latitude: 5.6052, longitude: -0.1668 },
  kumasi: { latitude: 6.6885, longitude: -1.6244, city: 'Kumasi' },
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { userId } = await signUp(app, { userType: 'owner' });
  for (const [name, pin] of Object.entries(pins)) {
    ids[name] = await createListing(db, userId, { title: `Area test ${name}`, ...pin });
  }
  await app.listingSearch.changed(Object.values(ids));
});

type Card = { id: string; location: { latitude: number; longitude: number }; distanceKm?: number };
const cards = async (query: string): Promise<{ properties: Card[]; total: number }> => {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('bbox', () => {
  it('finds the listings whose public point is in the box, with the count, combined with other filters', async () => {
    const accra = await cards('location=Area%20test&bbox=-0.25,5.5,-0.1,5.7');
    expect(accra.properties.map((p) => p.id).sort()).toEqual(
      [ids.legon, ids.osu, ids.airport].sort(),
    );
    expect(accra.total).toBe(3);
    const north = await cards('location=Area%20test&bbox=-0.25,5.63,-0.1,5.7&bedrooms=1');
    expect(north.properties.map((p) => p.id)).toEqual([ids.legon]);
  });

  it('matches the public point, never the exact one', async () => {
    const legon = (await cards(`location=Area%20test%20legon`)).properties[0]!;
    const around = (point: { latitude: number; longitude: number }, metres: number) => {
      const d = metres / 111_320;
      return [point.longitude - d, point.latitude - d, point.longitude + d, point.latitude + d]
        .map((n) => n.toFixed(6))
        .join(',');
    };
    // 20 m around the pin: the public point is at least 50 m away.
    expect((await cards(`bbox=${around(pins.legon, 20)}`)).total).toBe(0);
    expect((await cards(`bbox=${around(legon.location, 5)}`)).properties[0]!.id).toBe(ids.legon);
  });

  it.each([
    ['three numbers', '-0.25,5.5,-0.1'],
    ['words', 'accra'],
    ['an inverted box', '-0.1,5.5,-0.25,5.7'],
    ['latitudes upside down', '-0.25,5.7,-0.1,5.5'],
    ['off the globe', '-0.25,5.5,-0.1,95'],
    ['an empty number', '-0.25,,-0.1,5.7'],
  ])('is refused as %s (400 naming bbox)', async (_, bbox) => {
    const response = await search(`bbox=${encodeURIComponent(bbox)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldCodes).toEqual({ bbox: 'invalidValue' });
  });
});

describe('near', () => {
  it('sorts by distance from the place, each result with distanceKm from its public point', async () => {
    const { properties } = await cards(
      `location=Area%20test&near=${pins.legon.longitude},${pins.legon.latitude}`,
    );
    expect(properties.map((p) => p.id)).toEqual([ids.legon, ids.airport, ids.osu, ids.kumasi]);
    for (const p of properties) {
      const km = distanceMeters(pins.legon, p.location) / 1000;
      expect(p.distanceKm).toBe(Math.round(km * 10) / 10);
    }
    expect(properties[3]!.distanceKm).toBeGreaterThan(190);
  });

  it('keeps another order asked for, still with distances; signed-in readers get them too', async () => {
    const reader = await signUp(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/properties/search?location=Area%20test&near=-0.18,5.55&sort=newest`,
      headers: { cookie: reader.cookie },
    });
    const { properties } = response.json();
    expect(properties.map((p: Card) => p.id)).toEqual(
      [ids.kumasi, ids.airport, ids.osu, ids.legon].map(String),
    );
    expect(properties.every((p: Card) => typeof p.distanceKm === 'number')).toBe(true);
  });

  it('refuses sort=distance without a place, and a place that is not one', async () => {
    const without = await search('sort=distance');
    expect(without.statusCode).toBe(400);
    expect(without.json().fieldCodes).toEqual({ near: 'required' });
    const bad = await search('near=5.6');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldCodes).toEqual({ near: 'invalidValue' });
  });
});
