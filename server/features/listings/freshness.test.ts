import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { outboxMessages, users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  deliveriesSettled,
  manualClock,
  signUp,
  signUpAdmin,
} from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { properties } from './schema';

// Every live listing is confirmed by its owner at least every 30 days (issue 21): reminded at
// day 27 with one-tap links, expired at day 30 without an answer, renewed in one step. Driven
// by an injected clock and the job's run, as the job queue runs it hourly (server/main.ts).
const clock = manualClock();
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;
const owner = await signUp(app, { userType: 'owner' });
const other = await signUp(app, { userType: 'owner' });
const admin = await signUpAdmin(testApp);
const DAY = 86_400_000;

/** A live listing of the owner confirmed now (by the test's clock), in the search index. */
async function listed(title: string, overrides: { confirmedAt?: Date } = {}): Promise<string> {
  const id = await createListing(db, owner.userId, {
    title,
    confirmedAt: clock.now(),
    ...overrides,
  });
  await app.listingSearch.changed([id]);
  return id;
}

type Caller = { cookie: string } | null;
const call = (method: 'GET' | 'POST', url: string, who: Caller, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const found = async (title: string) =>
  (await call('GET', `/api/properties/search?limit=50&location=${encodeURIComponent(title)}`, null))
    .json()
    .properties.map((p: { title: string }) => p.title)
    .filter((seen: string) => seen === title);
const run = () => app.listingFreshness.run();
const row = async (id: string) =>
  (await db.select().from(properties).where(eq(properties.id, id)))[0]!;

/** The owner's messages that mention `title`, oldest first. */
async function messagesAbout(title: string) {
  await deliveriesSettled(db);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, owner.body.email!))
    .orderBy(outboxMessages.createdAt);
  return rows.filter((message) => message.textBody.includes(title));
}

/** The answer links of the newest reminder about `title`, followed to their signed page. */
async function answerLinks(title: string) {
  const reminders = (await messagesAbout(title)).filter((m) => m.subject?.includes('still'));
  const text = reminders.at(-1)?.textBody ?? '';
  const links = [...text.matchAll(/http:\/\/[^\s]+\/l\/([A-Za-z0-9]+)/g)].map((m) => m[1]!);
  expect(links).toHaveLength(2);
  const pages = [];
  for (const code of links) {
    const redirect = await call('GET', `/l/${code}`, null);
    expect(redirect.statusCode).toBe(302);
    const target = new URL(String(redirect.headers.location), 'http://x');
    expect(target.pathname).toBe('/listing-check');
    pages.push({
      answer: target.searchParams.get('answer')!,
      token: target.searchParams.get('token')!,
    });
  }
  return Object.fromEntries(pages.map((page) => [page.answer, page.token])) as Record<
    'available' | 'rented',
    string
  >;
}
const answer = (token: string, reply: 'available' | 'rented') =>
  call('POST', '/api/listing-confirmations', null, { token, answer: reply });

