import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FEATURED } from '#common/admin';
import { auditLog } from './schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { favorites, properties } from '../listings/service';

const { app, database } = await createTestApp();
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let renter: Account;
let admin: Account;
beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner', firstName: 'Nana', lastName: 'Ofori' });
  renter = await signUp(app);
  admin = await signUpAdmin({ app, database });
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: Account,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const featuredTitles = async () =>
  (await call('GET', '/api/admin/featured-properties', admin))
    .json()
    .map((p: { title: string }) => p.title);
const publicFeatured = async () =>
  (await call('GET', '/api/properties/featured')).json().map((p: { title: string }) => p.title);

describe('admin endpoints answer 401 to visitors, 403 to renters and owners, 2xx to admins', () => {
  it.each([
    ['GET', '/api/admin/properties', undefined],
    ['POST', '/api/admin/properties/{id}/approve', undefined],
    ['POST', '/api/admin/properties/{id}/reject', { reason: 'Blurry photos' }],
    ['PATCH', '/api/admin/properties/{id}/visibility', { isActive: true }],
    ['GET', '/api/admin/featured-properties', undefined],
    ['PATCH', '/api/admin/properties/{id}/featured', { isFeatured: true }],
    [
      'POST',
      '/api/admin/reorder-featured-properties',
      { propertyOrders: [{ id: '{id}', order: 1 }] },
    ],
    ['DELETE', '/api/admin/properties/{id}', undefined],
  ] as const)('%s %s', async (method, path, body) => {
    const id = await createListing(db, owner.userId, { isFeatured: true, featuredOrder: 99 });
    const url = path.replace('{id}', id);
    const payload = body ? JSON.parse(JSON.stringify(body).replace('{id}', id)) : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, renter, payload)).statusCode).toBe(403);
    expect((await call(method, url, owner, payload)).statusCode).toBe(403);
    const answer = await call(method, url, admin, payload);
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(200);
    expect(answer.statusCode).toBeLessThan(300);
  });
});

describe('GET /api/admin/properties', () => {
  it('lists every status with the owner, filters by status and text, 20 a page', async () => {
    const tag = `Zebra${Date.now()}`;
    await createListing(db, owner.userId, { title: `${tag} pending`, isVerified: false });
    await createListing(db, owner.userId, { title: `${tag} hidden`, isActive: false });
    await createListing(db, owner.userId, { title: `${tag} live` });
    const list = async (query: string) =>
      (await call('GET', `/api/admin/properties?search=${tag}&${query}`, admin)).json();

    const all = await list('status=all');
    expect(all.total).toBe(3);
    expect(all.properties[0]).toMatchObject({ ownerFirstName: 'Nana', ownerLastName: 'Ofori' });
    expect(all.properties[0].ownerEmail).toMatch(/@example\.com$/);
    expect(
      (await list('status=unverified')).properties.map((p: { title: string }) => p.title),
    ).toEqual([`${tag} pending`]);
    expect((await list('status=inactive')).total).toBe(1);
    expect((await list('status=verified')).total).toBe(2);
    expect((await list('status=active')).total).toBe(2);
    const paged = await list('limit=2&page=2');
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.properties).toHaveLength(1);

    const oldestFirst = await list('sort=oldest');
    expect(oldestFirst.properties.map((p: { title: string }) => p.title)).toEqual([
      `${tag} pending`,
      `${tag} hidden`,
      `${tag} live`,
    ]);
    expect((await list('sort=newest')).properties[0].title).toBe(`${tag} live`);
    expect((await list('status=pending')).total).toBe(1);
    expect((await list('status=live')).properties.map((p: { title: string }) => p.title)).toEqual([
      `${tag} live`,
    ]);
    expect((await call('GET', '/api/admin/properties?sort=random', admin)).statusCode).toBe(400);

    const byOwner = await call('GET', '/api/admin/properties?search=ofori', admin);
    expect(byOwner.json().total).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/properties?status=archived', admin)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/admin/properties?limit=101', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/properties?search=%25_', admin)).statusCode).toBe(200);
  });
});

