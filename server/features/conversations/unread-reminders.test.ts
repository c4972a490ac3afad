import { eq, sql } from 'drizzle-orm';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it, vi } from 'vitest';
import { languageCodes } from '#common/languages';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { renderSms, type TemplateContext } from '../../lib/notification-templates';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  deliveriesSettled,
  manualClock,
  notificationsTo,
  signUp,
} from '../../testing/test-app';
import { conversationNotifications } from './notifications';
import { conversations } from './schema';
import { planReminder, REMINDER_QUEUE } from './unread-reminders';

// Reminders of unread messages (issue 37): told by e-mail, or SMS without a verified address,
// 5 minutes after a message stays unread, at most once per conversation in 30 minutes, never
// about a blocked conversation, never quoting a message that carries a warning.
const clock = manualClock();
// A public address as production's: SMS links are short links without "https://".
const publicUrl = 'https://abode.com.gh';
// The reminders wait in the queue; `later` makes them due, and the workers find them at their
// next poll: every 250 ms here rather than every 2 s.
const { app, database } = await createTestApp(
  { publicUrl },
  { clock: clock.now, jobQueue: { pollIntervalMs: 250 } },
);
const db = database.db;
const minutes = (n: number) => n * 60_000;

type Account = Awaited<ReturnType<typeof signUp>>;

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.38.${Math.floor(addresses / 250)}.${addresses % 250}`;
};
let numbers = 0;
const freshNumber = () => `+23324${String(7_000_000 + (numbers += 1)).padStart(7, '0')}`;

/** An account whose e-mail (or, signed up by phone, number) is verified. */
async function account(
  firstName: string,
  how: 'email' | 'phone' | 'both' = 'email',
  userType: 'renter' | 'owner' = 'renter',
): Promise<Account & { email: string | null; phone: string | null }> {
  const phone = how === 'email' ? undefined : freshNumber();
  const created = await signUp(app, {
    firstName,
    userType,
    ...(how === 'phone' ? { registrationMethod: 'phone', phone, email: undefined } : {}),
  });
  const [row] = await db
    .update(users)
    .set({
      emailVerified: how !== 'phone',
      phoneVerified: how !== 'email',
      ...(how === 'both' ? { phone } : {}),
    })
    .where(eq(users.id, created.userId))
    .returning();
  return { ...created, email: row!.email, phone: row!.phone };
}

/** A lister with a listing, and a renter who may write about it. */
async function pair(options: { owner?: 'email' | 'phone' | 'both'; title?: string } = {}) {
  const owner = await account('Kofi', options.owner ?? 'email', 'owner');
  const renter = await account('Ama');
  const listingId = await createListing(db, owner.userId, {
    title: options.title ?? 'Sunny chamber and hall in Osu',
  });
  return { owner, renter, listingId };
}

async function enquire(listingId: string, who: Account, message: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/properties/${listingId}/enquiries`,
    headers: { cookie: who.cookie },
    payload: { message },
    remoteAddress: nextAddress(),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().conversationId;
}

async function send(conversationId: string, who: Account, message: string) {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: who.cookie },
    payload: { message },
    remoteAddress: nextAddress(),
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

async function read(conversationId: string, who: Account) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: who.cookie },
  });
  expect(answer.statusCode).toBe(200);
}

