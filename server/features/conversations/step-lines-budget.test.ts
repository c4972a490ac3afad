import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp } from '../../testing/test-app';
import { rateLimits } from './rate-limits';

// Viewing step lines count against the message budget of the party who caused them, never
// against the other (issue 50): a renter who requests and cancels a viewing again and again fills
// their own budget, and the lister can still answer in the conversation, as much as ever. (The
// budget both sides of a conversation shared, 60 lines in 10 minutes, left the lister 20.)
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let addresses = 0;
const nextAddress = () => `10.52.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

async function verified(userType: 'renter' | 'owner') {
  const account = await signUp(app, { userType });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, account.userId));
  return account;
}

const post = (url: string, who: { cookie: string }, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie },
    payload,
    remoteAddress: nextAddress(),
  });

describe('viewing step lines and the conversation budget', () => {
  it('a renter’s requests and cancels spend the renter’s budget, not the lister’s', async () => {
    const owner = await verified('owner');
    const renter = await verified('renter');
    const listingId = await createListing(db, owner.userId);
    await app.inject({
      method: 'PUT',
      url: `/api/properties/${listingId}/viewing-hours`,
      headers: { cookie: owner.cookie },
      payload: {
        slotMinutes: 30,
        windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
        blockedDates: [],
      },
    });
    let conversationId = '';
    // As many request-and-cancel rounds as a renter may make in a day (viewings' 20 cancels),
    // in ten minutes: 40 step lines, more than the renter's whole budget.
    const cycles = 20;
    for (let n = 0; n < cycles; n++) {
      const request = await post(`/api/properties/${listingId}/viewings`, renter, {
        startsAt: '2026-11-28T10:30:00Z',
      });
      expect(request.statusCode, request.body).toBe(201);
      conversationId = request.json().conversationId;
      const cancel = await post(`/api/viewings/${request.json().id}/cancel`, renter);
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    // The renter's own budget is spent by the lines they caused: their messages on top (which,
    // with a budget both sides shared, filled it and silenced the lister) are refused ...
    for (let n = 0; n < rateLimits.messagesPerAccount.max; n++) {
      const more = await post(`/api/conversations/${conversationId}/messages`, renter, {
        message: `Are you there? (${n})`,
      });
      expect(more.statusCode).toBe(429);
      expect(more.json().code).toBe('messages_limit');
    }
    // ... and the lister still has the whole of their own budget: none of those lines is theirs.
    for (let n = 0; n < rateLimits.messagesPerAccount.max; n++) {
      const answer = await post(`/api/conversations/${conversationId}/messages`, owner, {
        message: 'Please stop requesting and cancelling.',
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
  });
});
