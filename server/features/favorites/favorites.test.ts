import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { favorites, properties } from '../listings/service';

const { app, database } = await createTestApp();
const db = database.db;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {} });

let host: string;
let listingA: string;
let listingB: string;
beforeAll(async () => {
  host = (await signUp(app, { userType: 'owner' })).userId;
  listingA = await createListing(db, host, { title: 'A' });
  listingB = await createListing(db, host, { title: 'B' });
});

describe('favourites', () => {
  it('are for signed-in users only (401)', async () => {
    expect((await call('GET', '/api/favorites')).statusCode).toBe(401);
    expect((await call('POST', `/api/favorites/${listingA}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/favorites/${listingA}`)).statusCode).toBe(401);
  });

  it('are saved once however often they are added, listed newest first, per user', async () => {
    const renter = await signUp(app);
    const other = await signUp(app);
    expect((await call('POST', `/api/favorites/${listingA}`, renter.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/favorites/${listingA}`, renter.cookie)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call('POST', `/api/favorites/${listingB}`, renter.cookie)).statusCode).toBe(200);

    const list = await call('GET', '/api/favorites', renter.cookie);
    expect(list.json().map((p: { title: string }) => p.title)).toEqual(['B', 'A']);
    expect(list.json().every((p: { isFavorite: boolean }) => p.isFavorite)).toBe(true);
    expect((await call('GET', '/api/favorites', other.cookie)).json()).toEqual([]);

    const search = await call('GET', '/api/properties/search', renter.cookie);
    const flags = Object.fromEntries(
      search
        .json()
        .properties.map((p: { title: string; isFavorite: boolean }) => [p.title, p.isFavorite]),
    );
    expect(flags).toMatchObject({ A: true, B: true });
    const visitorSearch = await call('GET', '/api/properties/search');
    expect(visitorSearch.json().properties.some((p: { isFavorite: boolean }) => p.isFavorite)).toBe(
      false,
    );
  });

  it('are removed idempotently', async () => {
    const renter = await signUp(app);
    await call('POST', `/api/favorites/${listingA}`, renter.cookie);
    expect((await call('DELETE', `/api/favorites/${listingA}`, renter.cookie)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/favorites/${listingA}`, renter.cookie)).statusCode).toBe(
      200,
    );
    // A malformed id is no listing at all: 404, as on every route (server/lib/ids.ts).
    const malformed = await call('DELETE', '/api/favorites/not-an-id', renter.cookie);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'listing_not_found' });
    expect((await call('GET', '/api/favorites', renter.cookie)).json()).toEqual([]);
  });

  it('cannot save a listing the user cannot see (404), nor an unknown one', async () => {
    const renter = await signUp(app);
    const pending = await createListing(db, host, { isVerified: false });
    expect((await call('POST', `/api/favorites/${pending}`, renter.cookie)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/favorites/00000000-0000-4000-8000-000000000000', renter.cookie))
        .statusCode,
    ).toBe(404);
  });

  describe('a saved listing that stops being live stays, with its state and no more', () => {
    const photo = (key: string) => ({ key, width: 1200, height: 900, widths: [400, 800, 1200] });
    const snapshot = {
      title: 'Approved title',
      description: 'Approved words',
      price: 3000,
      currency: 'GH₵' as const,
      pricingPeriod: 'month' as const,
      city: 'Kumasi',
      address: '1 Approved Road',
      country: 'Ghana',
      advanceMonths: 0,
      depositAmount: 0,
      agentFeeKind: 'none' as const,
      agentFeeValue: 0,
      agentFeePayer: 'tenant' as const,
      photoKeys: ['approvedphoto'],
      approvedAt: '2026-11-01T00:00:00.000Z',
    };

    it.each([
      ['rented', { isActive: false, rentedAt: new Date() }, 'rented'],
      ['expired', { isActive: false, expiredAt: new Date() }, 'unavailable'],
      [
        'hidden by an administrator',
        { isActive: false, hiddenByAdminAt: new Date(), hiddenReason: 'Scam suspected' },
        'unavailable',
      ],
      ['hidden for reports', { isActive: false, hiddenForReportsAt: new Date() }, 'unavailable'],
      ['waiting for a review of an edit', { isVerified: false }, 'unavailable'],
    ] as const)('%s: %s', async (_state, change, availability) => {
      const renter = await signUp(app);
      const listing = await createListing(db, host, {
        title: 'Approved title',
        city: 'Kumasi',
        photos: [photo('approvedphoto')],
        approvedSnapshot: snapshot,
      });
      await call('POST', `/api/favorites/${listing}`, renter.cookie);
      // The owner edits it (a new title and photo, not approved yet), then it stops being live.
      await db
        .update(properties)
        .set({
          title: 'Edited title',
          description: 'Edited words',
          photos: [photo('editedphoto'), photo('approvedphoto')],
          ...change,
        })
        .where(eq(properties.id, listing));
      const response = await call('GET', '/api/favorites', renter.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          id: listing,
          title: 'Approved title',
          image: '/files/approvedphoto-800.webp',
          city: 'Kumasi',
          availability,
        },
      ]);
      expect(response.body).not.toMatch(/Edited|Scam|Approved Road|editedphoto/);
    });

    it('a live one is whole and available; a deleted one vanishes', async () => {
      const renter = await signUp(app);
      const listing = await createListing(db, host, { title: 'Live one' });
      await call('POST', `/api/favorites/${listing}`, renter.cookie);
      const [live] = (await call('GET', '/api/favorites', renter.cookie)).json();
      expect(live).toMatchObject({ id: listing, title: 'Live one', availability: 'available' });
      expect(live).toHaveProperty('description');
      await db.delete(properties).where(eq(properties.id, listing));
      expect(await db.select().from(favorites).where(eq(favorites.propertyId, listing))).toEqual(
        [],
      );
      expect((await call('GET', '/api/favorites', renter.cookie)).json()).toEqual([]);
    });
  });
});