async function block(conversationId: string, who: Account) {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/block`,
    headers: { cookie: who.cookie },
  });
  expect(answer.statusCode).toBe(200);
}

async function settings(who: Account, body?: object) {
  return app.inject({
    method: body ? 'PUT' : 'GET',
    url: '/api/account/notifications',
    headers: { cookie: who.cookie },
    ...(body ? { payload: body } : {}),
  });
}

/**
 * Moves the clock on, then runs every waiting reminder job as if its time had come (the queue
 * waits by the database's clock, which the test does not move), and waits until the workers
 * have run them and the notifications they queued are delivered.
 */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
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

/** The reminders an address or number got (not its sign-up code). */
const remindersTo = (to: string | null) =>
  notificationsTo(
    db,
    to!,
    (n) => n.textBody.includes('/messages/') || /\/l\/[A-Za-z0-9]{8}/.test(n.textBody),
  );

describe('a message not read within 5 minutes', () => {
  it('is told to its recipient by e-mail: the listing, the sender, the start of it, the link', async () => {
    const { owner, renter, listingId } = await pair();
    const message =
      'Good afternoon, is the chamber and hall still available from January? I would like to ' +
      'know how many months of advance you take and whether water is included in the rent.';
    const id = await enquire(listingId, renter, message);

    await later(minutes(4));
    expect(await remindersTo(owner.email)).toHaveLength(0);

    await later(minutes(1));
    const [reminder, ...more] = await remindersTo(owner.email);
    expect(more).toHaveLength(0);
    expect(reminder!.channel).toBe('email');
    expect(reminder!.subject).toBe('New message from Ama about “Sunny chamber and hall in Osu”');
    expect(reminder!.textBody).toContain('Hello Kofi');
    expect(reminder!.textBody).toContain(
      'Ama sent you a message on Abode about “Sunny chamber and hall in Osu”:',
    );
    // The start of it, not the whole.
    expect(reminder!.textBody).toContain('“Good afternoon, is the chamber and hall still');
    expect(reminder!.textBody).not.toContain('water is included in the rent');
    expect(reminder!.textBody).toContain(`${publicUrl}/messages/${id}`);
    expect(reminder!.textBody).toContain(`${publicUrl}/account-settings`);
    expect(reminder!.htmlBody).toContain(`href="${publicUrl}/messages/${id}"`);

    // The sender is never told of its own message.
    expect(await remindersTo(renter.email)).toHaveLength(0);

    // The lister answers; the renter, who does not read it, is told in turn.
    await read(id, owner);
    await send(id, owner, 'Yes, from the 1st. Two years of advance.');
    await later(minutes(5));
    const [toRenter] = await remindersTo(renter.email);
    expect(toRenter!.subject).toBe('New message from Kofi about “Sunny chamber and hall in Osu”');
    expect(toRenter!.textBody).toContain('“Yes, from the 1st. Two years of advance.”');
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });

  it('is not told when read within the 5 minutes', async () => {
    const { owner, renter, listingId } = await pair();
    const id = await enquire(listingId, renter, 'Is it still available?');
    await later(minutes(3));
    await read(id, owner);
    await later(minutes(3));
    await later(minutes(60));
    expect(await remindersTo(owner.email)).toHaveLength(0);
  });

  it('is told once per conversation in 30 minutes, then again if newer messages stay unread', async () => {
    const { owner, renter, listingId } = await pair();
    const id = await enquire(listingId, renter, 'Is it still available?');
    await later(minutes(1));
    await send(id, renter, 'How many months of advance?');
    await later(minutes(1));
    await send(id, renter, 'Can I see it on Saturday?');
    await later(minutes(3));
    const [first] = await remindersTo(owner.email);
    expect(first!.textBody).toContain('Ama sent you 3 messages on Abode about');
    expect(first!.textBody).toContain('“Can I see it on Saturday?”');

    // More while the first is unread: nothing until 30 minutes after the first reminder.
    await later(minutes(5));
    await send(id, renter, 'Hello?');
    await later(minutes(5));
    await later(minutes(10));
    await later(minutes(9));
    expect(await remindersTo(owner.email)).toHaveLength(1);
    await later(minutes(1));
    const [, second, ...more] = await remindersTo(owner.email);
    expect(more).toHaveLength(0);
    expect(second!.textBody).toContain('Ama sent you 4 messages on Abode about');
    expect(second!.textBody).toContain('“Hello?”');

    // Still unread, nothing new: no more reminders.
    await later(minutes(45));
    expect(await remindersTo(owner.email)).toHaveLength(2);

    // Read, then a new message long after the last reminder: told 5 minutes later again.
    await read(id, owner);
    await send(id, renter, 'Are you there?');
    await later(minutes(5));
    expect(await remindersTo(owner.email)).toHaveLength(3);
  });

  it('is told once 30 minutes have passed since the last reminder, when read in between', async () => {
    const { owner, renter, listingId } = await pair();
    const id = await enquire(listingId, renter, 'Is it still available?');
    await later(minutes(5));
    expect(await remindersTo(owner.email)).toHaveLength(1);
    await read(id, owner);
    await later(minutes(5));
    await send(id, renter, 'And the advance?');
    await later(minutes(5));
    await later(minutes(19));
    expect(await remindersTo(owner.email)).toHaveLength(1);
    await later(minutes(1));
    const [, second] = await remindersTo(owner.email);
    expect(second!.textBody).toContain('“And the advance?”');
  });

  it('is texted to an account without a verified e-mail, in one segment with a short link', async () => {
    const { owner, renter, listingId } = await pair({
      owner: 'phone',
      title:
        'Spacious “executive” three-bedroom townhouse with boys’ quarters — East Legon, near the A&C Mall',
    });
    const id = await enquire(listingId, renter, 'My number is 0241234567, call me');
    await later(minutes(5));
    const [text, ...more] = await remindersTo(owner.phone);
    expect(more).toHaveLength(0);
    expect(text!.channel).toBe('sms');
    expect(new SegmentedMessage(text!.textBody).segmentsCount).toBe(1);
    expect(text!.textBody).toMatch(/^Abode: Ama sent you a message about "Spacious "executive"/);
    // The message itself never travels by SMS.
    expect(text!.textBody).not.toContain('0241234567');
    const code = /abode\.com\.gh\/l\/([A-Za-z0-9]{8})/.exec(text!.textBody)?.[1];
    expect(code).toBeDefined();
    const opened = await app.inject({ method: 'GET', url: `/l/${code}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/messages/${id}`);
  });

  it('does not quote a message that carries a warning: "a new message"', async () => {
    const { owner, renter, listingId } = await pair();
    await enquire(
      listingId,
      renter,
      'Please send the viewing fee of 200 cedis by MoMo to 0241234567 before we meet.',
    );
    await later(minutes(5));
    const [reminder] = await remindersTo(owner.email);
    expect(reminder!.textBody).toContain('Ama sent you a new message on Abode about');
    expect(reminder!.textBody).not.toContain('0241234567');
    expect(reminder!.textBody).not.toMatch(/viewing fee|MoMo/);
    expect(reminder!.htmlBody).not.toContain('0241234567');
  });

  it('does not quote a disguised request either (issue 50): zero-width, look-alikes, "p.a.y"', async () => {
    const { owner, renter, listingId } = await pair();
    await enquire(listingId, renter, 'Kindly p.a.y the vіewing f\u200bee first, then we meet.');
    await later(minutes(5));
    const [reminder] = await remindersTo(owner.email);
    expect(reminder!.textBody).toContain('Ama sent you a new message on Abode about');
    expect(reminder!.textBody).not.toMatch(/p\.a\.y|f\u200bee|we meet/);
  });

  it('does not relay a name that carries a number either', async () => {
    const { owner, listingId } = await pair();
    const renter = await account('MoMo 0241234567');
    await enquire(listingId, renter, 'Is it still available?');
    await later(minutes(5));
    const [reminder] = await remindersTo(owner.email);
    expect(reminder!.subject).toBe('New message about “Sunny chamber and hall in Osu”');
    expect(reminder!.textBody).toContain(
      'You have a message on Abode about “Sunny chamber and hall in Osu”:',
    );
    expect(reminder!.textBody).toContain('“Is it still available?”');
    expect(reminder!.textBody).not.toMatch(/0241234567|MoMo/);
  });

  it('shows such a name nowhere in the app: the inbox and the conversation leave it empty (issue 50)', async () => {
    const { owner, listingId } = await pair();
    const renter = await account('Kofi zero two four one two three four five six seven');
    const conversationId = await enquire(listingId, renter, 'Is it still available?');
    const inbox = await app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: { cookie: owner.cookie },
    });
    expect(inbox.statusCode).toBe(200);
    const listed = inbox.json().conversations.find((c: { id: string }) => c.id === conversationId);
    expect(listed.otherParty.firstName).toBe('');
    const one = await app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie: owner.cookie },
    });
    expect(one.json().otherParty.firstName).toBe('');
    // The renter sees the lister's ordinary name as it is.
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie: renter.cookie },
    });
    expect(theirs.json().otherParty.firstName).toBe('Kofi');
  });
});

describe('the account setting', () => {
  it('is on for both channels until turned off, and only the account changes its own', async () => {
    const who = await account('Yaw');
    expect((await settings(who)).json()).toEqual({ messagesByEmail: true, messagesBySms: true });
    const saved = await settings(who, { messagesByEmail: false, messagesBySms: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ messagesByEmail: false, messagesBySms: true });
    expect((await settings(who)).json()).toEqual({ messagesByEmail: false, messagesBySms: true });

    const invalid = await settings(who, { messagesByEmail: 'no' });
    expect(invalid.statusCode).toBe(400);
    const visitor = await app.inject({ method: 'GET', url: '/api/account/notifications' });
    expect(visitor.statusCode).toBe(401);
  });

  it('turns a channel off: no e-mail; a verified number gets them by SMS instead', async () => {
    const emailOnly = await pair();
    expect(
      (await settings(emailOnly.owner, { messagesByEmail: false, messagesBySms: true })).statusCode,
    ).toBe(200);
    await enquire(emailOnly.listingId, emailOnly.renter, 'Is it still available?');

    const both = await pair({ owner: 'both' });
    await settings(both.owner, { messagesByEmail: false, messagesBySms: true });
    await enquire(both.listingId, both.renter, 'Is it still available?');

    const none = await pair({ owner: 'both' });
    await settings(none.owner, { messagesByEmail: false, messagesBySms: false });
    await enquire(none.listingId, none.renter, 'Is it still available?');

    await later(minutes(5));
    expect(await remindersTo(emailOnly.owner.email)).toHaveLength(0);
    expect(await remindersTo(both.owner.email)).toHaveLength(0);
    expect(await remindersTo(both.owner.phone)).toHaveLength(1);
    expect(await remindersTo(none.owner.email)).toHaveLength(0);
    expect(await remindersTo(none.owner.phone)).toHaveLength(0);
  });
});

describe('a blocked conversation', () => {
  it('tells nobody: not the blocker of the blocked party’s messages, nor of the block', async () => {
    // The lister blocks the renter before reading what the renter sent.
    const byLister = await pair();
    const first = await enquire(byLister.listingId, byLister.renter, 'Send me your number');
    await later(minutes(2));
    await block(first, byLister.owner);

    // The renter blocks the lister after the lister answered.
    const byRenter = await pair();
    const second = await enquire(byRenter.listingId, byRenter.renter, 'Is it available?');
    await read(second, byRenter.owner);
    await send(second, byRenter.owner, 'Yes. Pay the holding fee first.');
    await block(second, byRenter.renter);

    await later(minutes(5));
    await later(minutes(60));
    for (const { owner, renter } of [byLister, byRenter]) {
      expect(await remindersTo(owner.email)).toHaveLength(0);
      expect(await remindersTo(renter.email)).toHaveLength(0);
    }
  });
});

describe('planning a reminder', () => {
  it('plans nothing when the message’s transaction rolls back', async () => {
    const { renter, listingId } = await pair();
    const id = await enquire(listingId, renter, 'Is it still available?');
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
    // The enquiry planned the lister's reminder; a message that rolls back plans no other.
    const jobsOf = async () =>
      (
        await rowsOf<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pgboss.job
              WHERE name = ${REMINDER_QUEUE} AND data->>'conversationId' = ${id}`,
        )
      )[0]!.n;
    expect(await jobsOf()).toBe(1);
    await db
      .transaction(async (tx) => {
        await planReminder(tx, app.jobs, row!, 'renter', clock.now(), clock.now());
        throw new Error('the message failed');
      })
      .catch(() => {});
    expect(await jobsOf()).toBe(1);
    const [after] = await db.select().from(conversations).where(eq(conversations.id, id));
    expect(after!.renterReminderDueAt).toBeNull();
  });
});

