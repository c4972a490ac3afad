import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PAGE_SIZE } from '#common/conversations';
import { liveEvents } from '../../db/live-schema';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp, signUpAdmin } from '../../testing/test-app';
import { properties } from '../listings/service';
import { rateLimits } from './rate-limits';
import { conversationMessages, conversations as conversationsTable } from './schema';

// Enquiries (issue 37): who may start a conversation and read it, what each side sees, the
// warning a scammer's message carries, blocking, and the limits.
const clock = manualClock();
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let listingId: string;
beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner', firstName: 'Kofi' });
  listingId = await createListing(db, owner.userId, { title: 'Sunny chamber and hall' });
});

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.37.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

/** A renter with a verified e-mail (what a code would do). */
async function verifiedRenter(firstName = 'Ama'): Promise<Account> {
  const renter = await signUp(app, { firstName });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
  return renter;
}

const enquire = (id: string, who: Account | undefined, message: unknown, address?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/properties/${id}/enquiries`,
    headers: who ? { cookie: who.cookie } : {},
    payload: { message },
    remoteAddress: address ?? nextAddress(),
  });
const send = (id: string, who: Account, message: unknown, address?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    headers: { cookie: who.cookie },
    payload: { message },
    remoteAddress: address ?? nextAddress(),
  });
const messagesOf = (id: string, who: Account, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/conversations/${id}/messages${query}`,
    headers: { cookie: who.cookie },
  });
const inbox = async (who: Account) =>
  (
    await app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: who.cookie } })
  ).json();
const unread = async (who: Account) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/conversations/unread',
      headers: { cookie: who.cookie },
    })
  ).json().unread;

describe('starting a conversation', () => {
  it('refuses visitors, unverified accounts, one’s own listing and listings a visitor cannot see', async () => {
    expect((await enquire(listingId, undefined, 'Hello')).statusCode).toBe(401);

    const unverified = await signUp(app);
    const refused = await enquire(listingId, unverified, 'Hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('enquiry_needs_verified_contact');

    await db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.userId));
    const own = await enquire(listingId, owner, 'Hello');
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_listing_enquiry');

    const renter = await verifiedRenter();
    const pending = await createListing(db, owner.userId, { isVerified: false });
    const switchedOff = await createListing(db, owner.userId, { isActive: false });
    for (const id of [pending, switchedOff, '8d6b2b2e-0000-4000-8000-000000000000', 'nope']) {
      const answer = await enquire(id, renter, 'Is it still available?');
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().code).toBe('listing_not_found');
    }
  });

  it('starts one conversation per renter and listing, and later enquiries add to it', async () => {
    const renter = await verifiedRenter('Esi');
    const first = await enquire(listingId, renter, '  Is it still available?\r\nFrom when?  ');
    expect(first.statusCode).toBe(201);
    const { conversationId, message } = first.json();
    expect(message).toMatchObject({
      body: 'Is it still available?\nFrom when?',
      fromMe: true,
      readAt: null,
      warnings: [],
    });
    const second = await enquire(listingId, renter, 'How many months of advance?');
    expect(second.json().conversationId).toBe(conversationId);

    const mine = await inbox(renter);
    expect(mine.total).toBe(1);
    expect(mine.conversations[0]).toMatchObject({
      id: conversationId,
      property: { id: listingId, title: 'Sunny chamber and hall', city: 'Accra' },
      otherParty: { firstName: 'Kofi', emailVerified: true, identityVerified: false },
      asLister: false,
      lastMessage: { body: 'How many months of advance?', fromMe: true },
      unreadCount: 0,
      blockedByMe: false,
    });
    const one = await app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie: renter.cookie },
    });
    expect(one.json()).toEqual(mine.conversations[0]);
    const listers = (await inbox(owner)).conversations.find(
      (c: { id: string }) => c.id === conversationId,
    );
    expect(listers).toMatchObject({
      asLister: true,
      otherParty: { firstName: 'Esi' },
      lastMessage: { fromMe: false },
      unreadCount: 2,
    });
  });

  it('refuses an empty, a too long or a malformed message with 400, and keeps nothing', async () => {
    const renter = await verifiedRenter();
    for (const message of ['', '   \n ', 'x'.repeat(2001), 42, null]) {
      const answer = await enquire(listingId, renter, message);
      expect(answer.statusCode).toBe(400);
    }
    expect((await inbox(renter)).total).toBe(0);
    const longest = await enquire(listingId, renter, `${'x'.repeat(1999)}\u0007!`);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().message.body).toBe(`${'x'.repeat(1999)}!`);
  });

  it('takes no new conversation on a rented listing, but one already there goes on', async () => {
    const rentedId = await createListing(db, owner.userId, { title: 'Soon let' });
    const talking = await verifiedRenter();
    expect((await enquire(rentedId, talking, 'Still available?')).statusCode).toBe(201);
    await db
      .update(properties)
      .set({ rentedAt: clock.now(), isActive: false })
      .where(eq(properties.id, rentedId));
    const latecomer = await verifiedRenter();
    const refused = await enquire(rentedId, latecomer, 'Still available?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('listing_rented');
    expect((await enquire(rentedId, talking, 'Is the next one free?')).statusCode).toBe(201);
  });
});

