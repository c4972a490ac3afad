import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { createListingSearch } from './listing-search';
import { properties } from '../listings/service';

/** listingSearch.liveProperty: a live listing for page heads, from the cache when it can. */
const { app, database } = await createTestApp();
const db = database.db;
const ids = { live: '', pending: '', hidden: '' };

beforeAll(async () => {
  const owner = (await signUp(app, { userType: 'owner' })).userId;
  ids.live = await createListing(db, owner, { title: 'Cached flat' });
  ids.pending = await createListing(db, owner, { isVerified: false });
  ids.hidden = await createListing(db, owner, { isActive: false });
});

describe('liveProperty', () => {
  it('answers a live listing as the detail call shows it to a visitor', async () => {
    const search = createListingSearch(db);
    const detail = await app.inject({ method: 'GET', url: `/api/properties/${ids.live}` });
    expect(await search.liveProperty(ids.live)).toEqual(detail.json());
    await search.close();
  });

  it.each([
    ['pending', () => ids.pending],
    ['hidden', () => ids.hidden],
    ['unknown', () => '00000000-0000-4000-8000-000000000000'],
    ['not an id', () => "1' or '1'='1"],
  ])('answers null for a %s listing', async (_what, id) => {
    const search = createListingSearch(db);
    expect(await search.liveProperty(id())).toBeNull();
    await search.close();
  });

  it('keeps what it read while the index runs, and forgets it when told of a change', async () => {
    const search = createListingSearch(db);
    await search.warm();
    const before = search.stats().cachedProperties;
    await search.liveProperty(ids.live);
    expect(search.stats().cachedProperties).toBe(before + 1);
    await db.update(properties).set({ isActive: false }).where(eq(properties.id, ids.live));
    await search.changed([ids.live]);
    expect(await search.liveProperty(ids.live)).toBeNull();
    await db.update(properties).set({ isActive: true }).where(eq(properties.id, ids.live));
    await search.changed([ids.live]);
    expect(await search.liveProperty(ids.live)).toMatchObject({ title: 'Cached flat' });
    await search.close();
  });

  it('keeps nothing without the index, which would tell it of changes', async () => {
    const search = createListingSearch(db);
    expect(await search.liveProperty(ids.live)).toMatchObject({ title: 'Cached flat' });
    expect(search.stats().cachedProperties).toBe(0);
    await db.update(properties).set({ title: 'Renamed flat' }).where(eq(properties.id, ids.live));
    expect(await search.liveProperty(ids.live)).toMatchObject({ title: 'Renamed flat' });
    await search.close();
  });
});