// The text message stays one segment in every language, whatever the title and the name.
const context: TemplateContext = { forgotPasswordUrl: 'https://abode.com.gh/forgot-password' };
describe.each(languageCodes)('the reminder SMS in %s', (locale) => {
  const text = (senderName: string | null, title: string) =>
    renderSms(
      conversationNotifications,
      {
        kind: 'unread-messages',
        firstName: 'Kofi',
        senderName,
        title,
        count: 2,
        excerpt: 'Never in an SMS',
        link: 'abode.com.gh/l/Ab3dEf9h',
        settingsLink: 'https://abode.com.gh/account-settings',
      },
      locale,
      context,
    );

  it.each([
    ['Ama', 'Chamber and hall'],
    ['Ama', 'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view'],
    ['Ɔkomfo Anɔkye Nana Akosua Serwaa', 'Spacious three-bedroom townhouse in East Legon'],
    ['王小明', '东莱贡宽敞的三居室联排别墅，带泳池、花园和泻湖景观，靠近购物中心'],
    [null, 'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view'],
  ])('from %s about %s: one segment with the link, never the message', (name, title) => {
    const sms = text(name, title);
    expect(new SegmentedMessage(sms).segmentsCount).toBe(1);
    expect(sms).toContain('abode.com.gh/l/Ab3dEf9h');
    expect(sms).not.toContain('Never in an SMS');
  });
});
