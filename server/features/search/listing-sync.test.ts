import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema } from '#common/properties';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { createListingSearch } from './listing-search';
import { properties } from '../listings/service';

type Result = { properties: { id: string; title: string; city: string }[]; total: number };

const { app, database } = await createTestApp();
const db = database.db;

const searchOn = async (server: FastifyInstance, query: string): Promise<Result> =>
  (await server.inject({ method: 'GET', url: `/api/properties/search?${query}` })).json();
const search = (query: string) => searchOn(app, query);
const titles = async (query: string) => (await search(query)).properties.map((p) => p.title);

let owner: string;
beforeAll(async () => {
  owner = (await signUp(app, { userType: 'owner' })).userId;
});

/** Creates a listing as a create route would: write, then tell the search index. */
async function add(values: Parameters<typeof createListing>[2]): Promise<string> {
  const id = await createListing(db, owner, values);
  await app.listingSearch.changed([id]);
  return id;
}

describe('the search index in step with listings written through this server', () => {
  it('finds an edited listing by its new place and price once told', async () => {
    const id = await add({ title: 'Harbour loft', city: 'Tema', price: 900 });
    expect(await titles('location=tema')).toEqual(['Harbour loft']);
    await db
      .update(properties)
      .set({ city: 'Kasoa', price: 4500, updatedAt: new Date() })
      .where(eq(properties.id, id));
    await app.listingSearch.changed([id]);
    expect(await search('location=kasoa')).toMatchObject({
      total: 1,
      properties: [{ title: 'Harbour loft', city: 'Kasoa' }],
    });
    expect((await search('location=tema')).total).toBe(0);
    expect(await titles('location=kasoa&minPrice=4000')).toEqual(['Harbour loft']);
  });

  it('drops a listing that stops being live and shows it again when it is', async () => {
    const id = await add({ title: 'Ridge villa', city: 'Koforidua' });
    expect(await titles('location=koforidua')).toEqual(['Ridge villa']);
    await db.update(properties).set({ isActive: false }).where(eq(properties.id, id));
    await app.listingSearch.changed([id]);
    expect(await search('location=koforidua')).toEqual({ properties: [], total: 0 });
    await db.update(properties).set({ isActive: true }).where(eq(properties.id, id));
    await app.listingSearch.changed([id]);
    expect(await titles('location=koforidua')).toEqual(['Ridge villa']);
  });

  it('forgets a deleted listing and finds a new one', async () => {
    const gone = await add({ title: 'Old hut', city: 'Wa' });
    expect(await titles('location=wa&sort=newest')).toEqual(['Old hut']);
    await db.delete(properties).where(eq(properties.id, gone));
    const added = await createListing(db, owner, { title: 'New hut', city: 'Wa' });
    await app.listingSearch.changed([gone, added]);
    expect(await titles('location=wa&sort=newest')).toEqual(['New hut']);
  });

  it('makes the next search wait for a change it was told of', async () => {
    const id = await add({ title: 'Quick flat', city: 'Techiman' });
    expect(await titles('location=techiman')).toEqual(['Quick flat']);
    await db.delete(properties).where(eq(properties.id, id));
    void app.listingSearch.changed([id]);
    expect(await titles('location=techiman')).toEqual([]);
  });
});

describe('pages kept for visitors', () => {
  it("answer a visitor's repeated search, never a signed-in reader's", async () => {
    const id = await add({ title: 'Cached cabin', city: 'Nkawkaw' });
    const url = '/api/properties/search?location=nkawkaw';
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);

    const reader = await signUp(app);
    const save = await app.inject({
      method: 'POST',
      url: `/api/favorites/${id}`,
      headers: { cookie: reader.cookie },
    });
    expect(save.statusCode).toBe(200);
    const mine = await app.inject({ method: 'GET', url, headers: { cookie: reader.cookie } });
    expect(mine.json().properties).toMatchObject([{ title: 'Cached cabin', isFavorite: true }]);
    expect((await app.inject({ method: 'GET', url })).json().properties[0].isFavorite).toBe(false);
  });
});

