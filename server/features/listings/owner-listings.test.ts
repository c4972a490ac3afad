import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoKeyFromUrl } from '#common/images';
import { MAX_LISTING_IMAGES, type ListingInput } from '#common/listings';
import { validationMessages } from '#common/messages';
import { users } from '../../db/schema';
import { ownerListingHelpers, type Caller } from '../../testing/owner-listings';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { storedFiles, verifyContact } from '../../testing/uploads';
import { favorites } from './schema';

const { app, database, filesDir } = await createTestApp();
const db = database.db;

let owner: Caller;
let otherOwner: Caller;
let renter: Caller;
let admin: Caller;

beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  otherOwner = await signUp(app, { userType: 'agent', businessName: 'Keys Ltd' });
  // Listers whose e-mail a code verified: photo uploads need it (issue 50).
  for (const lister of [owner, otherOwner]) await verifyContact(database.db, lister.userId);
  renter = await signUp(app);
  // A renter whose e-mail a code verified: contact details need it (issue 34).
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
  admin = await signUpAdmin({ app, database });
});

const { call, validListing, validEdit, upload, create, approve, searchTitles } =
  ownerListingHelpers(app, db);

describe('POST /api/properties', () => {
  it('is for signed-in users (401)', async () => {
    expect((await call('POST', '/api/properties', undefined, validListing())).statusCode).toBe(401);
  });

  it('creates a listing pending approval, with the spec’s defaults and a cleaned price', async () => {
    const images = await upload(owner, 2);
    const id = await create(owner, { images, title: 'Pending flat in Tema', city: 'Tema' });
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own).toMatchObject({
      title: 'Pending flat in Tema',
      address: 'Tema, Ghana',
      currency: 'GH₵',
      pricePerNight: 2500.5,
      pricingPeriod: 'month',
      isVerified: false,
      isActive: true,
      isOwn: true,
      amenities: ['wifi', 'parking'],
    });
    expect(own.images).toEqual(images);
    // Not public until approved: not in search, not to other readers.
    expect((await call('GET', `/api/properties/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/properties/${id}`, renter)).statusCode).toBe(404);
    expect(await searchTitles('Tema')).not.toContain('Pending flat in Tema');
  });

  it('defaults currency to $ outside Ghana, bedrooms and bathrooms to 1, period to month', async () => {
    const id = await create(owner, {
      country: 'Jamaica',
      city: 'Kingston',
      pricePerNight: 900,
      bedrooms: undefined,
      bathrooms: undefined,
      pricingPeriod: undefined,
      address: '12 Hope Road',
    });
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own).toMatchObject({
      currency: '$',
      bedrooms: 1,
      bathrooms: 1,
      pricingPeriod: 'month',
      address: '12 Hope Road',
    });
  });

  const invalid: [string, Partial<Record<keyof ListingInput, unknown>>, string][] = [
    ['title', { title: '' }, 'This field is required'],
    ['title', { title: 'x'.repeat(121) }, 'This value is too long'],
    ['description', { description: '   ' }, 'This field is required'],
    ['country', { country: 'Atlantis' }, 'This field is required'],
    ['city', { city: '' }, 'This field is required'],
    ['city', { city: 'Kingston' }, 'This value is not valid'],
    ['pricePerNight', { pricePerNight: 0 }, 'Please enter a valid price'],
    ['pricePerNight', { pricePerNight: -5 }, 'Please enter a valid price'],
    ['pricePerNight', { pricePerNight: 'cheap' }, 'Please enter a valid price'],
    ['pricePerNight', { pricePerNight: 1e12 }, 'Please enter a valid price'],
    ['propertyType', { propertyType: 'castle' }, 'This value is not valid'],
    ['category', { category: 'luxury' }, 'This value is not valid'],
    ['currency', { currency: '€' }, 'This value is not valid'],
    ['pricingPeriod', { pricingPeriod: 'night' }, 'This value is not valid'],
    ['bedrooms', { bedrooms: -1 }, 'This value is not valid'],
    ['bedrooms', { bedrooms: 1.5 }, 'This value is not valid'],
    ['bedrooms', { bedrooms: 51 }, 'This value is not valid'],
    ['bathrooms', { bathrooms: 0 }, 'This value is not valid'],
    ['amenities.0', { amenities: ['jacuzzi'] }, 'This value is not valid'],
    // Move-in terms (issue 20).
    ['advanceMonths', { advanceMonths: 37 }, 'Enter whole months from 0 to 36'],
    ['advanceMonths', { advanceMonths: 1.5 }, 'Enter whole months from 0 to 36'],
    ['depositAmount', { depositAmount: -1 }, 'Enter an amount of 0 or more'],
    ['depositAmount', { depositAmount: 'a lot' }, 'Enter an amount of 0 or more'],
    [
      'agentFee.value',
      { agentFee: { kind: 'percent', value: 101, payer: 'tenant' } },
      'Enter a percentage from 0 to 100',
    ],
    [
      'agentFee.value',
      { agentFee: { kind: 'months', value: 13, payer: 'tenant' } },
      'Enter months of rent from 0 to 12',
    ],
    [
      'agentFee.payer',
      { agentFee: { kind: 'fixed', value: 100, payer: 'agent' } },
      'This value is not valid',
    ],
    ['availableFrom', { availableFrom: '2027-02-30' }, 'Enter a date as year-month-day'],
    ['availableFrom', { availableFrom: '1999-12-31' }, 'Enter a date as year-month-day'],
    ['minLeaseMonths', { minLeaseMonths: 0 }, 'Enter whole months from 1 to 60'],
    ['furnished', { furnished: 'luxury' }, 'This value is not valid'],
    ['utilitiesIncluded.0', { utilitiesIncluded: ['cable'] }, 'This value is not valid'],
    [
      'images',
      { images: Array.from({ length: MAX_LISTING_IMAGES + 1 }, () => '/files/x-800.webp') },
      'Too many images',
    ],
  ];
  it.each(invalid)('answers 400 with fields.%s for %j', async (field, overrides, message) => {
    const before = (await call('GET', '/api/user/properties', owner)).json().length;
    const response = await call('POST', '/api/properties', owner, {
      ...validListing(),
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect((await call('GET', '/api/user/properties', owner)).json()).toHaveLength(before);
  });

  it('refuses images that are not the owner’s own fresh uploads, and an upload used twice', async () => {
    const theirs = await upload(otherOwner);
    for (const images of [theirs, ['https://example.com/cat.jpg'], ['/files/pdeadbeef-800.webp']]) {
      const response = await call('POST', '/api/properties', owner, validListing({ images }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.images).toBe('This value is not valid');
    }
    const mine = await upload(owner);
    await create(owner, { images: mine });
    const again = await call('POST', '/api/properties', owner, validListing({ images: mine }));
    expect(again.statusCode).toBe(400);
  });
});

describe('GET /api/user/properties', () => {
  it('lists the caller’s own listings of every status, newest first (401 for visitors)', async () => {
    expect((await call('GET', '/api/user/properties')).statusCode).toBe(401);
    const lister = await signUp(app, { userType: 'owner' });
    const first = await create(lister, { title: 'First' });
    const second = await create(lister, { title: 'Second' });
    await approve(first);
    const list = (await call('GET', '/api/user/properties', lister)).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([second, first]);
    expect(list.map((p: { isVerified: boolean }) => p.isVerified)).toEqual([false, true]);
    expect((await call('GET', '/api/user/properties', renter)).json()).toEqual([]);
  });
});

describe('PUT /api/properties/:id', () => {
  it('lets only the owner edit: 401 visitor, 403 renter, other owner and admin, 404 missing', async () => {
    const id = await create(owner);
    const body = { ...validEdit({ title: 'Hijacked' }), isActive: true };
    expect((await call('PUT', `/api/properties/${id}`, undefined, body)).statusCode).toBe(401);
    for (const who of [renter, otherOwner, admin]) {
      expect((await call('PUT', `/api/properties/${id}`, who, body)).statusCode).toBe(403);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('PUT', `/api/properties/${missing}`, owner, body)).statusCode).toBe(404);
    expect((await call('PUT', '/api/properties/not-an-id', owner, body)).statusCode).toBe(404);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own.title).toBe('Sunny two-bedroom in Osu');
  });

  it('puts a rejected listing back in the approval queue when its owner edits it', async () => {
    const title = `Queue ${Date.now()}`;
    const id = await create(owner, { title });
    const queue = async (status: string) =>
      (await call('GET', `/api/admin/properties?status=${status}&search=${title}`, admin))
        .json()
        .properties.map((p: { id: string }) => p.id);
    expect(await queue('pending')).toEqual([id]);

    const reason = 'Add a photo of the kitchen';
    const rejected = await call('POST', `/api/admin/properties/${id}/reject`, admin, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(await queue('pending')).toEqual([]);
    expect(await queue('rejected')).toEqual([id]);

    await call('PUT', `/api/properties/${id}`, owner, validEdit({ title }));
    expect(await queue('pending')).toEqual([id]);
    expect((await call('GET', `/api/properties/${id}`, owner)).json().rejectionReason).toBeNull();
  });

  it('saves the move-in terms and shows what they add up to; availability and furnishing are reviewed too (issues 20, 34)', async () => {
    const terms = {
      advanceMonths: 12,
      depositAmount: '1,500',
      agentFee: { kind: 'percent' as const, value: 10, payer: 'shared' as const },
      availableFrom: '2027-01-15',
      minLeaseMonths: 12,
      furnished: 'semi' as const,
      utilitiesIncluded: ['water' as const, 'security' as const, 'water' as const],
    };
    const base = {
      title: 'Terms in Ho',
      city: 'Ho',
      address: '2 Volta Street, Ho',
      pricePerNight: 2000,
    };
    const id = await create(owner, { ...base, ...terms });
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own).toMatchObject({
      advanceMonths: 12,
      depositAmount: 1500,
      agentFee: { kind: 'percent', value: 10, payer: 'shared' },
      availableFrom: '2027-01-15',
      minLeaseMonths: 12,
      furnished: 'semi',
      utilitiesIncluded: ['water', 'security'],
      // 24 000 advance, 1 500 deposit, half of 10 % of the advance.
      moveInCost: { advance: 24_000, deposit: 1500, agentFee: 1200, total: 26_700 },
    });
    await approve(id);
    const details = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit(base),
      ...terms,
      availableFrom: null,
      furnished: 'furnished',
      minLeaseMonths: '',
      isActive: true,
    });
    expect(details.json()).toMatchObject({
      id,
      status: 'live',
      pendingChanges: {
        fields: ['furnished', 'minLeaseMonths', 'availableFrom'],
        values: { furnished: 'furnished', minLeaseMonths: null, availableFrom: null },
      },
    });
    // Renters keep the approved terms until an administrator approves the new ones.
    expect((await call('GET', `/api/properties/${id}`)).json()).toMatchObject({
      availableFrom: '2027-01-15',
      minLeaseMonths: 12,
      furnished: 'semi',
    });
    expect((await call('POST', `/api/admin/properties/${id}/approve`, admin)).statusCode).toBe(200);
    // An edit that leaves the terms out keeps them.
    const older = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit(base),
      isActive: true,
    });
    expect(older.json()).toEqual({ id, status: 'live', pendingChanges: null });
    expect((await call('GET', `/api/properties/${id}`)).json()).toMatchObject({
      advanceMonths: 12,
      availableFrom: null,
      minLeaseMonths: null,
      furnished: 'furnished',
      moveInCost: { total: 26_700 },
    });
  });

  it('keeps a live listing live when only details change, and search shows the change', async () => {
    const images = await upload(owner);
    const address = '12 Oxford Street, Osu';
    const id = await create(owner, { images, title: 'Live in Wa', city: 'Wa', address });
    await approve(id);
    expect(await searchTitles('Wa')).toContain('Live in Wa');

    const response = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: 'Live in Wa', city: 'Wa', images }),
      bedrooms: 3,
      amenities: ['wifi', 'parking', 'kitchen'],
      isActive: true,
    });
    expect(response.json()).toEqual({ id, status: 'live', pendingChanges: null });
    expect(await searchTitles('Wa')).toEqual(['Live in Wa']);
    expect((await call('GET', `/api/properties/${id}`)).json().bedrooms).toBe(3);
  });

  it.each([
    ['title', { title: 'Live in Tema, now bigger' }, ['title']],
    ['description', { description: 'Pay the viewing fee by mobile money first.' }, ['description']],
    ['price', { pricePerNight: 4000 }, ['price']],
    ['currency', { currency: '$' }, ['currency']],
    ['period', { pricingPeriod: 'year' }, ['pricingPeriod']],
    // Sent without a pin, the pin follows the city to its centre: it moved too (issue 39).
    ['city', { city: 'Accra' }, ['city', 'latitude', 'longitude']],
    ['address', { address: '3 Ring Road, Tema' }, ['address']],
    // What moving in costs is part of the price (issue 20).
    ['advance', { advanceMonths: 24 }, ['advanceMonths']],
    ['deposit', { depositAmount: 5000 }, ['depositAmount']],
    [
      'agent fee',
      { agentFee: { kind: 'percent', value: 10, payer: 'tenant' } },
      ['agentFeeKind', 'agentFeeValue'],
    ],
    // What kind of place it is and the terms a renter decides on (issue 34).
    ['property type', { propertyType: 'house' }, ['propertyType']],
    ['category', { category: 'student' }, ['category']],
    ['furnishing', { furnished: 'furnished' }, ['furnished']],
    ['utilities', { utilitiesIncluded: ['water'] }, ['utilitiesIncluded']],
    ['minimum lease', { minLeaseMonths: 24 }, ['minLeaseMonths']],
    ['available-from date', { availableFrom: '2030-01-01' }, ['availableFrom']],
  ] as const)(
    'keeps a live listing live when its %s changes: the change waits for review (issues 19, 34)',
    async (_field, change, fields) => {
      const base = { title: 'Live in Tema', city: 'Tema', address: '1 Harbour Road, Tema' };
      const id = await create(owner, base);
      await approve(id);
      const before = (await call('GET', `/api/properties/${id}`)).json();
      const response = await call('PUT', `/api/properties/${id}`, owner, {
        ...validEdit(base),
        ...change,
        isActive: true,
      });
      expect(response.json()).toMatchObject({
        id,
        status: 'live',
        pendingChanges: { fields, photos: null, submittedAt: expect.any(String) },
      });
      // Renters keep reading the approved listing, without what waits.
      const after = await call('GET', `/api/properties/${id}`);
      expect(after.statusCode).toBe(200);
      const { updatedAt: _a, ...shown } = after.json();
      const { updatedAt: _b, ...approved } = before;
      expect(shown).toEqual(approved);
      expect(after.json()).not.toHaveProperty('pendingChanges');
    },
  );

  it('keeps a live listing’s approved photos until the new set is approved; removed files go only then', async () => {
    const [first, second] = await upload(owner, 2);
    const id = await create(owner, {
      images: [first!, second!],
      title: 'Photos in Ho',
      city: 'Ho',
      address: '12 Oxford Street, Osu',
    });
    await approve(id);

    // Reordering is not a change of photos.
    const reordered = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: 'Photos in Ho', city: 'Ho', images: [second!, first!] }),
    });
    expect(reordered.json()).toEqual({ id, status: 'live', pendingChanges: null });

    const filesBefore = storedFiles(filesDir).length;
    const [third] = await upload(owner);
    const changed = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: 'Photos in Ho', city: 'Ho', images: [second!, third!] }),
    });
    expect(changed.json()).toMatchObject({
      status: 'live',
      pendingChanges: { fields: ['photos'] },
    });
    expect(await searchTitles('Ho')).toContain('Photos in Ho');
    expect((await call('GET', `/api/properties/${id}`)).json().images).toEqual([second, first]);
    // Every photo stays stored while the change waits: the approved ones are on show.
    expect((await app.inject({ method: 'GET', url: first! })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: third! })).statusCode).toBe(200);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own.images).toEqual([second, first]);
    expect(own.pendingChanges.photos.map((photo: { key: string }) => photo.key)).toEqual(
      [second!, third!].map(photoKeyFromUrl),
    );

    // Approved: the new set is on show, and the removed photo's variants are gone.
    expect((await call('POST', `/api/admin/properties/${id}/approve`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/properties/${id}`)).json().images).toEqual([second, third]);
    expect((await app.inject({ method: 'GET', url: first! })).statusCode).toBe(404);
    expect(storedFiles(filesDir).length).toBe(filesBefore);
  });

  it('toggles isActive: verified and inactive is Approved (hidden), active again is Live', async () => {
    const id = await create(owner, {
      title: 'Toggle in Wa',
      city: 'Wa',
      address: '12 Oxford Street, Osu',
    });
    await approve(id);
    const hide = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: 'Toggle in Wa', city: 'Wa' }),
      isActive: false,
    });
    expect(hide.json().status).toBe('approved');
    expect(await searchTitles('Wa')).not.toContain('Toggle in Wa');
    expect((await call('GET', `/api/properties/${id}`)).statusCode).toBe(404);

    const show = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: 'Toggle in Wa', city: 'Wa' }),
      isActive: true,
    });
    expect(show.json().status).toBe('live');
    expect(await searchTitles('Wa')).toContain('Toggle in Wa');
  });

  it('keeps an unapproved listing pending whatever the owner sets', async () => {
    const id = await create(owner);
    const response = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit(),
      isActive: true,
    });
    expect(response.json().status).toBe('pending');
  });

  it('enforces the edit rules of spec 5: address required, rooms at least 1, price at least 0', async () => {
    const id = await create(owner, { title: 'Edit rules' });
    const edit = (overrides: object) =>
      call('PUT', `/api/properties/${id}`, owner, {
        ...validEdit({ title: 'Edit rules' }),
        ...overrides,
      });
    const refused = [
      [{ address: '' }, 'address', 'required'],
      [{ address: '   ' }, 'address', 'required'],
      [{ bedrooms: 0 }, 'bedrooms', 'invalidValue'],
      [{ bathrooms: 0 }, 'bathrooms', 'invalidValue'],
      [{ pricePerNight: -1 }, 'pricePerNight', 'priceInvalid'],
      [{ pricePerNight: '' }, 'pricePerNight', 'required'],
      [{ title: '' }, 'title', 'required'],
      [{ city: '' }, 'city', 'required'],
      [{ country: '' }, 'country', 'required'],
    ] as const;
    for (const [change, field, key] of refused) {
      const response = await edit(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().fields), JSON.stringify(change)).toContain(field);
      expect(response.json().fields[field], JSON.stringify(change)).toBe(validationMessages[key]);
    }
    const free = await edit({ pricePerNight: 0, bedrooms: 1, bathrooms: 1 });
    expect(free.statusCode, free.body).toBe(200);
    expect((await call('GET', `/api/properties/${id}`, owner)).json().price).toBe(0);
  });

  it('answers 400 with fields for bad edits and changes nothing', async () => {
    const id = await create(owner, { title: 'Unchanged' });
    const response = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: '', city: 'Nowhere' }),
      isActive: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(
      expect.arrayContaining(['title', 'isActive']),
    );
    expect((await call('GET', `/api/properties/${id}`, owner)).json().title).toBe('Unchanged');
  });
});

describe('DELETE /api/properties/:id', () => {
  it('lets only the owner delete, and takes its photos and favourites with it', async () => {
    const images = await upload(owner, 2);
    const id = await create(owner, { images, title: 'Doomed in Ho', city: 'Ho' });
    await approve(id);
    expect((await call('POST', `/api/favorites/${id}`, renter)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/properties/${id}`)).statusCode).toBe(401);
    for (const who of [renter, otherOwner, admin]) {
      expect((await call('DELETE', `/api/properties/${id}`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/properties/${id}`)).statusCode).toBe(200);

    const filesBefore = storedFiles(filesDir).length;
    expect((await call('DELETE', `/api/properties/${id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/api/properties/${id}`, owner)).statusCode).toBe(404);
    expect(await searchTitles('Ho')).not.toContain('Doomed in Ho');
    expect(await db.select().from(favorites).where(eq(favorites.propertyId, id))).toEqual([]);
    for (const url of images) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    // Two photos of 500 px, one variant each (400 px).
    expect(storedFiles(filesDir).length).toBe(filesBefore - 2);
    expect((await call('DELETE', `/api/properties/${id}`, owner)).statusCode).toBe(404);
  });
});

describe('GET /api/properties/:id/contact', () => {
  it('gives signed-in users the owner’s details of a live listing only', async () => {
    const id = await create(otherOwner, { title: 'Agent flat' });
    // Pending: "under review" (409) with nothing of the owner, to its owner too.
    for (const who of [renter, otherOwner]) {
      const underReview = await call('GET', `/api/properties/${id}/contact`, who);
      expect(underReview.statusCode).toBe(409);
      expect(underReview.json()).toEqual({
        message: 'This property is under review; its contact details show once it is live',
        code: 'property_under_review',
      });
    }
    await approve(id);

    expect((await call('GET', `/api/properties/${id}/contact`)).statusCode).toBe(401);
    const contact = await call('GET', `/api/properties/${id}/contact`, renter);
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toMatchObject({
      propertyId: id,
      propertyTitle: 'Agent flat',
      firstName: 'Yaa',
      businessName: 'Keys Ltd',
      userType: 'agent',
    });
    expect(contact.json().email).toMatch(/@example\.com$/);
    expect(contact.json()).not.toHaveProperty('passwordHash');
    expect((await call('GET', '/api/properties/nope/contact', renter)).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/properties/${missing}/contact`, renter)).statusCode).toBe(404);

    // Approved but switched off by its owner, then hidden by an administrator: under review.
    await call('PUT', `/api/properties/${id}`, otherOwner, {
      ...validEdit({ title: 'Agent flat' }),
      isActive: false,
    });
    expect((await call('GET', `/api/properties/${id}/contact`, renter)).statusCode).toBe(409);
    await call('PUT', `/api/properties/${id}`, otherOwner, {
      ...validEdit({ title: 'Agent flat' }),
      isActive: true,
    });
    await call('PATCH', `/api/admin/properties/${id}/visibility`, admin, { isActive: false });
    expect((await call('GET', `/api/properties/${id}/contact`, renter)).statusCode).toBe(409);
    // Deleted: not found.
    await call('DELETE', `/api/properties/${id}`, otherOwner);
    expect((await call('GET', `/api/properties/${id}/contact`, renter)).statusCode).toBe(404);
  });
});
