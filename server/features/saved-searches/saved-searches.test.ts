import { and, eq } from 'drizzle-orm';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it, vi } from 'vitest';
import { MAX_ALERTS_PER_DAY, MAX_SAVED_SEARCHES } from '#common/saved-searches';
import { buildApp } from '../../app';
import { savedSearchAlerts, savedSearches } from './schema';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  manualClock,
  notificationsTo as outboxTo,
  signUp,
  signUpAdmin,
} from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { properties } from '../listings/service';

// Saved searches with alerts (issue 21): saved from a search's URL, matched by the search's own
// code when a listing goes live, sent at once or in the 08:00 digest, once per listing ever,
// ten messages a day at most, one SMS segment with short links, unsubscribed in one tap.
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;
const admin = await signUpAdmin(testApp);
const owner = await signUp(app, { userType: 'owner' });
const HOUR = 3_600_000;

type Account = Awaited<ReturnType<typeof signUp>>;
let phoneCounter = 0;
/** A renter with a verified phone and e-mail (alerts need one or the other verified). */
async function renter(): Promise<Account & { phone: string }> {
  const account = await signUp(app);
  phoneCounter += 1;
  const phone = `+23324${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
  await db
    .update(users)
    .set({ phone, phoneVerified: true, emailVerified: true })
    .where(eq(users.id, account.userId));
  return { ...account, phone };
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Account | null,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
const save = (who: Account, body: object) => call('POST', '/api/saved-searches', who, body);

/** A listing waiting for approval; `approve` makes it live, which is when alerts start. */
async function pending(overrides: Parameters<typeof createListing>[2] = {}) {
  return createListing(db, owner.userId, { isVerified: false, ...overrides });
}
async function approve(id: string) {
  const response = await call('POST', `/api/admin/properties/${id}/approve`, admin);
  expect(response.statusCode).toBe(200);
}

/** Alerts to a recipient (not the sign-up code), oldest first, once queued work is done. */
const notificationsTo = (recipient: string, atLeast = 0) =>
  outboxTo(db, recipient, (message) => !message.textBody.includes('verification code'), atLeast);
/** Waits for the queue's matching of newly live listings (the listing-live job). */
const matched = (savedSearchId: string, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await db
        .select()
        .from(savedSearchAlerts)
        .where(eq(savedSearchAlerts.savedSearchId, savedSearchId));
      if (rows.length < count) throw new Error(`${rows.length} matches`);
      return rows;
    },
    { timeout: 10_000, interval: 50 },
  );
const follow = async (shortLink: string) => {
  const path = new URL(shortLink.startsWith('http') ? shortLink : `https://${shortLink}`).pathname;
  const redirect = await call('GET', path, null);
  expect(redirect.statusCode).toBe(302);
  return String(redirect.headers.location);
};

