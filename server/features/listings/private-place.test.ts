import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';

/**
 * A place's address is as private as its pin (issue 50): every public answer and page of a
 * listing (search, its JSON, the map's box search, featured, its reviews, its lister's page,
 * the sitemap, its page's head with JSON-LD and share card, the OpenAPI document) is read, as
 * a visitor and as a signed-in renter, and none holds its street address, its GhanaPost GPS
 * code or its pin. Its owner reads all three.
 */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-private-place-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Abode</title></head>' +
    '<body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const { app, database } = await createTestApp(
  { publicUrl: 'https://abode.example' },
  { webRoot, pageRenderer: null },
);
const db = database.db;

const street = 'House 77, Zebra Crescent';
const code = 'GA-555-0199';
// A pin whose digits no public point could share by chance.
const pin = { latitude: 5.6071234, longitude: -0.1879876 };
const secrets = [street, 'Zebra', code, '555-0199', String(pin.latitude), String(pin.longitude)];

const owner = await signUp(app, { userType: 'owner', firstName: 'Kofi' });
const renter = await signUp(app, { firstName: 'Ama' });
await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
const id = await createListing(db, owner.userId, {
  title: 'Chamber and hall in Adenta',
  address: 'Adenta Housing Down, Adenta',
  streetAddress: street,
  ghanaPostGps: code,
  ...pin,
  isFeatured: true,
  featuredOrder: 1,
});
const [lister] = await db
  .select({ handle: users.handle })
  .from(users)
  .where(eq(users.id, owner.userId));

const box = `${pin.longitude - 0.05},${pin.latitude - 0.05},${pin.longitude + 0.05},${pin.latitude + 0.05}`;
const publicReads = [
  '/api/properties/search?location=Adenta',
  '/api/properties/search?limit=50',
  `/api/properties/search?bbox=${box}`,
  `/api/properties/search?near=${pin.latitude},${pin.longitude}`,
  '/api/properties/featured',
  `/api/properties/${id}`,
  `/api/properties/${id}/reviews`,
  `/api/listers/${lister!.handle}`,
  '/sitemap.xml',
  `/property/${id}`,
  `/listers/${lister!.handle}`,
  '/api/docs',
];

describe('a listing’s street address, code and pin (issue 50)', () => {
  it.each([
    ['a visitor', undefined],
    ['a signed-in renter', renter.cookie],
  ])('appear in no public answer or page, for %s', async (_who, cookie) => {
    for (const url of publicReads) {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: {
          accept: url.startsWith('/api/') ? 'application/json' : 'text/html',
          ...(cookie ? { cookie } : {}),
        },
      });
      expect(answer.statusCode, url).toBeLessThan(300);
      for (const secret of secrets)
        expect(answer.body, `${url} holds ${secret}`).not.toContain(secret);
    }
  });

  it('the listing’s public answers give its area line, and JSON-LD its locality and region only', async () => {
    const detail = (await app.inject({ method: 'GET', url: `/api/properties/${id}` })).json();
    expect(detail.address).toBe('Adenta Housing Down, Adenta');
    expect(detail.streetAddress).toBeUndefined();
    expect(detail.ghanaPostGps ?? null).toBeNull();
    const page = await app.inject({
      method: 'GET',
      url: `/property/${id}`,
      headers: { accept: 'text/html' },
    });
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(ld).toBeDefined();
    expect(ld).toContain('"addressLocality":"Accra"');
    expect(ld).toContain('"addressRegion":"Greater Accra"');
    expect(ld).not.toContain('streetAddress');
  });

  it('its owner reads all three', async () => {
    const mine = (
      await app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: { cookie: owner.cookie },
      })
    ).json();
    expect(mine.streetAddress).toBe(street);
    expect(mine.ghanaPostGps).toBe(code);
    expect(mine.location).toMatchObject({ ...pin, approximate: false });
  });
});