describe('reading and answering', () => {
  it('the lister reads (marking read, telling the renter) and answers; the renter sees it', async () => {
    const renter = await verifiedRenter();
    const { conversationId } = (await enquire(listingId, renter, 'Viewing on Saturday?')).json();
    const before = await unread(owner);
    expect(before).toBeGreaterThanOrEqual(1);

    const page = await messagesOf(conversationId, owner);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      hasMore: false,
      // Read by this very request.
      messages: [
        { body: 'Viewing on Saturday?', fromMe: false, readAt: clock.now().toISOString() },
      ],
    });
    expect(await unread(owner)).toBe(before - 1);
    const told = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, renter.userId), eq(liveEvents.type, 'conversation.read')));
    expect(told.map((event) => event.data)).toEqual([
      { conversationId, readAt: clock.now().toISOString() },
    ]);

    const reply = await send(conversationId, owner, 'Yes, 10 am.');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toMatchObject({ body: 'Yes, 10 am.', fromMe: true });
    expect(await unread(renter)).toBe(1);
    const liveToRenter = await db
      .select()
      .from(liveEvents)
      .where(
        and(eq(liveEvents.userId, renter.userId), eq(liveEvents.type, 'conversation.message')),
      );
    expect(liveToRenter.at(-1)!.data).toMatchObject({
      conversationId,
      unread: 1,
      message: { body: 'Yes, 10 am.', fromMe: false },
    });

    const renterPage = (await messagesOf(conversationId, renter)).json();
    expect(
      renterPage.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe]),
    ).toEqual([
      ['Yes, 10 am.', false],
      ['Viewing on Saturday?', true],
    ]);
    expect(renterPage.messages[1].readAt).toBe(clock.now().toISOString());
    expect(await unread(renter)).toBe(0);
  });

  it('answers 404 to anyone but the two parties, an administrator too', async () => {
    const renter = await verifiedRenter();
    const { conversationId } = (await enquire(listingId, renter, 'Hello')).json();
    const stranger = await verifiedRenter();
    const admin = await signUpAdmin(testApp);
    for (const who of [stranger, admin]) {
      for (const answer of [
        await messagesOf(conversationId, who),
        await app.inject({
          method: 'GET',
          url: `/api/conversations/${conversationId}`,
          headers: { cookie: who.cookie },
        }),
        await send(conversationId, who, 'Hi'),
        await app.inject({
          method: 'POST',
          url: `/api/conversations/${conversationId}/block`,
          headers: { cookie: who.cookie },
        }),
      ]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json().code).toBe('conversation_not_found');
      }
      expect((await inbox(who)).total).toBe(0);
    }
    const visitor = await app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages`,
    });
    expect(visitor.statusCode).toBe(401);
    const malformed = await messagesOf('not-a-uuid', renter);
    expect(malformed.statusCode).toBe(404);
  });

  it('pages messages newest first, 50 a page, with `before`', async () => {
    const renter = await verifiedRenter();
    const { conversationId } = (await enquire(listingId, renter, 'Message 0')).json();
    const start = clock.now().getTime();
    await db.insert(conversationMessages).values(
      Array.from({ length: 54 }, (_, n) => ({
        conversationId,
        senderId: renter.userId,
        body: `Message ${n + 1}`,
        sentAt: new Date(start + (n + 1) * 1000),
      })),
    );
    const first = (await messagesOf(conversationId, renter)).json();
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.messages[0].body).toBe('Message 54');
    const last = first.messages.at(-1).id;
    const second = (await messagesOf(conversationId, renter, `?before=${last}`)).json();
    expect(second.hasMore).toBe(false);
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual([
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
      'Message 0',
    ]);
    // `before` must be a message of this conversation.
    const elsewhere = await verifiedRenter();
    const other = (await enquire(listingId, elsewhere, 'Another')).json();
    for (const before of [other.message.id, 'nope']) {
      const refused = await messagesOf(conversationId, renter, `?before=${before}`);
      expect(refused.statusCode, before).toBe(404);
    }
  });
});

describe('the inbox list', () => {
  it('pages 20 at a time, newest activity first, with the total on every page', async () => {
    const lister = await signUp(app, { userType: 'owner' });
    const id = await createListing(db, lister.userId);
    for (let n = 0; n < 25; n++) {
      clock.advance(60_000);
      expect((await enquire(id, await verifiedRenter(`Renter${n}`), `Hello ${n}`)).statusCode).toBe(
        201,
      );
    }
    const pageOf = async (page: number) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/conversations?page=${page}`,
          headers: { cookie: lister.cookie },
        })
      ).json();
    const [first, second, past] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect(first.total).toBe(25);
    expect(
      first.conversations.map((c: { lastMessage: { body: string } }) => c.lastMessage.body),
    ).toEqual(Array.from({ length: 20 }, (_, n) => `Hello ${24 - n}`));
    expect(second.total).toBe(25);
    expect(
      second.conversations.map((c: { lastMessage: { body: string } }) => c.lastMessage.body),
    ).toEqual(Array.from({ length: 5 }, (_, n) => `Hello ${4 - n}`));
    expect(past).toEqual({ total: 25, conversations: [] });
  });
});

