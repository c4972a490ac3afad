import { describe, expect, it } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { createListing } from '../../testing/builders';
import { createTestApp, lastNotificationTo, signUp, signUpAdmin } from '../../testing/test-app';

// An approved listing whose promises change waits for approval, live as approved meanwhile
// (issue 34), and the approval screen shows what would change (issue 19).
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

const visitorView = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/api/properties/${id}` })).json();

describe('re-review of an approved listing', () => {
  it('shows the approval screen each waiting change before → after; approving applies it', async () => {
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
    expect(await inQueue(id)).toBeUndefined();

    const edit = await call('PUT', `/api/properties/${id}`, owner.cookie, {
      ...listing,
      title: 'Two rooms in Osu, viewing fee GH₵200',
      pricePerNight: 4500,
      bedrooms: 3,
    });
    // Still live as approved (issue 34); rooms are not reviewed and apply at once.
    expect(edit.json().status).toBe('live');
    expect(await visitorView(id)).toMatchObject({ title: listing.title, price: 3000, bedrooms: 3 });
    const queued = await inQueue(id);
    expect(queued?.changesSinceApproval?.approvedAt).toEqual(expect.any(String));
    expect(queued?.changesSinceApproval?.fields).toEqual([
      { field: 'title', before: 'Two rooms in Osu', after: 'Two rooms in Osu, viewing fee GH₵200' },
      { field: 'price', before: 3000, after: 4500 },
    ]);
    expect(queued?.pendingChanges?.fields).toEqual(['title', 'price']);

    await call('POST', `/api/admin/properties/${id}/approve`, admin.cookie);
    expect((await adminView(id))?.changesSinceApproval?.fields).toEqual([]);
    expect((await adminView(id))?.pendingChanges).toBeNull();
    expect(await visitorView(id)).toMatchObject({
      title: 'Two rooms in Osu, viewing fee GH₵200',
      price: 4500,
    });
    const rooms = await call('PUT', `/api/properties/${id}`, owner.cookie, {
      ...listing,
      title: 'Two rooms in Osu, viewing fee GH₵200',
      pricePerNight: 4500,
      bedrooms: 2,
      isActive: true,
    });
    expect(rooms.json()).toMatchObject({ status: 'live', pendingChanges: null });
  });

  it('a rejection drops the waiting change and keeps the approved listing live', async () => {
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
    const fields = (await inQueue(id))?.changesSinceApproval?.fields.map((f) => f.field);
    // Sent without a pin, the listing's pin follows it to Kingston's centre (issue 39).
    expect(fields).toEqual(['currency', 'city', 'country', 'latitude', 'longitude']);
    const rejected = await call('POST', `/api/admin/properties/${id}/reject`, admin.cookie, {
      reason: 'Which city?',
    });
    expect(rejected.json()).toEqual({ id, status: 'live' });
    expect(await inQueue(id)).toBeUndefined();
    expect((await adminView(id))?.pendingChanges).toBeNull();
    expect(await visitorView(id)).toMatchObject({ city: 'Accra', country: 'Ghana' });
    const told = await lastNotificationTo(database.db, owner.body.email!);
    expect(told?.subject).toBe('Your changes were not approved');
    expect(told?.textBody).toContain('Which city?');
    expect(told?.textBody).toContain('Renters still see the listing as it was approved.');
  });

  it('shows before → after for a listing approved before approvals were recorded', async () => {
    // The demo data and listings approved before issue 19: approved, with no recorded state.
    const id = await createListing(database.db, owner.userId, approvedColumns);
    await call('PUT', `/api/properties/${id}`, owner.cookie, { ...listing, pricePerNight: 2500 });
    expect((await inQueue(id))?.changesSinceApproval).toEqual({
      approvedAt: null,
      fields: [{ field: 'price', before: 3000, after: 2500 }],
      photosAdded: [],
      photosRemoved: [],
    });
  });
});
