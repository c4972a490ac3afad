import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, type Property, type SearchResult } from '#common/properties';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { createListingSearch, type ListingSearch } from './listing-search';

/**
 * The lister's badges on every listing (issue 19) and the verified-lister filter: answered
 * alike by SQL and by the in-memory index, and kept current when an administrator verifies a
 * lister, through the change log the database writes for the owner's row (migration 0022).
 */
const { app, database } = await createTestApp();
const db = database.db;

const unverified = {
  emailVerified: false,
  phoneVerified: false,
  identityVerified: false,
  licensedAgent: false,
  responseTime: null,
  // The lister's page (issue 40): a slug of the name and 8 hexadecimal digits.
  handle: expect.stringMatching(/^[a-z0-9-]+-[0-9a-f]{8}$/),
};
let verifiedAgent: string;
let plainOwner: string;
const ids = { agentFlat: '', ownerFlat: '' };

beforeAll(async () => {
  verifiedAgent = (await signUp(app, { userType: 'agent', businessName: 'Keys Ltd' })).userId;
  plainOwner = (await signUp(app, { userType: 'owner' })).userId;
  await db
    .update(users)
    .set({
      emailVerified: true,
      phoneVerified: true,
      identityVerifiedAt: new Date(),
      licensedAgentAt: new Date(),
    })
    .where(eq(users.id, verifiedAgent));
  await db
    .update(users)
    .set({ emailVerified: false, phoneVerified: false })
    .where(eq(users.id, plainOwner));
  ids.agentFlat = await createListing(db, verifiedAgent, { title: 'Agent flat', city: 'Techiman' });
  ids.ownerFlat = await createListing(db, plainOwner, { title: 'Owner flat', city: 'Techiman' });
});

const inject = (url: string) => app.inject({ method: 'GET', url });
const titles = (result: { properties: { title: string }[] }) =>
  result.properties.map((p) => p.title).sort();

describe('the lister’s badges', () => {
  it('are on the listing’s page, from the owner’s account', async () => {
    const agent = await inject(`/api/properties/${ids.agentFlat}`);
    const owner = await inject(`/api/properties/${ids.ownerFlat}`);
    expect(agent.json().lister).toEqual({
      emailVerified: true,
      phoneVerified: true,
      identityVerified: true,
      licensedAgent: true,
      responseTime: null,
      handle: expect.stringMatching(/^[a-z0-9-]+-[0-9a-f]{8}$/),
    });
    expect(owner.json().lister).toEqual(unverified);
  });

  it('are on every search result, for visitors and for signed-in readers', async () => {
    const reader = await signUp(app);
    for (const cookie of [undefined, reader.cookie]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/properties/search?location=techiman',
        headers: cookie ? { cookie } : {},
      });
      const found = new Map(
        (response.json() as SearchResult).properties.map((p) => [p.title, p.lister]),
      );
      expect(found.get('Agent flat')?.identityVerified).toBe(true);
      expect(found.get('Agent flat')?.licensedAgent).toBe(true);
      expect(found.get('Owner flat')).toEqual(unverified);
    }
  });
});

