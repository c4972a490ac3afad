import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';

const { app, database } = await createTestApp();

const get = (id: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: cookie ? { cookie } : {} });

let owner: { cookie: string; userId: string };
let stranger: { cookie: string };
let admin: { cookie: string };
const ids = { live: '', pending: '', hidden: '' };

beforeAll(async () => {
  owner = await signUp(app, { userType: 'agent', businessName: 'Keys Ltd' });
  stranger = await signUp(app);
  const adminAccount = await signUp(app);
  await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, adminAccount.userId));
  admin = adminAccount;
  ids.live = await createListing(database.db, owner.userId, {
    title: 'Live flat',
    price: 1250.5,
    currency: '$',
    pricingPeriod: 'week',
    amenities: ['wifi', 'pool'],
    averageRating: 4.5,
    reviewCount: 12,
    photos: [{ key: 'pabc', width: 1200, height: 800, widths: [400, 800, 1200] }],
  });
  ids.pending = await createListing(database.db, owner.userId, { isVerified: false });
  ids.hidden = await createListing(database.db, owner.userId, { isActive: false });
});

describe('GET /api/properties/:id', () => {
  it('shows a live listing to everybody, in the shape of the spec with both spellings', async () => {
    const response = await get(ids.live);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.live,
      title: 'Live flat',
      price: 1250.5,
      pricePerNight: 1250.5,
      currency: '$',
      pricingPeriod: 'week',
      amenities: ['wifi', 'pool'],
      averageRating: 4.5,
      rating: 4.5,
      isVerified: true,
      verified: true,
      isActive: true,
      locationText: 'Accra, Ghana',
      location: {
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        approximate: true,
        radiusMeters: 300,
      },
      isOwn: false,
      ownerUserType: 'agent',
      isFavorite: false,
      images: ['/files/pabc-800.webp'],
      image: '/files/pabc-800.webp',
      photos: [{ key: 'pabc', width: 1200, height: 800, widths: [400, 800, 1200] }],
    });
  });

  it('never says who owns a listing; a signed-in reader learns only whether it is their own', async () => {
    const answers = {
      visitor: [
        (await get(ids.live)).json(),
        (await app.inject({ method: 'GET', url: '/api/properties/search?limit=50' })).json()
          .properties,
        (await app.inject({ method: 'GET', url: '/api/properties/featured' })).json(),
      ],
    };
    expect(JSON.stringify(answers)).not.toContain(owner.userId);
    expect(JSON.stringify(answers)).not.toContain('ownerId');
    for (const [who, cookie, own] of [
      ['owner', owner.cookie, true],
      ['stranger', stranger.cookie, false],
    ] as const) {
      const detail = (await get(ids.live, cookie)).json();
      expect(detail.isOwn, who).toBe(own);
      const found = (
        await app.inject({
          method: 'GET',
          url: '/api/properties/search?limit=50',
          headers: { cookie },
        })
      )
        .json()
        .properties.find((p: { id: string }) => p.id === ids.live);
      expect(found.isOwn, who).toBe(own);
      expect(JSON.stringify(detail)).not.toContain(owner.userId);
    }
  });

  it.each(['pending', 'hidden'] as const)(
    'hides a %s listing from visitors and other users (404) but shows it to its owner and admins',
    async (status) => {
      expect((await get(ids[status])).statusCode).toBe(404);
      expect((await get(ids[status], stranger.cookie)).statusCode).toBe(404);
      expect((await get(ids[status], owner.cookie)).statusCode).toBe(200);
      expect((await get(ids[status], admin.cookie)).statusCode).toBe(200);
    },
  );

  it('answers 404 with the error shape for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '123']) {
      const response = await get(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Property not found', code: 'listing_not_found' });
    }
    // Fastify refuses path parameters over 100 characters before routing: 414, same shape.
    const long = await get('x'.repeat(101));
    expect(long.statusCode).toBe(414);
    expect(long.json()).toHaveProperty('message');
  });
});
