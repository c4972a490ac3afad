import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ListingInput } from '#common/listings';
import type { Database } from '../db/client';
import { imageFile, uploadImages } from './uploads';
import { properties } from '../features/listings/service';

/** A signed-in caller of the API: the session cookie and the account's id. */
export type Caller = { cookie: string; userId: string };

/** What the tests of owners' listings do again and again, on one app. */
export function ownerListingHelpers(app: FastifyInstance, db: Database) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: Caller,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const validListing = (overrides: Partial<ListingInput> = {}): ListingInput => ({
    title: 'Sunny two-bedroom in Osu',
    description: 'Quiet street, ten minutes from Oxford Street.',
    propertyType: 'apartment',
    category: 'general',
    address: '',
    country: 'Ghana',
    city: 'Accra',
    pricePerNight: 'GH₵ 2,500.50',
    pricingPeriod: 'month',
    bedrooms: 2,
    bathrooms: 1,
    amenities: ['wifi', 'parking'],
    images: [],
    ...overrides,
  });

  /** The edit form's body: an address is required when editing (spec 5). */
  const validEdit = (overrides: Partial<ListingInput> = {}): ListingInput =>
    validListing({ address: '12 Oxford Street, Osu', ...overrides });

  async function upload(who: Caller, count = 1): Promise<string[]> {
    const png = await imageFile('png', { width: 500, height: 400 });
    const response = await uploadImages(
      app,
      who.cookie,
      Array.from({ length: count }, () => ({ filename: 'a.png', type: 'image/png', data: png })),
    );
    expect(response.statusCode).toBe(201);
    return response.json().images;
  }

  async function create(who: Caller, overrides: Partial<ListingInput> = {}): Promise<string> {
    const response = await call('POST', '/api/properties', who, validListing(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  /** What an administrator's approval does (issue 6 adds its endpoint). */
  async function approve(id: string) {
    await db.update(properties).set({ isVerified: true }).where(eq(properties.id, id));
    await app.listingSearch.changed([id]);
  }

  const searchTitles = async (location: string) =>
    (await call('GET', `/api/properties/search?location=${encodeURIComponent(location)}`))
      .json()
      .properties.map((p: { title: string }) => p.title);

  return { call, validListing, validEdit, upload, create, approve, searchTitles };
}
