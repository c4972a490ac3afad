import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ownerListingHelpers, type Caller } from '../../testing/owner-listings';
import { createTestApp, notificationsTo, signUp, signUpAdmin } from '../../testing/test-app';
import { verifyContact } from '../../testing/uploads';
import { ORPHAN_GRACE_MS, sweepOrphanPhotoFiles } from './orphan-photos';
import { favorites } from './schema';

// Review without taking listings offline (issue 34): an approved listing's edit of what
// renters rely on waits for review while renters, search, favourites and alerts keep the
// approved version; approval applies it, rejection drops it.
const { app, database, storage } = await createTestApp();
const db = database.db;
const { call, validEdit, upload, create, approve, searchTitles } = ownerListingHelpers(app, db);

let owner: Caller;
let otherOwner: Caller;
let renter: Caller & { email: string };
let admin: Caller;

beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  otherOwner = await signUp(app, { userType: 'owner' });
  // Listers whose e-mail a code verified: photo uploads need it (issue 50).
  for (const lister of [owner, otherOwner]) await verifyContact(db, lister.userId);
  const account = await signUp(app);
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, account.userId));
  renter = { ...account, email: account.body.email! };
  admin = await signUpAdmin({ app, database });
});

const base = {
  title: 'Garden flat in Koforidua',
  city: 'Koforidua',
  address: '5 Station Road, Koforidua',
  pricePerNight: 3000,
};
/** A live listing the renter saved at 3 000 a month. */
async function liveSaved(): Promise<string> {
  const id = await create(owner, base);
  await approve(id);
  expect((await call('POST', `/api/favorites/${id}`, renter)).statusCode).toBe(200);
  return id;
}
const cutPrice = (id: string) =>
  call('PUT', `/api/properties/${id}`, owner, {
    ...validEdit({ ...base, pricePerNight: 2500 }),
    isActive: true,
  });
const searchPrices = async () =>
  (await call('GET', '/api/properties/search?location=Koforidua'))
    .json()
    .properties.map((p: { title: string; price: number }) => p.price);
const favouritePrice = async (id: string) =>
  (await call('GET', '/api/favorites', renter)).json().find((p: { id: string }) => p.id === id)
    ?.price;
const priceDrops = (atLeast = 0) =>
  notificationsTo(
    db,
    renter.email,
    (message) => /price drop/i.test(message.subject ?? ''),
    atLeast,
  );

