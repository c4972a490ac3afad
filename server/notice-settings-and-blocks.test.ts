import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { NoticeChannel } from '#common/auth';
import { rowsOf } from './db/client';
import { users } from './db/schema';
import { createListing } from './testing/builders';
import {
  createTestApp,
  deliveriesSettled,
  manualClock,
  notificationsTo,
  releaseHeldNotices,
  signUp,
} from './testing/test-app';
import { REMINDER_QUEUE } from './features/conversations/unread-reminders';
import { inviteDue } from './features/reviews/invitations';
import { moveViewingEarlier } from './features/viewings/service';

// Issue 50: each kind of notice (enquiries, viewings, reviews) goes by e-mail, SMS, both (e-mail
// to a verified address, else SMS) or none, as the account chose; with none the app still shows
// it all. And a lister's block of a renter holds on every listing of the lister.
// The clock: Saturday 21 November 2026, 12:00 in Accra (UTC+0).
const clock = manualClock();
const publicUrl = 'https://abode.com.gh';
const { app, database } = await createTestApp(
  { publicUrl },
  { clock: clock.now, jobQueue: { pollIntervalMs: 250 } },
);
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>> & { email: string; phone: string };
let counter = 0;
const nextAddress = () => {
  counter += 1;
  return `10.50.${Math.floor(counter / 250)}.${counter % 250}`;
};
const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who?: Account,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: nextAddress(),
  });

/** An account with a verified e-mail and a verified phone. */
async function person(
  firstName: string,
  userType: 'renter' | 'owner' = 'renter',
): Promise<Account> {
  const created = await signUp(app, { firstName, userType });
  counter += 1;
  const [row] = await db
    .update(users)
    .set({
      emailVerified: true,
      phone: `+23324${String(5_000_000 + counter)}`,
      phoneVerified: true,
    })
    .where(eq(users.id, created.userId))
    .returning();
  return { ...created, email: row!.email!, phone: row!.phone! };
}

const saturdays = {
  slotMinutes: 30,
  windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
  blockedDates: [],
};
async function newListing(lister: Account, title = 'Chamber and hall, Osu') {
  const id = await createListing(db, lister.userId, { title });
  expect(
    (await call('PUT', `/api/properties/${id}/viewing-hours`, lister, saturdays)).statusCode,
  ).toBe(200);
  return id;
}

const choose = (who: Account, settings: Record<string, unknown>) =>
  call('PUT', '/api/account/notification-settings', who, settings);
const everyKind = (choice: NoticeChannel) => ({
  enquiries: choice,
  viewings: choice,
  reviews: choice,
});
const choices: NoticeChannel[] = ['email', 'sms', 'both', 'none'];
/** What each choice sends to a person with a verified address and number. */
const expected: Record<NoticeChannel, { email: number; sms: number }> = {
  email: { email: 1, sms: 0 },
  sms: { email: 0, sms: 1 },
  both: { email: 1, sms: 0 },
  none: { email: 0, sms: 0 },
};

const enquire = (listingId: string, who: Account, message = 'Is it still available?') =>
  call('POST', `/api/properties/${listingId}/enquiries`, who, { message });
async function requestViewing(listingId: string, who: Account) {
  const slots = await call('GET', `/api/properties/${listingId}/viewing-slots`, who);
  const startsAt = slots.json().slots[0].startsAt as string;
  return call('POST', `/api/properties/${listingId}/viewings`, who, { startsAt });
}