describe('the search index in step with what other servers write', () => {
  it('sees edits, new, hidden and deleted listings at its next check', async () => {
    const other = await createTestApp();
    const host = (await signUp(other.app, { userType: 'owner' })).userId;
    const otherDb = other.database.db;
    const edited = await createListing(otherDb, host, { title: 'Edited', city: 'Ho' });
    const hidden = await createListing(otherDb, host, { title: 'Hidden', city: 'Ho' });
    const deleted = await createListing(otherDb, host, { title: 'Deleted', city: 'Ho' });
    const roomy = await createListing(otherDb, host, { title: 'Roomy', city: 'Ho', bathrooms: 1 });
    const page = async () =>
      (await searchOn(other.app, 'location=ho&sort=newest')).properties as unknown as {
        title: string;
        bathrooms: number;
      }[];
    const names = async () => (await page()).map((p) => p.title);
    // A started server has loaded its index (searches before that are answered by SQL).
    await other.app.listingSearch.warm();
    expect(await names()).toEqual(['Roomy', 'Deleted', 'Hidden', 'Edited']);

    // Another server writes, without touching updated_at: an edit of the title, of a field
    // only the page shows, a status change, a deletion, a new listing.
    await otherDb
      .update(properties)
      .set({ title: 'Edited twice' })
      .where(eq(properties.id, edited));
    await otherDb.update(properties).set({ bathrooms: 3 }).where(eq(properties.id, roomy));
    await otherDb.update(properties).set({ isActive: false }).where(eq(properties.id, hidden));
    await otherDb.delete(properties).where(eq(properties.id, deleted));
    await createListing(otherDb, host, { title: 'Added', city: 'Ho' });
    expect(await names()).toEqual(['Roomy', 'Deleted', 'Hidden', 'Edited']);

    await other.app.listingSearch.changed(); // what the periodic check does
    expect(await names()).toEqual(['Added', 'Roomy', 'Edited twice']);
    expect((await page()).find((p) => p.title === 'Roomy')?.bathrooms).toBe(3);
    expect((await searchOn(other.app, 'location=ho')).total).toBe(3);

    // A check that finds nothing new changes nothing.
    const generation = other.app.listingSearch.stats().generation;
    await other.app.listingSearch.changed();
    expect(other.app.listingSearch.stats().generation).toBe(generation);
  });

  it('checks by itself every refresh interval', async () => {
    const local = createListingSearch(db, undefined, { refreshMs: 20 });
    try {
      const query = searchQuerySchema.parse({ location: 'Hohoe' });
      const total = async () => {
        const answer = await local.search(query, null);
        return (JSON.parse(answer.toString()) as Result).total;
      };
      expect(await total()).toBe(0);
      await createListing(db, owner, { title: 'Volta view', city: 'Hohoe' });
      const deadline = Date.now() + 5_000;
      while ((await total()) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await total()).toBe(1);
    } finally {
      await local.close();
    }
  });

  it('leaves out a listing that vanished since the index looked, and looks again', async () => {
    const fresh = await createTestApp();
    const host = (await signUp(fresh.app, { userType: 'owner' })).userId;
    await createListing(fresh.database.db, host, { title: 'Stays', city: 'Obuasi' });
    const vanishing = await createListing(fresh.database.db, host, {
      title: 'Vanishes',
      city: 'Obuasi',
    });
    await fresh.app.listingSearch.warm();
    await fresh.database.db.delete(properties).where(eq(properties.id, vanishing));
    const first = await searchOn(fresh.app, 'location=obuasi');
    expect(first.properties.map((p) => p.title)).toEqual(['Stays']);
    expect(await searchOn(fresh.app, 'location=obuasi')).toMatchObject({ total: 1 });
  });
});