describe('saving searches', () => {
  it('saves the search of a URL, lists, changes and deletes it; only its owner can', async () => {
    const me = await renter();
    const created = await save(me, {
      query: {
        location: 'Accra',
        bedrooms: '2',
        page: '3',
        limit: '12',
        utm_source: 'x',
        maxPrice: 5000,
      },
      channel: 'sms',
      frequency: 'instant',
    });
    expect(created.statusCode).toBe(201);
    const search = created.json();
    expect(search).toMatchObject({
      name: 'Accra · 2+ bedrooms · up to GH₵5,000',
      query: { location: 'Accra', bedrooms: '2', maxPrice: '5000' },
      channel: 'sms',
      frequency: 'instant',
      lastAlertAt: null,
      alertCount: 0,
    });
    const listed = (await call('GET', '/api/saved-searches', me)).json();
    expect(listed.savedSearches.map((s: { id: string }) => s.id)).toEqual([search.id]);

    const changed = await call('PATCH', `/api/saved-searches/${search.id}`, me, {
      name: 'Two bedrooms in Accra',
      frequency: 'daily',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Two bedrooms in Accra',
      frequency: 'daily',
      channel: 'sms',
    });

    const stranger = await renter();
    expect((await call('GET', '/api/saved-searches', stranger)).json().savedSearches).toEqual([]);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await call(
        method,
        `/api/saved-searches/${search.id}`,
        stranger,
        method === 'PATCH' ? { name: 'Mine' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('saved_search_not_found');
    }
    expect((await call('GET', '/api/saved-searches', null)).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/saved-searches', null, {
          query: {},
          channel: 'email',
          frequency: 'daily',
        })
      ).statusCode,
    ).toBe(401);

    expect((await call('DELETE', `/api/saved-searches/${search.id}`, me)).statusCode).toBe(204);
    expect((await call('GET', '/api/saved-searches', me)).json().savedSearches).toEqual([]);
  });

  it('refuses a query the search refuses, and a channel the user has not verified', async () => {
    const me = await renter();
    const bad = await save(me, {
      query: { bedrooms: 'many', furnished: 'palace' },
      channel: 'email',
      frequency: 'daily',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['query.bedrooms', 'query.furnished']);
    for (const body of [
      { query: {}, channel: 'fax', frequency: 'daily' },
      { query: {}, channel: 'sms', frequency: 'hourly' },
      { query: {}, channel: 'sms', frequency: 'daily', name: 'x'.repeat(81) },
      { query: 'Accra', channel: 'sms', frequency: 'daily' },
    ]) {
      expect((await save(me, body)).statusCode).toBe(400);
    }

    const unverified = await signUp(app);
    const sms = await save(unverified, { query: {}, channel: 'sms', frequency: 'daily' });
    expect(sms.statusCode).toBe(403);
    expect(sms.json().code).toBe('saved_search_needs_verified_phone');
    const email = await save(unverified, { query: {}, channel: 'email', frequency: 'daily' });
    expect(email.statusCode).toBe(403);
    expect(email.json().code).toBe('saved_search_needs_verified_email');
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user`, async () => {
    const me = await renter();
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      expect(
        (
          await save(me, {
            query: { bedrooms: String(i % 10) },
            channel: 'email',
            frequency: 'daily',
          })
        ).statusCode,
      ).toBe(201);
    }
    const over = await save(me, { query: {}, channel: 'email', frequency: 'daily' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'saved_searches_limit',
      params: { max: MAX_SAVED_SEARCHES },
    });
  });
});

describe('alerts', () => {
  it('texts an instant alert with a short link when a matching listing is approved, once ever', async () => {
    const me = await renter();
    const search = (
      await save(me, {
        name: 'Accra 2+',
        query: { location: 'Accra', bedrooms: '2' },
        channel: 'sms',
        frequency: 'instant',
      })
    ).json();
    const other = await pending({
      city: 'Kumasi',
      address: '1 Kejetia Road',
      title: 'Flat in Kumasi',
    });
    const small = await pending({ bedrooms: 1, title: 'Single room in Accra' });
    const id = await pending({
      bedrooms: 3,
      title: 'Three bedroom house with a garden in East Legon, Accra',
    });
    for (const listing of [other, small, id]) await approve(listing);

    const [text] = await notificationsTo(me.phone, 1);
    expect(text?.textBody).toContain('Three bedroom house');
    const segment = new SegmentedMessage(text!.textBody);
    expect(segment.segmentsCount).toBe(1);
    const [listingLink, stopLink] = [...text!.textBody.matchAll(/\S+\/l\/\S+/g)].map((m) => m[0]);
    expect(await follow(listingLink!)).toBe(`/property/${id}`);
    expect((await matched(search.id, 1)).map((row) => row.propertyId)).toEqual([id]);
    const [after] = (await call('GET', '/api/saved-searches', me)).json().savedSearches;
    expect(after).toMatchObject({ alertCount: 1, lastAlertAt: clock.now().toISOString() });

    // Live again (hidden and shown, edited and approved again): no second alert.
    for (const isActive of [false, true]) {
      await call(
        'PATCH',
        `/api/admin/properties/${id}/visibility`,
        admin,
        isActive ? { isActive } : { isActive, reason: 'Checking' },
      );
    }
    await db.update(properties).set({ isVerified: false }).where(eq(properties.id, id));
    await approve(id);
    await app.savedSearchAlerts.sendDue();
    expect(await notificationsTo(me.phone)).toHaveLength(1);

    // The unsubscribe link works signed out: it opens the page, which asks before stopping
    // (its GET changes nothing); the page's POST stops the alerts and keeps the search.
    const unsubscribe = await follow(stopLink!);
    expect(unsubscribe).toMatch(/^\/alerts\/unsubscribe\?token=/);
    const token = new URL(unsubscribe, 'https://x').searchParams.get('token')!;
    const read = await call('GET', `/api/saved-searches/unsubscribe?token=${token}`, null);
    expect(read.json()).toEqual({ kind: 'saved-search', name: 'Accra 2+', stopped: false });
    const stopped = await call('POST', '/api/saved-searches/unsubscribe', null, { token });
    expect(stopped.json()).toEqual({ kind: 'saved-search', name: 'Accra 2+', stopped: true });
    const [kept] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(kept?.frequency).toBe('off');
    const forged = await call('POST', '/api/saved-searches/unsubscribe', null, {
      token: `${token}x`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('unsubscribe_link_invalid');
    // The short link lasts as long as the token in it: 90 days.
    clock.advance(89 * 24 * HOUR);
    try {
      expect(await follow(stopLink!)).toBe(unsubscribe);
    } finally {
      clock.advance(-89 * 24 * HOUR);
    }
  });

  it('matches as the search does: a misspelt place finds what /search finds', async () => {
    const me = await renter();
    const search = (
      await save(me, { query: { location: 'Tamalle' }, channel: 'email', frequency: 'instant' })
    ).json();
    const id = await pending({
      city: 'Tamale',
      address: '3 Hospital Road',
      title: 'Room near the hospital',
    });
    await approve(id);
    expect((await matched(search.id, 1)).map((row) => row.propertyId)).toEqual([id]);
    const found = (await call('GET', '/api/properties/search?location=Tamalle', null)).json();
    expect(found.properties.map((p: { id: string }) => p.id)).toContain(id);
    const [mail] = await notificationsTo(me.body.email!, 1);
    expect(mail?.subject).toBe('A new place for “Tamalle”');
    expect(mail?.htmlBody).toContain('Stop these alerts');
    expect(mail?.textBody).toContain('/alerts/unsubscribe?token=');
    expect(mail?.textBody).toContain('/account/saved-searches');
  });

  it('sends a daily search in one digest at 08:00 Africa/Accra', async () => {
    const me = await renter();
    const search = (
      await save(me, {
        name: 'Cape Coast daily',
        query: { location: 'Cape Coast' },
        channel: 'email',
        frequency: 'daily',
      })
    ).json();
    for (const title of ['Flat by the castle', 'House near the university']) {
      await approve(await pending({ city: 'Cape Coast', address: '9 Castle Road', title }));
    }
    expect(await matched(search.id, 2)).toHaveLength(2);
    clock.advance(21 * HOUR + 59 * 60_000); // 07:59 the next day
    await app.savedSearchAlerts.sendDue();
    expect(await notificationsTo(me.body.email!)).toHaveLength(0);
    clock.advance(60_000);
    await app.savedSearchAlerts.sendDue();
    const digest = await notificationsTo(me.body.email!, 1);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toBe('2 new places for “Cape Coast daily”');
    expect(digest[0]?.textBody).toContain('Flat by the castle');
    expect(digest[0]?.textBody).toContain('House near the university');
    await app.savedSearchAlerts.sendDue();
    expect(await notificationsTo(me.body.email!)).toHaveLength(1);
  });

  it(`sends a user at most ${MAX_ALERTS_PER_DAY} alert messages a day; the rest wait for tomorrow`, async () => {
    const me = await renter();
    const count = MAX_ALERTS_PER_DAY + 2;
    for (let i = 0; i < count; i++) {
      await save(me, {
        name: `Takoradi ${i}`,
        query: { location: 'Takoradi' },
        channel: 'sms',
        frequency: 'instant',
      });
    }
    await approve(
      await pending({ city: 'Takoradi', address: '2 Harbour Road', title: 'Harbour view' }),
    );
    expect(await notificationsTo(me.phone, MAX_ALERTS_PER_DAY)).toHaveLength(MAX_ALERTS_PER_DAY);
    await app.savedSearchAlerts.sendDue();
    expect(await notificationsTo(me.phone)).toHaveLength(MAX_ALERTS_PER_DAY);
    clock.advance(24 * HOUR);
    await app.savedSearchAlerts.sendDue();
    expect(await notificationsTo(me.phone)).toHaveLength(count);
  });

  it('sends each alert once when two servers pass over them at once', async () => {
    const second = await buildApp({
      config: testApp.config,
      db,
      storage: testApp.storage,
      webRoot: '/nonexistent',
      clock: clock.now,
    });
    try {
      const me = await renter();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        ids.push(
          (
            await save(me, {
              name: `Ho ${i}`,
              query: { location: 'Ho' },
              channel: 'email',
              frequency: 'daily',
            })
          ).json().id,
        );
      }
      await approve(await pending({ city: 'Ho', address: '5 Volta Street', title: 'Volta view' }));
      for (const id of ids) await matched(id, 1);
      clock.advance(24 * HOUR);
      await Promise.all([app.savedSearchAlerts.sendDue(), second.savedSearchAlerts.sendDue()]);
      expect(await notificationsTo(me.body.email!)).toHaveLength(4);
      const sent = await db
        .select()
        .from(savedSearchAlerts)
        .where(and(eq(savedSearchAlerts.outcome, 'sent')));
      expect(sent.filter((row) => ids.includes(row.savedSearchId))).toHaveLength(4);
    } finally {
      await second.close();
    }
  });

  it('limits saving per account', async () => {
    const me = await renter();
    const { max } = rateLimits.savedSearchWritesPerAccount;
    let last = 0;
    for (let i = 0; i <= max; i++) {
      const created = await save(me, { query: {}, channel: 'email', frequency: 'daily' });
      last = created.statusCode;
      if (created.statusCode === 201)
        await call('DELETE', `/api/saved-searches/${created.json().id}`, me);
    }
    expect(last).toBe(429);
  });
});