/** Runs every waiting reminder job as if due (the queue waits by the database's clock). */
async function remindersRun(): Promise<void> {
  clock.advance(6 * 60_000);
  await db.execute(
    sql`UPDATE pgboss.job SET start_after = now()
        WHERE name = ${REMINDER_QUEUE} AND state IN ('created', 'retry') AND start_after > now()`,
  );
  await vi.waitFor(
    async () => {
      const [waiting] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pgboss.job
            WHERE name = ${REMINDER_QUEUE} AND state IN ('created', 'active', 'retry')
              AND start_after <= now()`,
      );
      if (waiting?.n) throw new Error(`${waiting.n} reminders still to run`);
    },
    { timeout: 15_000, interval: 50 },
  );
  await deliveriesSettled(db);
}

/** How many e-mails and SMS `who` got that `keep` selects (not sign-up codes). */
async function told(who: Account, keep: (text: string, subject: string | null) => boolean) {
  const emails = await notificationsTo(db, who.email, (n) => keep(n.textBody, n.subject));
  const sms = await notificationsTo(
    db,
    who.phone,
    (n) => n.channel === 'sms' && keep(n.textBody, n.subject),
  );
  return { email: emails.length, sms: sms.length };
}

describe('GET and PUT /api/account/notification-settings', () => {
  it('are both for every kind until chosen, save a choice, and map to the old switches', async () => {
    const who = await person('Yaw');
    expect((await call('GET', '/api/account/notification-settings', who)).json()).toEqual(
      everyKind('both'),
    );
    const saved = await choose(who, { enquiries: 'sms', viewings: 'none', reviews: 'email' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ enquiries: 'sms', viewings: 'none', reviews: 'email' });
    // The old route's two switches are the enquiries' choice, both ways.
    expect((await call('GET', '/api/account/notifications', who)).json()).toEqual({
      messagesByEmail: false,
      messagesBySms: true,
    });
    await call('PUT', '/api/account/notifications', who, {
      messagesByEmail: false,
      messagesBySms: false,
    });
    expect((await call('GET', '/api/account/notification-settings', who)).json()).toEqual({
      enquiries: 'none',
      viewings: 'none',
      reviews: 'email',
    });
    await call('PUT', '/api/account/notifications', who, {
      messagesByEmail: true,
      messagesBySms: true,
    });
    expect((await call('GET', '/api/account/notification-settings', who)).json().enquiries).toBe(
      'both',
    );
  });

  it('answers 400 to a bad value or a missing kind, 401 to a visitor', async () => {
    const who = await person('Esi');
    for (const body of [
      { ...everyKind('both'), enquiries: 'fax' },
      { ...everyKind('both'), viewings: true },
      { enquiries: 'email', viewings: 'email' },
      { ...everyKind('both'), reviews: null },
    ]) {
      const answer = await choose(who, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('invalid_input');
    }
    const text = await app.inject({
      method: 'PUT',
      url: '/api/account/notification-settings',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      payload: '"both"',
    });
    expect(text.statusCode).toBe(400);
    expect((await call('GET', '/api/account/notification-settings', who)).json()).toEqual(
      everyKind('both'),
    );
    expect((await call('GET', '/api/account/notification-settings')).statusCode).toBe(401);
    expect((await choose(undefined as unknown as Account, everyKind('none'))).statusCode).toBe(401);
  });
});

describe('each choice, on a real notice', () => {
  it('enquiries: the first enquiry’s reminder goes as the lister chose; none keeps the inbox', async () => {
    const cases = [];
    for (const choice of choices) {
      const lister = await person('Kofi', 'owner');
      expect((await choose(lister, { ...everyKind('both'), enquiries: choice })).statusCode).toBe(
        200,
      );
      const listingId = await newListing(lister);
      const renter = await person('Ama');
      const answer = await enquire(listingId, renter);
      expect(answer.statusCode, answer.body).toBe(201);
      cases.push({ choice, lister, conversationId: answer.json().conversationId as string });
    }
    await remindersRun();
    for (const { choice, lister, conversationId } of cases) {
      const reminders = await told(
        lister,
        (text) => text.includes('/messages/') || /\/l\/[A-Za-z0-9]{8}/.test(text),
      );
      expect(reminders, choice).toEqual(expected[choice]);
      // Whatever the choice, the inbox shows the enquiry, unread.
      const inbox = (await call('GET', '/api/conversations', lister)).json();
      const listed = inbox.conversations.find((c: { id: string }) => c.id === conversationId);
      expect(listed.unreadCount, choice).toBe(1);
      const page = (
        await call('GET', `/api/conversations/${conversationId}/messages`, lister)
      ).json();
      expect(page.messages[0].body).toBe('Is it still available?');
    }
  });

  it('viewings: a request reaches the lister as they chose; none keeps their viewings list', async () => {
    for (const choice of choices) {
      const lister = await person('Kofi', 'owner');
      expect((await choose(lister, { ...everyKind('both'), viewings: choice })).statusCode).toBe(
        200,
      );
      const listingId = await newListing(lister);
      const renter = await person('Ama');
      const requested = await requestViewing(listingId, renter);
      expect(requested.statusCode, requested.body).toBe(201);
      // The request's notice is held 10 minutes (a cancel within them sends none).
      await releaseHeldNotices(db);
      const notices = await told(lister, (text, subject) =>
        subject === null
          ? text.includes('/viewings/') || /\/l\//.test(text)
          : subject.startsWith('Viewing request'),
      );
      expect(notices, choice).toEqual(expected[choice]);
      const list = await call('GET', '/api/viewings?role=lister', lister);
      expect(list.statusCode, list.body).toBe(200);
      expect(JSON.stringify(list.json())).toContain(requested.json().id);
      // The renter chose nothing: their own confirmation still reaches them.
      const confirmed = await call('POST', `/api/viewings/${requested.json().id}/confirm`, lister);
      expect(confirmed.statusCode).toBe(200);
      const toRenter = await notificationsTo(
        db,
        renter.email,
        (n) => n.subject?.startsWith('Viewing confirmed') ?? false,
        1,
      );
      expect(toRenter).toHaveLength(1);
    }
  });

  it('reviews: the invitation reaches the renter as they chose', async () => {
    const deps = {
      db,
      notifier: app.notifier,
      links: { shorten: async (path: string) => `${publicUrl}${path}` },
      publicUrl,
      log: app.log,
    };
    const renters = [];
    let latest = 0;
    for (const choice of choices) {
      const lister = await person('Kofi', 'owner');
      const listingId = await newListing(lister, `Room for ${choice}`);
      const renter = await person('Ama');
      expect((await choose(renter, { ...everyKind('both'), reviews: choice })).statusCode).toBe(
        200,
      );
      const requested = await requestViewing(listingId, renter);
      const id = requested.json().id as string;
      expect((await call('POST', `/api/viewings/${id}/confirm`, lister)).statusCode).toBe(200);
      const startsAt = Date.parse(
        (await call('GET', `/api/viewings/${id}`, renter)).json().startsAt,
      );
      const hoursAhead = Math.ceil((startsAt - clock.now().getTime()) / 3_600_000);
      await moveViewingEarlier(db, id, hoursAhead + 3);
      latest = Math.max(latest, clock.now().getTime());
      renters.push({ choice, renter });
    }
    await inviteDue(deps, new Date(latest + 2 * 86_400_000));
    for (const { choice, renter } of renters) {
      const invitations = await told(renter, (text) => text.includes('/review'));
      expect(invitations, choice).toEqual(expected[choice]);
    }
  });
});

describe('a lister’s block', () => {
  const refusal = (answer: { statusCode: number; json(): unknown }) => ({
    status: answer.statusCode,
    body: answer.json(),
  });

  it('refuses the renter on every listing of the lister, with a blocked conversation’s answer', async () => {
    const lister = await person('Kofi', 'owner');
    const [first, second, third] = [
      await newListing(lister, 'First'),
      await newListing(lister, 'Second'),
      await newListing(lister, 'Third'),
    ];
    const renter = await person('Ama');
    const blocked = (await enquire(first!, renter)).json().conversationId as string;
    const other = (await enquire(second!, renter)).json().conversationId as string;
    expect((await call('POST', `/api/conversations/${blocked}/block`, lister)).statusCode).toBe(
      200,
    );

    // What a blocked conversation answers today: its messages and a new enquiry to its listing.
    const today = refusal(
      await call('POST', `/api/conversations/${blocked}/messages`, renter, { message: 'Hello?' }),
    );
    expect(today.status).toBe(403);
    expect(refusal(await enquire(first!, renter, 'Hello?'))).toEqual(today);
    // The same everywhere else of the lister's.
    expect(
      refusal(
        await call('POST', `/api/conversations/${other}/messages`, renter, { message: 'Hello?' }),
      ),
    ).toEqual(today);
    expect(refusal(await enquire(second!, renter, 'Hello?'))).toEqual(today);
    expect(refusal(await enquire(third!, renter, 'Hello?'))).toEqual(today);
    expect(refusal(await requestViewing(third!, renter))).toEqual(today);
    expect(refusal(await requestViewing(first!, renter))).toEqual(today);

    // The inboxes show what they did before: the flag where the block was made.
    const listerInbox = (await call('GET', '/api/conversations', lister)).json().conversations;
    const flags = (list: { id: string; blockedByMe: boolean }[]) =>
      Object.fromEntries(
        list.filter((c) => [blocked, other].includes(c.id)).map((c) => [c.id, c.blockedByMe]),
      );
    expect(flags(listerInbox)).toEqual({ [blocked]: true, [other]: false });
    const renterInbox = (await call('GET', '/api/conversations', renter)).json().conversations;
    expect(flags(renterInbox)).toEqual({ [blocked]: false, [other]: false });

    // Another lister is unaffected.
    const stranger = await person('Yaa', 'owner');
    const elsewhere = await newListing(stranger, 'Elsewhere');
    expect((await enquire(elsewhere, renter)).statusCode).toBe(201);
    expect((await requestViewing(elsewhere, renter)).statusCode).toBe(201);

    // Unblocking, here in the other conversation, lifts it everywhere.
    expect((await call('DELETE', `/api/conversations/${other}/block`, lister)).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', `/api/conversations/${blocked}/messages`, renter, { message: 'Hi' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', `/api/conversations/${other}/messages`, renter, { message: 'Hi' }))
        .statusCode,
    ).toBe(201);
    expect((await enquire(third!, renter, 'Hi')).statusCode).toBe(201);
    expect((await requestViewing(second!, renter)).statusCode).toBe(201);
    const after = (await call('GET', '/api/conversations', lister)).json().conversations;
    expect(flags(after)).toEqual({ [blocked]: false, [other]: false });
  });
});