describe('visibility and deletion', () => {
  it('hides and shows a listing in public search, and logs who did it', async () => {
    const title = `Hideable ${Date.now()}`;
    const id = await createListing(db, owner.userId, { title, city: 'Tamale' });
    const found = async () =>
      (await call('GET', '/api/properties/search?location=Tamale'))
        .json()
        .properties.some((p: { title: string }) => p.title === title);
    expect(await found()).toBe(true);
    await call('PATCH', `/api/admin/properties/${id}/visibility`, admin, { isActive: false });
    expect(await found()).toBe(false);
    await call('PATCH', `/api/admin/properties/${id}/visibility`, admin, { isActive: true });
    expect(await found()).toBe(true);
    const log = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(log.map((entry) => entry.action).sort()).toEqual(['hide', 'show']);
    expect(log.every((entry) => entry.actorId === admin.userId)).toBe(true);
    // The log names the listing, so it still reads well once the listing is gone.
    expect(log.every((entry) => entry.details?.title === title)).toBe(true);
    expect(
      (await call('PATCH', `/api/admin/properties/${id}/visibility`, admin, { isActive: 'no' }))
        .statusCode,
    ).toBe(400);
  });

  it('an administrator’s Hide sticks: its owner sees why and cannot show it; only Show lifts it', async () => {
    const title = `Reported ${Date.now()}`;
    const id = await createListing(db, owner.userId, { title, city: 'Ho' });
    const reason = 'Three renters were asked for a viewing fee.';
    const hide = await call('PATCH', `/api/admin/properties/${id}/visibility`, admin, {
      isActive: false,
      reason,
    });
    expect(hide.statusCode).toBe(200);
    const seen = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(seen).toMatchObject({ isActive: false, hiddenByAdmin: true, hiddenReason: reason });
    expect((await call('GET', `/api/properties/${id}`)).statusCode).toBe(404);

    const edit = (changes: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/properties/${id}`,
        headers: { cookie: owner.cookie },
        payload: {
          title,
          description: 'Two rooms near the market.',
          address: '4 Market Road',
          city: 'Ho',
          country: 'Ghana',
          pricePerNight: 900,
          bedrooms: 2,
          bathrooms: 1,
          ...changes,
        },
      });
    const showAttempt = await edit({ isActive: true });
    expect(showAttempt.statusCode).toBe(403);
    expect(showAttempt.json().message).toMatch(/only an administrator can show it again/);
    // Other edits go through; the listing stays hidden.
    const titleEdit = await edit({ title: `${title} (edited)`, isActive: false });
    expect(titleEdit.statusCode).toBe(200);
    expect(titleEdit.json().status).toBe('hidden');
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ isActive: false, hiddenReason: reason });
    expect(row!.hiddenByAdminAt).not.toBeNull();

    await call('PATCH', `/api/admin/properties/${id}/visibility`, admin, { isActive: true });
    const shown = (await call('GET', `/api/properties/${id}`, owner)).json();
    expect(shown).toMatchObject({ isActive: true, hiddenByAdmin: false, hiddenReason: null });
    // The new title waits for an approval (issues 19, 34), the listing keeping its approved
    // one meanwhile; the owner controls isActive again.
    expect(shown).toMatchObject({ isVerified: true, title });
    const edited = `${title} (edited)`;
    expect(shown.pendingChanges.fields).toContain('title');
    expect(shown.pendingChanges.values.title).toBe(edited);
    await call('POST', `/api/admin/properties/${id}/approve`, admin);
    expect((await call('GET', `/api/properties/${id}`)).json().title).toBe(edited);
    expect((await edit({ title: edited, isActive: false })).json().status).toBe('approved');
    expect((await edit({ title: edited, isActive: true })).json().status).toBe('live');
    const log = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(log.find((entry) => entry.action === 'hide')?.details).toMatchObject({ reason });
  });

  it('deletes any listing with its favourites; 404 for unknown ids', async () => {
    const id = await createListing(db, owner.userId);
    await call('POST', `/api/favorites/${id}`, renter);
    expect((await call('DELETE', `/api/admin/properties/${id}`, admin)).statusCode).toBe(204);
    expect(await db.select().from(properties).where(eq(properties.id, id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.propertyId, id))).toEqual([]);
    expect((await call('DELETE', `/api/admin/properties/${id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/properties/nope', admin)).statusCode).toBe(404);
  });
});

describe('featured order', () => {
  it('features live listings at a place or last, renumbering from 1; unfeaturing closes the gap', async () => {
    // Start from an empty featured list.
    await db.update(properties).set({ isFeatured: false, featuredOrder: null });
    const a = await createListing(db, owner.userId, { title: 'A' });
    const b = await createListing(db, owner.userId, { title: 'B' });
    const c = await createListing(db, owner.userId, { title: 'C' });
    const pending = await createListing(db, owner.userId, { title: 'P', isVerified: false });
    const feature = (id: string, body: object) =>
      call('PATCH', `/api/admin/properties/${id}/featured`, admin, body);

    await feature(a, { isFeatured: true });
    await feature(b, { isFeatured: true });
    await feature(c, { isFeatured: true, featuredOrder: 1 });
    expect(await featuredTitles()).toEqual(['C', 'A', 'B']);
    expect(await publicFeatured()).toEqual(['C', 'A', 'B']);
    const orders = await db
      .select({ title: properties.title, order: properties.featuredOrder })
      .from(properties)
      .where(eq(properties.isFeatured, true));
    expect(orders.map((o) => o.order).sort()).toEqual([1, 2, 3]);

    expect((await feature(pending, { isFeatured: true })).statusCode).toBe(400);
    await feature(a, { isFeatured: false });
    expect(await featuredTitles()).toEqual(['C', 'B']);
    const [bRow] = await db
      .select({ order: properties.featuredOrder })
      .from(properties)
      .where(eq(properties.id, b));
    expect(bRow?.order).toBe(2);
  });

  it('reorders by the given orders (gaps allowed), keeps unnamed ones after, refuses unknown ids', async () => {
    await db.update(properties).set({ isFeatured: false, featuredOrder: null });
    const ids: Record<string, string> = {};
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      ids[title] = await createListing(db, owner.userId, { title });
      await call('PATCH', `/api/admin/properties/${ids[title]}/featured`, admin, {
        isFeatured: true,
      });
    }
    const reorder = (propertyOrders: { id: string; order: number }[]) =>
      call('POST', '/api/admin/reorder-featured-properties', admin, { propertyOrders });

    const moved = await reorder([
      { id: ids.Three!, order: 10 },
      { id: ids.One!, order: 40 },
      { id: ids.Two!, order: 5 },
    ]);
    expect(moved.statusCode).toBe(200);
    expect(await featuredTitles()).toEqual(['Two', 'Three', 'One', 'Four']);
    expect(await publicFeatured()).toEqual(['Two', 'Three', 'One', 'Four']);

    const notFeatured = await createListing(db, owner.userId);
    for (const id of [notFeatured, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await reorder([{ id, order: 1 }])).statusCode).toBe(400);
    }
    expect(await featuredTitles()).toEqual(['Two', 'Three', 'One', 'Four']);
    expect((await reorder([])).statusCode).toBe(400);
    const log = await db.select().from(auditLog).where(eq(auditLog.action, 'reorder'));
    expect(log.length).toBeGreaterThan(0);
  });

  it(`features at most ${MAX_FEATURED} listings`, async () => {
    await db.update(properties).set({ isFeatured: false, featuredOrder: null });
    for (let i = 1; i <= MAX_FEATURED; i++) {
      await createListing(db, owner.userId, { isFeatured: true, featuredOrder: i });
    }
    const extra = await createListing(db, owner.userId);
    const refused = await call('PATCH', `/api/admin/properties/${extra}/featured`, admin, {
      isFeatured: true,
    });
    expect(refused.statusCode).toBe(409);
  });
});
