import { describe, expect, it } from 'vitest';
import { marketplaceStatsSchema } from '#common/properties';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp } from '../../testing/test-app';

// The home page's "Landlords and agents" (issue 50): the listers with a live listing, counted.
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

const stats = async () => {
  const answer = await app.inject({ method: 'GET', url: '/api/properties/stats' });
  expect(answer.statusCode).toBe(200);
  return marketplaceStatsSchema.parse(answer.json());
};

describe('GET /api/properties/stats', () => {
  it('counts each lister with a live listing once, and no one whose listings are not live', async () => {
    expect(await stats()).toEqual({ listers: 0 });
    const twoListings = await signUp(app, { userType: 'owner' });
    await createListing(db, twoListings.userId);
    await createListing(db, twoListings.userId);
    const agent = await signUp(app, { userType: 'agent', businessName: 'Osu Homes' });
    await createListing(db, agent.userId);
    // Waiting for review, switched off: not live.
    const pending = await signUp(app, { userType: 'owner' });
    await createListing(db, pending.userId, { isVerified: false });
    const off = await signUp(app, { userType: 'owner' });
    await createListing(db, off.userId, { isActive: false });
    // Counted a minute at most after the last count, not on every home page.
    clock.advance(60_000);
    expect(await stats()).toEqual({ listers: 2 });

    const another = await signUp(app, { userType: 'owner' });
    await createListing(db, another.userId);
    expect(await stats()).toEqual({ listers: 2 });
    clock.advance(60_000);
    expect(await stats()).toEqual({ listers: 3 });
  });
});