describe('verifiedLister=true', () => {
  const searches: [string, ListingSearch][] = [];
  beforeAll(async () => {
    const inSql = createListingSearch(db, undefined, { useIndex: false });
    const indexed = createListingSearch(db, undefined, { refreshMs: 60_000 });
    await indexed.warm();
    searches.push(['in SQL', inSql], ['from the index', indexed]);
  });
  afterAll(async () => {
    for (const [, search] of searches) await search.close();
  });

  const find = async (search: ListingSearch, query: Record<string, string>) => {
    const result = await search.search(searchQuerySchema.parse(query), null);
    return JSON.parse(result.toString()) as { properties: Property[]; total: number };
  };

  it('shows only listings of verified listers, in SQL and from the index', async () => {
    for (const [mode, search] of searches) {
      expect(titles(await find(search, { location: 'techiman' })), mode).toEqual([
        'Agent flat',
        'Owner flat',
      ]);
      for (const verifiedLister of ['true', '1']) {
        const only = await find(search, { location: 'techiman', verifiedLister });
        expect(titles(only), mode).toEqual(['Agent flat']);
        expect(only.total, mode).toBe(1);
      }
      // false, 0 or nothing: no filter.
      for (const verifiedLister of ['false', '0', '']) {
        expect((await find(search, { location: 'techiman', verifiedLister })).total, mode).toBe(2);
      }
    }
  });

  it('includes agents whose licence was checked without an identity document (issue 34)', async () => {
    const licensed = (await signUp(app, { userType: 'agent', businessName: 'Licence Only' }))
      .userId;
    const unchecked = (await signUp(app, { userType: 'agent', businessName: 'Unchecked' })).userId;
    await db
      .update(users)
      .set({ licensedAgentAt: new Date(), licenseNumber: 'GREDA-0034' })
      .where(eq(users.id, licensed));
    await createListing(db, licensed, { title: 'Licensed agent flat', city: 'Bolgatanga' });
    await createListing(db, unchecked, { title: 'Unchecked agent flat', city: 'Bolgatanga' });
    const inSql = createListingSearch(db, undefined, { useIndex: false });
    const indexed = createListingSearch(db, undefined, { refreshMs: 60_000 });
    await indexed.warm();
    try {
      for (const [mode, search] of [
        ['in SQL', inSql],
        ['from the index', indexed],
      ] as const) {
        const only = await find(search, { location: 'bolgatanga', verifiedLister: 'true' });
        expect(titles(only), mode).toEqual(['Licensed agent flat']);
        expect(only.properties[0]?.lister, mode).toMatchObject({
          identityVerified: false,
          licensedAgent: true,
        });
      }
      // A licence withdrawn: no longer a verified lister, in the index as in SQL.
      await db.update(users).set({ licensedAgentAt: null }).where(eq(users.id, licensed));
      await indexed.changed();
      for (const [mode, search] of [
        ['in SQL', inSql],
        ['from the index', indexed],
      ] as const) {
        const only = await find(search, { location: 'bolgatanga', verifiedLister: 'true' });
        expect(only.total, mode).toBe(0);
      }
    } finally {
      await inSql.close();
      await indexed.close();
    }
  });

  it('follows a lister’s verification at the next check of the change log', async () => {
    const [, indexed] = searches[1]!;
    const filtered = { location: 'techiman', verifiedLister: 'true' };
    expect(titles(await find(indexed, filtered))).toEqual(['Agent flat']);
    await db.update(users).set({ identityVerifiedAt: new Date() }).where(eq(users.id, plainOwner));
    // The periodic check, at once: it reads the owner row the trigger logged.
    await indexed.changed();
    expect(titles(await find(indexed, filtered))).toEqual(['Agent flat', 'Owner flat']);
    const all = await find(indexed, { location: 'techiman' });
    expect(all.properties.find((p) => p.title === 'Owner flat')?.lister.identityVerified).toBe(
      true,
    );
    // And back: a verification withdrawn.
    await db.update(users).set({ identityVerifiedAt: null }).where(eq(users.id, plainOwner));
    await indexed.changed();
    expect(titles(await find(indexed, filtered))).toEqual(['Agent flat']);
    expect(
      (await find(indexed, { location: 'techiman' })).properties.find(
        (p) => p.title === 'Owner flat',
      )?.lister,
    ).toEqual(unverified);
  });

  it('retires the pages a server keeps for repeated URLs when a lister’s badges change', async () => {
    await app.listingSearch.warm();
    const all = '/api/properties/search?location=techiman';
    const only = `${all}&verifiedLister=true`;
    const ownerBadges = async () =>
      ((await inject(all)).json() as SearchResult).properties.find((p) => p.title === 'Owner flat')
        ?.lister;
    expect(titles((await inject(only)).json())).toEqual(['Agent flat']);
    expect(await ownerBadges()).toEqual(unverified);
    // A badge the index holds nothing of: only the cards change.
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, plainOwner));
    await app.listingSearch.changed();
    expect(await ownerBadges()).toEqual({ ...unverified, emailVerified: true });
    // The one the filter reads.
    await db.update(users).set({ identityVerifiedAt: new Date() }).where(eq(users.id, plainOwner));
    await app.listingSearch.changed();
    expect(titles((await inject(only)).json())).toEqual(['Agent flat', 'Owner flat']);
    expect(await ownerBadges()).toEqual({
      ...unverified,
      emailVerified: true,
      identityVerified: true,
    });
    await db
      .update(users)
      .set({ emailVerified: false, identityVerifiedAt: null })
      .where(eq(users.id, plainOwner));
    await app.listingSearch.changed();
    expect(titles((await inject(only)).json())).toEqual(['Agent flat']);
    expect(await ownerBadges()).toEqual(unverified);
  });

  it('answers 400 naming the field for anything but true, 1, false or 0', async () => {
    for (const value of ['maybe', 'yes', 'TRUE', '2']) {
      const response = await inject(`/api/properties/search?verifiedLister=${value}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().fields).toHaveProperty(['verifiedLister']);
    }
  });
});
