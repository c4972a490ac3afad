import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distanceMeters } from '#common/geo';
import { cityOf } from '#common/locations';
import { cspDirectives } from '../../testing/markup';
import { createTestApp } from '../../testing/test-app';

/**
 * Maps (issue 39): where the tiles come from as configured, the Content-Security-Policy that
 * allows exactly that host, the PMTiles basemap served in ranges, and the landmarks.
 */
const { app, config } = await createTestApp();

const csp = async (on = app) =>
  cspDirectives(
    String(
      (await on.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    ),
  );

describe('GET /api/map', () => {
  it('answers the default style, OpenFreeMap, and the CSP allows its host and no other', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/map' });
    expect(response.json()).toEqual({
      styleUrl: config.map.styleUrl,
      pmtilesUrl: null,
      attribution: expect.stringContaining('OpenStreetMap'),
    });
    expect(config.map.styleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    const directives = await csp();
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://tiles.openfreemap.org']);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
  });

  it('follows MAP_STYLE_URL, host and all', async () => {
    const other = await createTestApp({
      map: { styleUrl: 'https://maps.example.org/styles/abode.json', pmtiles: undefined },
    });
    expect((await other.app.inject({ method: 'GET', url: '/api/map' })).json().styleUrl).toBe(
      'https://maps.example.org/styles/abode.json',
    );
    expect((await csp(other.app)).get('connect-src')).toEqual([
      "'self'",
      'https://maps.example.org',
    ]);
    await other.app.close();
  });

  it('serves MAP_PMTILES itself, in ranges, and then needs no other host', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-pmtiles-'));
    const file = path.join(folder, 'ghana.pmtiles');
    const archive = Buffer.from('PMTiles\u0003 and the rest of an archive');
    fs.writeFileSync(file, archive);
    fs.writeFileSync(path.join(folder, 'secret.txt'), 'not for the web');
    const own = await createTestApp({ map: { styleUrl: config.map.styleUrl, pmtiles: file } });
    const source = (await own.app.inject({ method: 'GET', url: '/api/map' })).json();
    expect(source).toMatchObject({ styleUrl: null, pmtilesUrl: '/map/ghana.pmtiles' });
    const part = await own.app.inject({
      method: 'GET',
      url: '/map/ghana.pmtiles',
      headers: { range: 'bytes=0-6' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('PMTiles');
    expect(part.headers['content-range']).toBe(`bytes 0-6/${archive.length}`);
    expect((await own.app.inject({ method: 'GET', url: '/map/secret.txt' })).statusCode).toBe(404);
    expect((await csp(own.app)).get('connect-src')).toEqual(["'self'"]);
    await own.app.close();
  });
});

describe('GET /api/places', () => {
  it.each([
    ['Accra', 'Ghana', 10],
    ['Kumasi', 'Ghana', 5],
  ])(
    'names at least %s’s landmarks, each within 25 km of the city’s centre',
    async (city, country, least) => {
      const response = await app.inject({ method: 'GET', url: `/api/places?city=${city}` });
      expect(response.statusCode).toBe(200);
      const { places } = response.json();
      expect(places.length).toBeGreaterThanOrEqual(least as number);
      const centre = cityOf(country as string, city as string)!;
      for (const place of places) {
        expect(place.name).toEqual(expect.any(String));
        expect(distanceMeters(place, centre), place.name).toBeLessThan(25_000);
      }
      expect(places.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(city === 'Accra' ? ['University of Ghana, Legon'] : ['KNUST']),
      );
      expect(new Set(places.map((p: { kind: string }) => p.kind)).size).toBeGreaterThanOrEqual(3);
    },
  );

  it('answers none for a city without a list, and 400 without a city', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/places?city=Negril' })).json()).toEqual({
      places: [],
    });
    const missing = await app.inject({ method: 'GET', url: '/api/places' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldCodes).toEqual({ city: 'required' });
  });
});
