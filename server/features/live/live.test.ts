import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/live-schema';
import { createListing } from '../../testing/builders';
import { openEventStream, type TestEventStream } from '../../testing/event-stream';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { rateLimits, streamLimits } from './rate-limits';

/**
 * Live updates (issue 35): a signed-in browser's stream gets its listings' moderation as it
 * happens and administrators the review queue's changes; a reconnect catches up; streams are
 * limited and end with their session. On both drivers (NOTIFY in process on PGlite).
 */
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;
let base = '';
const open: TestEventStream[] = [];

beforeAll(async () => {
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const stream of open) stream.close();
});

async function stream(cookie: string | undefined, lastEventId?: string, ip?: string) {
  const opened = await openEventStream(`${base}/api/events`, {
    cookie,
    lastEventId,
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  open.push(opened);
  return opened;
}

const approve = (cookie: string, id: string) =>
  app.inject({ method: 'POST', url: `/api/admin/properties/${id}/approve`, headers: { cookie } });

describe('GET /api/events', () => {
  it('refuses a visitor (401), a malformed Last-Event-ID (400) and a client that does not take a stream (406)', async () => {
    const visitor = await stream(undefined);
    expect(visitor.status).toBe(401);
    expect(visitor.refusal).toMatchObject({ code: 'unauthenticated' });
    const { cookie } = await signUp(app);
    const malformed = await stream(cookie, 'yesterday');
    expect(malformed.status).toBe(400);
    const json = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie, accept: 'application/json' },
    });
    expect(json.statusCode).toBe(406);
    expect(json.json()).toMatchObject({ code: 'not_acceptable' });
  });

  it('tells an owner their listing was approved, and administrators that the queue moved', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const admin = await signUpAdmin(testApp);
    const listingId = await createListing(db, owner.userId, {
      isVerified: false,
      title: 'Osu flat',
    });
    const ownerStream = await stream(owner.cookie);
    const adminStream = await stream(admin.cookie);
    expect(ownerStream.status).toBe(200);
    await ownerStream.next('ready');
    await adminStream.next('ready');

    expect((await approve(admin.cookie, listingId)).statusCode).toBe(200);
    const status = await ownerStream.next('listing.status');
    expect(status.data).toEqual({ listingId, title: 'Osu flat', status: 'live', rejected: false });
    expect(status.id).toMatch(/^\d+$/);
    await adminStream.next('moderation.queue-changed');
    // Another user hears nothing of it.
    expect(adminStream.events.some((event) => event.type === 'listing.status')).toBe(false);
  });

  it('tells of a refusal and of a listing hidden by an administrator', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const admin = await signUpAdmin(testApp);
    const refused = await createListing(db, owner.userId, { isVerified: false });
    const hidden = await createListing(db, owner.userId);
    const ownerStream = await stream(owner.cookie);
    await ownerStream.next('ready');
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/admin/properties/${refused}/reject`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'The photos show another house' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await ownerStream.next('listing.status')).data).toMatchObject({
      listingId: refused,
      status: 'pending',
      rejected: true,
    });
    const hid = await app.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${hidden}/visibility`,
      headers: { cookie: admin.cookie },
      payload: { isActive: false, reason: 'Duplicate' },
    });
    expect(hid.statusCode).toBe(200);
    expect((await ownerStream.next('listing.status')).data).toMatchObject({
      listingId: hidden,
      status: 'hidden',
    });
  });

  it('sends a reconnecting stream what it missed after Last-Event-ID, once', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const admin = await signUpAdmin(testApp);
    const first = await createListing(db, owner.userId, { isVerified: false });
    const second = await createListing(db, owner.userId, { isVerified: false });
    const before = await stream(owner.cookie);
    await before.next('ready');
    await approve(admin.cookie, first);
    const seen = await before.next('listing.status');
    before.close();
    // While no stream is open.
    await approve(admin.cookie, second);
    const again = await stream(owner.cookie, seen.id!);
    const missed = await again.next('listing.status');
    expect(missed.data).toMatchObject({ listingId: second, status: 'live' });
    await again.next('ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.events.filter((event) => event.type === 'listing.status')).toHaveLength(1);
  });

  it('publishes nothing when the write rolls back', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const listingId = await createListing(db, owner.userId, { isVerified: false });
    const ownerStream = await stream(owner.cookie);
    await ownerStream.next('ready');
    await expect(
      app.listingWrites.transaction(async (write) => {
        await write.update(listingId, { isVerified: true });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(ownerStream.next('listing.status', 500)).rejects.toThrow(/no listing.status/);
    const kept = await db.select().from(liveEvents).where(eq(liveEvents.userId, owner.userId));
    expect(kept).toEqual([]);
  });

  it(`holds at most ${streamLimits.perAccount} streams of one account (429 too_many_streams)`, async () => {
    const { cookie } = await signUp(app);
    for (let i = 0; i < streamLimits.perAccount; i++) {
      expect((await stream(cookie)).status).toBe(200);
    }
    const refused = await stream(cookie);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toMatchObject({ code: 'too_many_streams' });
  });

  it('limits how often one account opens streams', async () => {
    const { cookie } = await signUp(app);
    const { max } = rateLimits.streamOpensPerAccount;
    for (let i = 0; i < max; i++) {
      const opened = await stream(cookie);
      expect(opened.status).toBe(200);
      opened.close();
      await opened.ended;
    }
    const refused = await stream(cookie);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toMatchObject({ code: 'rate_limited' });
  });

  it('ends the stream when its session signs out', async () => {
    const { cookie } = await signUp(app);
    const opened = await stream(cookie);
    await opened.next('ready');
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    await expect(
      Promise.race([
        opened.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000)),
      ]),
    ).resolves.toBe('ended');
  });
});