describe('safety', () => {
  it('warns the recipient, never the sender, of a message asking for money before a viewing', async () => {
    const renter = await verifiedRenter();
    const { conversationId } = (await enquire(listingId, renter, 'Can I see it?')).json();
    const scam = await send(conversationId, owner, 'Send the viewing fee to 024 123 4567 first');
    expect(scam.json().message.warnings).toEqual([]);
    const seen = (await messagesOf(conversationId, renter)).json().messages[0];
    expect(seen).toMatchObject({ fromMe: false, warnings: ['payment_before_viewing'] });
    const listerCopy = (await messagesOf(conversationId, owner)).json().messages[0];
    expect(listerCopy.warnings).toEqual([]);
  });

  it('a blocked party’s messages are refused until unblocked', async () => {
    const renter = await verifiedRenter();
    const { conversationId } = (await enquire(listingId, renter, 'Hello')).json();
    const block = (method: 'POST' | 'DELETE') =>
      app.inject({
        method,
        url: `/api/conversations/${conversationId}/block`,
        headers: { cookie: owner.cookie },
      });
    expect((await block('POST')).statusCode).toBe(200);
    expect((await block('POST')).statusCode).toBe(200);
    const refused = await send(conversationId, renter, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('conversation_blocked');
    expect((await enquire(listingId, renter, 'Hello?')).json().code).toBe('conversation_blocked');
    const listed = (await inbox(owner)).conversations.find(
      (c: { id: string }) => c.id === conversationId,
    );
    expect(listed.blockedByMe).toBe(true);
    // The blocker may still write.
    expect((await send(conversationId, owner, 'Goodbye')).statusCode).toBe(201);
    expect((await block('DELETE')).statusCode).toBe(200);
    expect((await send(conversationId, renter, 'Hello again')).statusCode).toBe(201);
  });
});

describe('limits', () => {
  it('a renter flooding 25 listings starts 20 conversations, then 429 enquiries_limit', async () => {
    const flooder = await verifiedRenter();
    const listings = [];
    for (let n = 0; n < 25; n++) listings.push(await createListing(db, owner.userId));
    const statuses = [];
    for (const [n, id] of listings.entries()) {
      // Slowly enough that the message budget is not what stops it.
      if (n % 10 === 9) clock.advance(rateLimits.messagesPerAccount.timeWindow);
      const answer = await enquire(id, flooder, 'Is it available?');
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json().code).toBe('enquiries_limit');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    clock.advance(rateLimits.newConversationsPerAccount.timeWindow);
    expect((await enquire(listings[24]!, flooder, 'Is it available?')).statusCode).toBe(201);
  });

  it('a spammer copying a message to many conversations stops at 30 in 10 minutes', async () => {
    clock.advance(rateLimits.messagesPerAccount.timeWindow);
    const spammer = await signUp(app, { userType: 'owner' });
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, spammer.userId));
    const conversations: string[] = [];
    for (let n = 0; n < 12; n++) {
      const renter = await verifiedRenter();
      const id = await createListing(db, spammer.userId);
      conversations.push((await enquire(id, renter, 'Hello')).json().conversationId);
    }
    const statuses = [];
    for (let n = 0; n < 36; n++) {
      const answer = await send(conversations[n % 12]!, spammer, 'Pay the deposit by MoMo');
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    const refused = await send(conversations[0]!, spammer, 'again');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('messages_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Past the window (messages of one conversation are a millisecond apart at least).
    clock.advance(rateLimits.messagesPerAccount.timeWindow + 1000);
    expect((await send(conversations[0]!, spammer, 'later')).statusCode).toBe(201);
  });

  it('one address sends at most 300 messages an hour, whichever accounts', async () => {
    clock.advance(rateLimits.messagesPerAccount.timeWindow);
    const address = '10.38.0.1';
    const { max } = rateLimits.messagesPerIp;
    let sent = 0;
    let refused = 0;
    // Accounts of their own, each within its budget, all behind one address.
    while (sent + refused < max + 5) {
      const renter = await verifiedRenter();
      const { conversationId } = (await enquire(listingId, renter, 'Hi', address)).json() as {
        conversationId?: string;
      };
      if (!conversationId) {
        refused += 1;
        continue;
      }
      sent += 1;
      for (let n = 0; n < 20 && sent + refused < max + 5; n++) {
        const answer = await send(conversationId, renter, `Note ${n}`, address);
        if (answer.statusCode === 201) sent += 1;
        else {
          expect(answer.statusCode).toBe(429);
          expect(answer.json().code).toBe('rate_limited');
          refused += 1;
        }
      }
    }
    expect(sent).toBe(max);
    expect(refused).toBe(5);
  });
});

describe('response signals', () => {
  it('a lister’s median time to a first reply and share answered within a day, from the third conversation', async () => {
    const lister = await signUp(app, { userType: 'owner' });
    const id = await createListing(db, lister.userId);
    const detail = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/properties/${id}`,
          headers: { cookie: (await verifiedRenter()).cookie },
        })
      ).json().lister.responseTime;

    // The lister's own, for the dashboard (GET /api/conversations/response-time).
    const own = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/conversations/response-time',
          headers: { cookie: lister.cookie },
        })
      ).json();
    expect(await own()).toEqual({ responseTime: null, shownOnListings: false });

    const started: string[] = [];
    for (let n = 0; n < 3; n++) {
      const renter = await verifiedRenter();
      started.push((await enquire(id, renter, 'Available?')).json().conversationId);
      if (n === 1) {
        expect(await detail()).toBeNull();
        // The lister sees theirs before listings show them.
        expect(await own()).toEqual({
          responseTime: { medianMinutes: null, replyRate: 0, conversations: 2 },
          shownOnListings: false,
        });
      }
    }
    expect(await detail()).toEqual({ medianMinutes: null, replyRate: 0, conversations: 3 });

    clock.advance(30 * 60_000);
    expect((await send(started[0]!, lister, 'Yes')).statusCode).toBe(201);
    clock.advance(150 * 60_000);
    expect((await send(started[1]!, lister, 'Yes')).statusCode).toBe(201);
    // A second answer is no first reply.
    expect((await send(started[0]!, lister, 'Still yes')).statusCode).toBe(201);
    // Replies of 30 and 180 minutes; the third conversation is not answered, which counts as
    // slower than any answer: the median is 180. Listings show no median under 5 enquiries
    // (issue 50), only the share.
    expect(await detail()).toEqual({ medianMinutes: null, replyRate: 0.667, conversations: 3 });
    expect(await own()).toEqual({
      responseTime: { medianMinutes: 180, replyRate: 0.667, conversations: 3 },
      shownOnListings: true,
    });

    // 90 days after they started, they have left the window: the next hourly sweep sees it.
    clock.advance(90 * 86_400_000 - 120 * 60_000);
    const { updateSignalsLeavingTheWindow } = await import('./response-signals');
    expect(await updateSignalsLeavingTheWindow(db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await detail()).toBeNull();
  });

  /** A lister with a listing, and its lister block as renters and listing pages see it. */
  async function listerWithListing() {
    const lister = await signUp(app, { userType: 'owner' });
    const id = await createListing(db, lister.userId);
    const shown = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/properties/${id}`,
          headers: { cookie: (await verifiedRenter()).cookie },
        })
      ).json().lister.responseTime;
    const enquiries = async (count: number) => {
      const ids: string[] = [];
      for (let n = 0; n < count; n++) {
        ids.push((await enquire(id, await verifiedRenter(), 'Available?')).json().conversationId);
      }
      return ids;
    };
    return { lister, id, shown, enquiries };
  }

  it('says "usually replies within" only from 5 enquiries with half answered within a day (issue 50)', async () => {
    const { lister, shown, enquiries } = await listerWithListing();
    const started = await enquiries(10);
    // Two fast answers out of ten: no median of "10 minutes", the share instead.
    clock.advance(10 * 60_000);
    for (const conversation of started.slice(0, 2)) {
      expect((await send(conversation, lister, 'Yes')).statusCode).toBe(201);
    }
    expect(await shown()).toEqual({ medianMinutes: null, replyRate: 0.2, conversations: 10 });
    const [row] = await db
      .select({ median: users.responseMedianMinutes })
      .from(users)
      .where(eq(users.id, lister.userId));
    // The unanswered eight are slower than any answer: the median itself is none.
    expect(row!.median).toBeNull();

    // Four more within the hour: six of ten answered within a day.
    clock.advance(30 * 60_000);
    for (const conversation of started.slice(2, 6)) {
      expect((await send(conversation, lister, 'Yes')).statusCode).toBe(201);
    }
    expect(await shown()).toEqual({ medianMinutes: 40, replyRate: 0.6, conversations: 10 });
  });

  it('four enquiries all answered at once still show the share, not a median (issue 50)', async () => {
    const { lister, shown, enquiries } = await listerWithListing();
    const started = await enquiries(4);
    clock.advance(5 * 60_000);
    for (const conversation of started) await send(conversation, lister, 'Yes');
    expect(await shown()).toEqual({ medianMinutes: null, replyRate: 1, conversations: 4 });
    await enquiries(1);
    expect((await shown()).medianMinutes).toBe(5);
  });

  it('does not count renters the lister blocked, or who have no verified contact (issue 50)', async () => {
    const { lister, shown, enquiries } = await listerWithListing();
    const answered = await enquiries(3);
    clock.advance(5 * 60_000);
    for (const conversation of answered) await send(conversation, lister, 'Yes');
    // A flood of enquiries the lister does not answer, to make them look silent.
    const flood = await enquiries(3);
    expect(await shown()).toEqual({ medianMinutes: 5, replyRate: 0.5, conversations: 6 });
    // Blocking two of them takes them out of the count.
    for (const conversation of flood.slice(0, 2)) {
      const blocked = await app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation}/block`,
        headers: { cookie: lister.cookie },
      });
      expect(blocked.statusCode).toBe(200);
    }
    expect(await shown()).toEqual({ medianMinutes: null, replyRate: 0.75, conversations: 4 });
    // A renter whose contact is no longer verified does not count either (from the next update).
    const [last] = await db
      .select({ renterId: conversationsTable.renterId })
      .from(conversationsTable)
      .where(eq(conversationsTable.id, flood[2]!));
    await db
      .update(users)
      .set({ emailVerified: false, phoneVerified: false })
      .where(eq(users.id, last!.renterId));
    const more = await enquiries(1);
    await send(more[0]!, lister, 'Yes');
    expect(await shown()).toEqual({ medianMinutes: null, replyRate: 1, conversations: 4 });
  });
});