describe('a price cut on a live listing', () => {
  it('stays live at the approved price everywhere renters look until approved; its owner sees it waiting', async () => {
    const id = await liveSaved();
    const dropsBefore = (await priceDrops()).length;
    const edit = await cutPrice(id);
    expect(edit.json()).toEqual({
      id,
      status: 'live',
      pendingChanges: {
        fields: ['price'],
        values: { price: 2500 },
        photos: null,
        submittedAt: expect.any(String),
      },
    });
    // The page, search and favourites: the approved price, not "not found".
    for (const reader of [undefined, renter, otherOwner]) {
      const page = await call('GET', `/api/properties/${id}`, reader);
      expect(page.statusCode).toBe(200);
      expect(page.json().price).toBe(3000);
      expect(page.json()).not.toHaveProperty('pendingChanges');
    }
    expect(await searchPrices()).toContain(3000);
    expect(await searchPrices()).not.toContain(2500);
    expect(await favouritePrice(id)).toBe(3000);
    const [saved] = await db.select().from(favorites).where(eq(favorites.propertyId, id));
    expect(saved?.seenPrice).toBe(3000);
    expect(await priceDrops()).toHaveLength(dropsBefore);

    // Its owner (page and dashboard list) and administrators see what waits.
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own).toMatchObject({ price: 3000, pendingChanges: { fields: ['price'] } });
    const mine = (await call('GET', '/api/user/properties', owner)).json();
    expect(mine.find((p: { id: string }) => p.id === id)?.pendingChanges?.values).toEqual({
      price: 2500,
    });
    const asAdmin = (await call('GET', `/api/properties/${id}`, admin)).json();
    expect(asAdmin.pendingChanges.values).toEqual({ price: 2500 });
  });

  it('is applied when approved, and only then are the savers told of the drop', async () => {
    const id = await liveSaved();
    const dropsBefore = (await priceDrops()).length;
    await cutPrice(id);
    const queue = (await call('GET', '/api/admin/properties?status=pending&limit=100', admin))
      .json()
      .properties.find((p: { id: string }) => p.id === id);
    expect(queue.changesSinceApproval.fields).toEqual([
      { field: 'price', before: 3000, after: 2500 },
    ]);

    const approved = await call('POST', `/api/admin/properties/${id}/approve`, admin);
    expect(approved.json()).toEqual({ id, status: 'live' });
    expect((await call('GET', `/api/properties/${id}`)).json().price).toBe(2500);
    expect(await searchPrices()).toContain(2500);
    expect(await favouritePrice(id)).toBe(2500);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own.pendingChanges).toBeNull();
    const drops = await priceDrops(dropsBefore + 1);
    expect(drops.at(-1)?.textBody).toContain('to GH₵ 2,500 / month');
  });

  it('is dropped when rejected: the approved listing stays, and its owner is told why', async () => {
    const id = await liveSaved();
    await cutPrice(id);
    const rejected = await call('POST', `/api/admin/properties/${id}/reject`, admin, {
      reason: 'The photos show a different house.',
    });
    expect(rejected.json()).toEqual({ id, status: 'live' });
    expect((await call('GET', `/api/properties/${id}`)).json().price).toBe(3000);
    const own = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(own).toMatchObject({ price: 3000, pendingChanges: null, rejectionReason: null });
    const told = await notificationsTo(
      db,
      (await db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId)))[0]!
        .email!,
      (message) => message.subject === 'Your changes were not approved',
      1,
    );
    expect(told.at(-1)?.textBody).toContain('The photos show a different house.');
  });

  it('is withdrawn when its owner edits the price back', async () => {
    const id = await liveSaved();
    await cutPrice(id);
    const back = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit(base),
      isActive: true,
    });
    expect(back.json()).toEqual({ id, status: 'live', pendingChanges: null });
    const queue = (await call('GET', '/api/admin/properties?status=pending&limit=100', admin))
      .json()
      .properties.map((p: { id: string }) => p.id);
    expect(queue).not.toContain(id);
  });

  it('leaves review to administrators: 401 visitors, 403 renters and owners, 404 unknown', async () => {
    const id = await liveSaved();
    await cutPrice(id);
    for (const action of ['approve', 'reject']) {
      const url = `/api/admin/properties/${id}/${action}`;
      const body = { reason: 'No.' };
      expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
      for (const who of [renter, owner, otherOwner]) {
        expect((await call('POST', url, who, body)).statusCode).toBe(403);
      }
      const missing = '/api/admin/properties/00000000-0000-4000-8000-000000000000/' + action;
      expect((await call('POST', missing, admin, body)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/properties/${id}`)).json().price).toBe(3000);
  });
});

describe('a listing never approved', () => {
  it('takes edits at once and waits as Pending Approval, as before', async () => {
    const id = await create(owner, { title: 'New in Sunyani', city: 'Sunyani' });
    const edit = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ title: 'New in Sunyani', city: 'Sunyani', pricePerNight: 900 }),
    });
    expect(edit.json()).toEqual({ id, status: 'pending', pendingChanges: null });
    expect((await call('GET', `/api/properties/${id}`, owner)).json().price).toBe(900);
    expect(await searchTitles('Sunyani')).toEqual([]);
  });
});

describe('photos of a live listing', () => {
  it('keeps proposed photos from the orphan sweep, and a rejection deletes only them', async () => {
    const [kept, proposed] = await upload(owner, 2);
    const id = await create(owner, { ...base, title: 'Photos in Koforidua', images: [kept!] });
    await approve(id);
    const edit = await call('PUT', `/api/properties/${id}`, owner, {
      ...validEdit({ ...base, title: 'Photos in Koforidua', images: [kept!, proposed!] }),
    });
    expect(edit.json().pendingChanges.fields).toEqual(['photos']);
    expect((await call('GET', `/api/properties/${id}`)).json().images).toEqual([kept]);

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    await sweepOrphanPhotoFiles(db, storage, later);
    expect((await app.inject({ method: 'GET', url: proposed! })).statusCode).toBe(200);

    await call('POST', `/api/admin/properties/${id}/reject`, admin, { reason: 'Blurred.' });
    expect((await app.inject({ method: 'GET', url: proposed! })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: kept! })).statusCode).toBe(200);
    expect((await call('GET', `/api/properties/${id}`)).json().images).toEqual([kept]);
  });
});
