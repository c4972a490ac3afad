import { describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';

const { app, database } = await createTestApp();
const db = database.db;

let visitors = 0;
/** A page load as the web app reports it, by a new browser (signed in when a cookie is given). */
const open = (path: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/track-visitor',
    headers: cookie ? { cookie } : {},
    payload: {
      visitorId: `visitor_page_views_${(visitors += 1)}`,
      pageUrl: `http://localhost${path}?utm=1`,
      pageTitle: 'A listing',
    },
  });

const ownList = async (cookie: string) =>
  Object.fromEntries(
    (await app.inject({ method: 'GET', url: '/api/user/properties', headers: { cookie } }))
      .json()
      .map((p: { id: string; pageViews?: number }) => [p.id, p.pageViews]),
  );

describe('pageViews (the dashboard’s Total Views)', () => {
  it('counts the opens of each of the owner’s listing pages by others, on their list only', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const renter = await signUp(app);
    const seen = await createListing(db, owner.userId, { title: 'Seen flat' });
    const unseen = await createListing(db, owner.userId, { title: 'Unseen flat' });
    const other = await createListing(db, renter.userId, { title: 'Someone else’s' });
    for (const [path, cookie] of [
      [`/property/${seen}`, undefined],
      [`/property/${seen}`, renter.cookie],
      [`/property/${seen}/contact`, undefined],
      // The owner looking at their own page is not a view.
      [`/property/${seen}`, owner.cookie],
      [`/property/${other}`, undefined],
    ] as const) {
      expect((await open(path, cookie)).statusCode).toBe(204);
    }

    expect(await ownList(owner.cookie)).toEqual({ [seen]: 2, [unseen]: 0 });

    // Nobody's public JSON of a listing carries it, the owner's own detail included.
    for (const headers of [{ cookie: owner.cookie }, { cookie: renter.cookie }, {}]) {
      const detail = await app.inject({ method: 'GET', url: `/api/properties/${seen}`, headers });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).not.toHaveProperty('pageViews');
    }
  });
});
