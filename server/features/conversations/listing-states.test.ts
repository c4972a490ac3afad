import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { liveEvents } from '../../db/live-schema';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { conversationListingState } from './listing-states';

// A conversation shows where its listing stands (issue 37), told to both parties on the live
// stream as the listing events announce it, once per person and listing.
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;
const owner = await signUp(app, { userType: 'owner', firstName: 'Kwame' });
const admin = await signUpAdmin(testApp);

type Account = Awaited<ReturnType<typeof signUp>>;
async function verifiedRenter(): Promise<Account> {
  const renter = await signUp(app);
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
  return renter;
}

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  who: Account,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function enquire(listingId: string, renter: Account): Promise<string> {
  const answer = await call('POST', `/api/properties/${listingId}/enquiries`, renter, {
    message: 'Is it still available?',
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().conversationId;
}

const stateSeenBy = async (who: Account, conversationId: string) =>
  (await call('GET', `/api/conversations/${conversationId}`, who)).json().property.state;

/** The `conversation.listing` events `who` was sent about `listingId`, once there are `count`. */
const toldOf = (who: Account, listingId: string, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await db
        .select({ data: liveEvents.data })
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, who.userId), eq(liveEvents.type, 'conversation.listing')));
      const states = rows
        .map((row) => row.data as { listingId: string; state: string })
        .filter((data) => data.listingId === listingId)
        .map((data) => data.state);
      if (states.length < count) throw new Error(`told of ${states.join(', ') || 'nothing'}`);
      return states;
    },
    { timeout: 10_000, interval: 50 },
  );

describe('a conversation’s listing', () => {
  it('shows rented, then available again, to both parties, told live once per person', async () => {
    const listingId = await createListing(db, owner.userId, { title: 'Two-bedroom in Dansoman' });
    const [first, second] = [await verifiedRenter(), await verifiedRenter()];
    const conversationId = await enquire(listingId, first);
    await enquire(listingId, second);
    expect(await stateSeenBy(first, conversationId)).toBe('available');

    expect((await call('POST', `/api/properties/${listingId}/rented`, owner)).statusCode).toBe(200);
    expect(await toldOf(first, listingId, 1)).toEqual(['rented']);
    expect(await toldOf(second, listingId, 1)).toEqual(['rented']);
    // The lister of two conversations about it is told once.
    expect(await toldOf(owner, listingId, 1)).toEqual(['rented']);
    expect(await stateSeenBy(first, conversationId)).toBe('rented');
    expect(await stateSeenBy(owner, conversationId)).toBe('rented');
    // And in the list.
    const list = (await call('GET', '/api/conversations', first)).json();
    expect(list.conversations[0].property).toMatchObject({ id: listingId, state: 'rented' });

    expect((await call('DELETE', `/api/properties/${listingId}/rented`, owner)).statusCode).toBe(
      200,
    );
    expect(await toldOf(first, listingId, 2)).toEqual(['rented', 'available']);
    expect(await stateSeenBy(first, conversationId)).toBe('available');
  });

  it('shows unavailable when an administrator hides it, and removed once deleted', async () => {
    const listingId = await createListing(db, owner.userId, { title: 'Chamber and hall, Madina' });
    const renter = await verifiedRenter();
    const conversationId = await enquire(listingId, renter);
    const hidden = await call('PATCH', `/api/admin/properties/${listingId}/visibility`, admin, {
      isActive: false,
      reason: 'Photos of another house',
    });
    expect(hidden.statusCode).toBe(200);
    expect(await toldOf(renter, listingId, 1)).toEqual(['unavailable']);
    expect(await stateSeenBy(renter, conversationId)).toBe('unavailable');

    expect((await call('DELETE', `/api/properties/${listingId}`, owner)).statusCode).toBeLessThan(
      300,
    );
    // What was said stays, with the listing's name.
    const after = (await call('GET', `/api/conversations/${conversationId}`, renter)).json();
    expect(after.property).toMatchObject({
      id: null,
      title: 'Chamber and hall, Madina',
      state: 'removed',
    });
  });

  it('reads each public state as a conversation says it', () => {
    expect(conversationListingState('live')).toBe('available');
    expect(conversationListingState('rented')).toBe('rented');
    expect(conversationListingState('expired')).toBe('expired');
    expect(conversationListingState('deleted')).toBe('removed');
    for (const state of ['pending', 'switched-off', 'hidden', 'reported'] as const) {
      expect(conversationListingState(state), state).toBe('unavailable');
    }
  });
});
