import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { photoDefaultUrl, type Photo } from '#common/images';
import type { ListingInput } from '#common/listings';
import { MAX_LISTING_IMAGES } from '#common/plans';
import { photoUploads } from '../uploads/service';
import { createTestApp, signUp } from '../../testing/test-app';

/**
 * The plan a user picks is recorded (the purchase stays simulated) and sets how many photos a
 * listing may carry: Basic 10, Premium 25, Featured unlimited (100), no plan Basic (issue 15).
 */
const { app, database } = await createTestApp();
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;

const choose = (who: Account | undefined, plan: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/account/plan',
    headers: who ? { cookie: who.cookie } : {},
    payload: { plan },
  });

/**
 * `count` uploads of the owner, as the upload route records them (no files: listing saves
 * only read the records), answered as the URLs a listing form sends.
 */
async function uploads(owner: Account, count: number): Promise<string[]> {
  const photos: Photo[] = Array.from({ length: count }, () => ({
    key: `p${randomBytes(8).toString('hex')}`,
    width: 800,
    height: 600,
    widths: [400, 800],
  }));
  await db
    .insert(photoUploads)
    .values(photos.map((photo) => ({ key: photo.key, ownerId: owner.userId, photo })));
  return photos.map((photo) => photoDefaultUrl(photo));
}

const listing = (images: string[]): ListingInput => ({
  title: 'Three-bedroom house in East Legon',
  description: 'Walled compound, borehole, quiet street.',
  propertyType: 'house',
  category: 'general',
  address: '7 Lagos Avenue',
  country: 'Ghana',
  city: 'Accra',
  pricePerNight: 9000,
  pricingPeriod: 'month',
  bedrooms: 3,
  bathrooms: 2,
  amenities: [],
  images,
});

async function list(owner: Account, count: number) {
  return app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { cookie: owner.cookie },
    payload: listing(await uploads(owner, count)),
  });
}

describe('PUT /api/account/plan', () => {
  it('records the plan on the account; the current user carries it', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const me = () =>
      app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect((await me()).json().plan).toBeNull();
    const chosen = await choose(owner, 'premium');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().user.plan).toBe('premium');
    expect((await me()).json().plan).toBe('premium');
  });

  it('refuses visitors (401) and plans that do not exist (400)', async () => {
    expect((await choose(undefined, 'basic')).statusCode).toBe(401);
    const owner = await signUp(app);
    const unknown = await choose(owner, 'platinum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('plan');
  });
});

describe('photos per listing follow the plan', () => {
  it('without a plan, Basic: 10 photos list, 11 are refused naming the limit', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    expect((await list(owner, 10)).statusCode).toBe(201);
    const refused = await list(owner, 11);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Your plan allows at most 10 photos per listing');
    expect(refused.json().fields.images).toMatch(/10 photos/);
  });

  it('Premium allows 25, and refused photos stay the owner’s uploads for another try', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    await choose(owner, 'premium');
    expect((await list(owner, 25)).statusCode).toBe(201);
    const images = await uploads(owner, 26);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { cookie: owner.cookie },
      payload: listing(images),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/at most 25 photos/);
    const retry = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { cookie: owner.cookie },
      payload: listing(images.slice(0, 25)),
    });
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it('Featured allows up to the technical ceiling of 100', async () => {
    const owner = await signUp(app, { userType: 'agent', businessName: 'Keys Ltd' });
    await choose(owner, 'featured');
    expect((await list(owner, MAX_LISTING_IMAGES)).statusCode).toBe(201);
    expect((await list(owner, MAX_LISTING_IMAGES + 1)).statusCode).toBe(400);
  });

  it('an edit cannot add photos past the plan; a listing kept from a larger plan can still be edited', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    await choose(owner, 'premium');
    const created = await list(owner, 20);
    const id = created.json().id as string;
    const own = (
      await app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: { cookie: owner.cookie },
      })
    ).json();
    await choose(owner, 'basic');
    const edit = (images: string[]) =>
      app.inject({
        method: 'PUT',
        url: `/api/properties/${id}`,
        headers: { cookie: owner.cookie },
        payload: { ...listing(images), title: 'Three-bedroom house, repainted' },
      });
    // The same 20 photos: allowed, nothing grows.
    expect((await edit(own.images)).statusCode).toBe(200);
    // One more: refused at Basic's 10.
    const grown = await edit([...own.images, ...(await uploads(owner, 1))]);
    expect(grown.statusCode).toBe(400);
    expect(grown.json().message).toMatch(/at most 10 photos/);
    // Fewer: fine.
    expect((await edit(own.images.slice(0, 12))).statusCode).toBe(200);
  });
});
