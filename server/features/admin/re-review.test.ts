import { describe, expect, it } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';

// An approved listing whose promises change goes back for approval, and the approval screen
// shows what changed since the last approval (issue 19).
const testApp = await createTestApp();
const { app, database } = testApp;
const admin = await signUpAdmin(testApp);
const owner = await signUp(testApp.app, { userType: 'owner' });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const inQueue = async (id: string): Promise<AdminProperty | undefined> =>
  (await call('GET', '/api/admin/properties?status=pending&limit=100', admin.cookie))
    .json()
    .properties.find((p: AdminProperty) => p.id === id);
const adminView = async (id: string): Promise<AdminProperty | undefined> =>
  (await call('GET', '/api/admin/properties?limit=100', admin.cookie))
    .json()
    .properties.find((p: AdminProperty) => p.id === id);

const listing = {
  title: 'Two rooms in Osu',
  description: 'Near the market.',
  propertyType: 'apartment',
  category: 'general',
  address: '4 Market Road, Osu',
  city: 'Accra',
  country: 'Ghana',
  pricePerNight: 3000,
  currency: 'GH₵',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi'],
  images: [],
};

/** The same listing as database columns. */
const approvedColumns = {
  title: listing.title,
  description: listing.description,
  address: listing.address,
  city: listing.city,
  country: listing.country,
  price: listing.pricePerNight,
};

describe('re-review of an approved listing', () => {
  it('shows the approval screen each changed field before → after; approving records the new state', async () => {
    const id = await createListing(database.db, owner.userId, {
      ...approvedColumns,
      isVerified: false,
    });
    // Never approved: nothing to compare with.
    expect((await inQueue(id))?.changesSinceApproval).toBeNull();
    expect(
      (await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie)).statusCode,
    ).toBe(200);
    expect((await adminView(id))?.changesSinceApproval).toMatchObject({
      fields: [],
      photosAdded: [],
      photosRemoved: [],
    });

    const edit = await call('PUT', `/api/properties/${id}`, owner.cookie, {
      ...listing,
      title: 'Two rooms in Osu, viewing fee GH₵200',
      pricePerNight: 4500,
      bedrooms: 3,
    });
    expect(edit.json().status).toBe('pending');
    const queued = await inQueue(id);
    expect(queued?.changesSinceApproval?.approvedAt).toEqual(expect.any(String));
    expect(queued?.changesSinceApproval?.fields).toEqual([
      { field: 'title', before: 'Two rooms in Osu', after: 'Two rooms in Osu, viewing fee GH₵200' },
      { field: 'price', before: 3000, after: 4500 },
    ]);

    await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie);
    expect((await adminView(id))?.changesSinceApproval?.fields).toEqual([]);
    // Rooms are not a reviewed field: changing them again keeps it live.
    const rooms = await call('PUT', `/api/properties/${id}`, owner.cookie, {
      ...listing,
      title: 'Two rooms in Osu, viewing fee GH₵200',
      pricePerNight: 4500,
      bedrooms: 2,
      isActive: true,
    });
    expect(rooms.json().status).toBe('live');
  });

  it('a rejection keeps the last approved state to compare with', async () => {
    const id = await createListing(database.db, owner.userId, {
      ...approvedColumns,
      isVerified: false,
    });
    await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie);
    await call('PUT', `/api/properties/${id}`, owner.cookie, {
      ...listing,
      country: 'Jamaica',
      city: 'Kingston',
      currency: '$',
    });
    await call('POST', `/api/admin/properties/${id}/reject`, admin.cookie, {
      reason: 'Which city?',
    });
    const fields = (await adminView(id))?.changesSinceApproval?.fields.map((f) => f.field);
    expect(fields).toEqual(['currency', 'city', 'country']);
  });
});