describe('the monthly confirmation', () => {
  it('reminds the owner once at day 27, with one-tap answers that work signed out', async () => {
    const id = await listed('Confirmed in Kumasi');
    clock.advance(27 * DAY - 60_000);
    expect((await run()).reminded).not.toContain(id);
    clock.advance(60_000);
    expect((await run()).reminded).toEqual([id]);
    expect((await run()).reminded).toEqual([]);

    const [reminder] = await messagesAbout('Confirmed in Kumasi');
    expect(reminder?.subject).toBe('Is your listing still available?');
    expect(reminder?.htmlBody).toContain('Yes, still available');

    const tokens = await answerLinks('Confirmed in Kumasi');
    const response = await answer(tokens.available, 'available');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      title: 'Confirmed in Kumasi',
      answer: 'available',
      status: 'live',
      confirmedAt: clock.now().toISOString(),
    });
    // Confirmed: the page says so, the 30 days start again, and so does the reminder.
    expect((await call('GET', `/api/properties/${id}`, null)).json().confirmedAt).toBe(
      clock.now().toISOString(),
    );
    clock.advance(26 * DAY);
    expect((await run()).reminded).not.toContain(id);
    clock.advance(DAY);
    expect((await run()).reminded).toContain(id);
  });

  it('expires an unanswered listing at day 30: out of search and the sitemap; renewed in one click', async () => {
    const id = await listed('Forgotten in Ho');
    clock.advance(27 * DAY);
    await run();
    clock.advance(3 * DAY - 60_000);
    expect((await run()).expired).not.toContain(id);
    expect(await found('Forgotten in Ho')).toEqual(['Forgotten in Ho']);
    clock.advance(60_000);
    expect((await run()).expired).toEqual([id]);
    expect((await run()).expired).toEqual([]);

    expect(await found('Forgotten in Ho')).toEqual([]);
    expect((await call('GET', `/api/properties/${id}`, null)).statusCode).toBe(404);
    expect((await call('GET', '/sitemap.xml', null)).body).not.toContain(id);
    const mine = (await call('GET', '/api/user/properties', owner)).json();
    const listing = mine.find((p: { id: string }) => p.id === id);
    expect(listing.expiredAt).toBe(clock.now().toISOString());
    const notices = await messagesAbout('Forgotten in Ho');
    expect(notices.at(-1)?.subject).toBe('Your listing has left the search');

    const renewed = await call('POST', `/api/properties/${id}/renew`, owner);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ id, status: 'live', confirmedAt: clock.now().toISOString() });
    // No new review: it is live and found again at once.
    expect((await row(id)).isVerified).toBe(true);
    expect(await found('Forgotten in Ho')).toEqual(['Forgotten in Ho']);
    expect((await call('GET', '/sitemap.xml', null)).body).toContain(id);
  });

  it('never expires a listing without its days of notice', async () => {
    // Confirmed long ago, never reminded (the job could not run): reminded now, expired later.
    const id = await listed('Late in Cape Coast', {
      confirmedAt: new Date(clock.now().getTime() - 40 * DAY),
    });
    const first = await run();
    expect(first.reminded).toContain(id);
    expect(first.expired).not.toContain(id);
    clock.advance(3 * DAY);
    expect((await run()).expired).toContain(id);
  });

  it('marks a listing rented from its reminder', async () => {
    const id = await listed('Let from Takoradi');
    clock.advance(27 * DAY);
    await run();
    const tokens = await answerLinks('Let from Takoradi');
    const response = await answer(tokens.rented, 'rented');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, answer: 'rented', status: 'rented' });
    expect(await found('Let from Takoradi')).toEqual([]);
    // Tapping again changes nothing; a rented listing is never reminded or expired.
    expect((await answer(tokens.rented, 'rented')).json().status).toBe('rented');
    clock.advance(10 * DAY);
    const later = await run();
    expect([...later.expired, ...later.reminded]).not.toContain(id);
  });

  it('refuses a link that was altered, used for the other answer, or has expired', async () => {
    const id = await listed('Guarded in Tema');
    clock.advance(27 * DAY);
    await run();
    const tokens = await answerLinks('Guarded in Tema');
    const [body, signature] = tokens.available.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), a: 'rented' }),
    ).toString('base64url');
    for (const [token, reply] of [
      [`${forged}.${signature}`, 'rented'],
      [tokens.available, 'rented'],
      ['not-a-token', 'available'],
    ] as const) {
      const response = await answer(token, reply);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('confirmation_link_invalid');
    }
    expect((await answer('', 'available')).statusCode).toBe(400);
    expect(
      (
        await call('POST', '/api/listing-confirmations', null, {
          token: tokens.available,
          answer: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
    expect((await row(id)).rentedAt).toBeNull();

    clock.advance(30 * DAY + 60_000);
    const late = await answer(tokens.available, 'available');
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('confirmation_link_expired');
    // An unknown short link tells a person so, in a page.
    const gone = await app.inject({ url: '/l/nosuchcode', headers: { accept: 'text/html' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('text/html');
  });

  it('lets only the owner renew', async () => {
    const id = await listed('Mine in Sunyani');
    expect((await call('POST', `/api/properties/${id}/renew`, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/properties/${id}/renew`, other)).statusCode).toBe(403);
    expect((await call('POST', `/api/properties/${id}/renew`, admin)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/properties/00000000-0000-4000-8000-000000000000/renew', owner))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/properties/nope/renew', owner)).statusCode).toBe(404);
  });

  it('starts a fresh 30 days when a listing goes live: approval, an administrator’s Show', async () => {
    const id = await listed('Approved in Accra', {
      confirmedAt: new Date(clock.now().getTime() - 29 * DAY),
    });
    await db.update(properties).set({ isVerified: false }).where(eq(properties.id, id));
    clock.advance(DAY);
    expect((await call('POST', `/api/admin/properties/${id}/approve`, admin)).statusCode).toBe(200);
    expect((await row(id)).confirmedAt.toISOString()).toBe(clock.now().toISOString());
    // Already live: approving again is no confirmation.
    clock.advance(DAY);
    await call('POST', `/api/admin/properties/${id}/approve`, admin);
    expect((await row(id)).confirmedAt.getTime()).toBe(clock.now().getTime() - DAY);
    // Hidden by an administrator for weeks, then shown: 30 days from the Show.
    const visibility = (isActive: boolean) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/properties/${id}/visibility`,
        headers: { cookie: admin.cookie },
        payload: isActive ? { isActive } : { isActive, reason: 'Checking the address' },
      });
    expect((await visibility(false)).statusCode).toBe(200);
    clock.advance(40 * DAY);
    expect((await visibility(true)).statusCode).toBe(200);
    expect((await row(id)).confirmedAt.toISOString()).toBe(clock.now().toISOString());
    expect((await run()).expired).not.toContain(id);
  });

  it('reminds and expires each listing once when two servers run it at once', async () => {
    const second = await buildApp({
      config: testApp.config,
      db,
      storage: testApp.storage,
      webRoot: '/nonexistent',
      clock: clock.now,
    });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await listed(`Twice in Wa ${i}`));
      clock.advance(27 * DAY);
      const [a, b] = await Promise.all([run(), second.listingFreshness.run()]);
      const reminded = [...a.reminded, ...b.reminded].filter((id) => ids.includes(id));
      expect(reminded.sort()).toEqual([...ids].sort());
      for (let i = 0; i < 6; i++) {
        const reminders = (await messagesAbout(`Twice in Wa ${i}`)).filter((m) =>
          m.subject?.includes('still'),
        );
        expect(reminders).toHaveLength(1);
      }
      clock.advance(3 * DAY);
      const [c, d] = await Promise.all([run(), second.listingFreshness.run()]);
      const expired = [...c.expired, ...d.expired].filter((id) => ids.includes(id));
      expect(expired.sort()).toEqual([...ids].sort());

      // One reminder's answers tapped twice, reaching both servers at once: one renewal (a
      // saved search it matches is alerted once), one rental.
      const renter = await signUp(app);
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
      const saved = await call('POST', '/api/saved-searches', renter, {
        query: { location: 'Twice in Wa 0' },
        channel: 'email',
        frequency: 'instant',
      });
      expect(saved.statusCode).toBe(201);
      const renewing = await answerLinks('Twice in Wa 0');
      const twice = (token: string, reply: 'available' | 'rented') =>
        Promise.all(
          [app, second].map((server) =>
            server.inject({
              method: 'POST',
              url: '/api/listing-confirmations',
              payload: { token, answer: reply },
            }),
          ),
        );
      const renewed = await twice(renewing.available, 'available');
      expect(renewed.map((response) => response.json().status)).toEqual(['live', 'live']);
      await vi.waitFor(
        async () => {
          await deliveriesSettled(db);
          const alerts = await db
            .select()
            .from(outboxMessages)
            .where(eq(outboxMessages.recipient, renter.body.email!));
          expect(alerts.filter((m) => m.subject?.includes('new place'))).toHaveLength(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      const renting = await answerLinks('Twice in Wa 1');
      const rented = await twice(renting.rented, 'rented');
      expect(rented.map((response) => response.json().status)).toEqual(['rented', 'rented']);
      expect((await row(ids[1]!)).rentedAt?.toISOString()).toBe(clock.now().toISOString());
    } finally {
      await second.close();
    }
  });

  it('limits one-tap answers per listing and renewals per owner', async () => {
    const id = await listed('Busy in Bolgatanga');
    clock.advance(27 * DAY);
    await run();
    const tokens = await answerLinks('Busy in Bolgatanga');
    const { max } = rateLimits.listingConfirmationsPerListing;
    const statuses = [];
    for (let i = 0; i <= max; i++)
      statuses.push((await answer(tokens.available, 'available')).statusCode);
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const busy = await signUp(app, { userType: 'owner' });
    const theirs = await createListing(db, busy.userId, { confirmedAt: clock.now() });
    const limit = rateLimits.renewalsPerAccount.max;
    let last = 0;
    for (let i = 0; i <= limit; i++) {
      last = (await call('POST', `/api/properties/${theirs}/renew`, busy)).statusCode;
    }
    expect(last).toBe(429);
    expect(id).toBeTruthy();
  });
});
