import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoUploads } from './schema';
import { createPhotoQueue } from '../../lib/photo-queue';
import { UPLOAD_TIMEOUTS } from '../../lib/upload-body-timeout';
import { slowPost as sendSlowly } from '../../testing/slow-post';
import { createTestApp, signUp } from '../../testing/test-app';
import { imageFile, multipart, storedFiles, verifyContact } from '../../testing/uploads';

/**
 * One client cannot starve uploads (issue 34): a share of the photo queue per account (2 in
 * flight) and per address (4), and a body timeout on upload routes (408 `upload_timeout`).
 * Bodies are sent slowly over real sockets: the app listens on a port, and raw HTTP requests
 * write the multipart body in small pieces. The timeouts are shortened here (the production
 * values are checked at the end).
 */
const IDLE_MS = 600;
// Progress is this much more of the body within IDLE_MS: the production 32 KiB in 15 s,
// scaled to the short idle time (and to the trickles below, which send more than this).
const PROGRESS_BYTES = 32;
// Long enough for the 13-trickle test to finish its two admitted uploads on a busy machine.
const TOTAL_MS = 8_000;
// The production size of the queue: 12 requests reading or encoding at once.
const photoQueue = createPhotoQueue({ concurrency: 1, maxInFlight: 12 });
const { app, database, filesDir, dataDir } = await createTestApp(
  {},
  {
    photoQueue,
    uploadTimeouts: {
      photos: { idleMs: IDLE_MS, totalMs: TOTAL_MS, progressBytes: PROGRESS_BYTES },
      videos: { idleMs: IDLE_MS, totalMs: TOTAL_MS, progressBytes: PROGRESS_BYTES },
    },
  },
);
const db = database.db;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

/** A slow POST to this file's app (server/testing/slow-post.ts). */
const slowPost = (options: Omit<Parameters<typeof sendSlowly>[0], 'port'>) =>
  sendSlowly({ port, ...options });

const photoBody = async () =>
  multipart([
    {
      filename: 'photo.png',
      type: 'image/png',
      data: await imageFile('png', { width: 300, height: 200 }),
    },
  ]);

const uploadsCount = async () => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(photoUploads);
  return row!.n;
};
const snapshot = async () => ({ files: storedFiles(filesDir).length, rows: await uploadsCount() });
/** Until the requests that are going on have given their places back. */
const placesFreed = () => vi.waitFor(() => expect(photoQueue.inFlight).toBe(0), { timeout: 5_000 });

let hog: string;
let other: string;
let otherId: string;
/** A new owner whose e-mail is verified: photo uploads need it (issue 50). */
async function verifiedOwner(): Promise<{ cookie: string; userId: string }> {
  const account = await signUp(app, { userType: 'owner' });
  await verifyContact(db, account.userId);
  return account;
}
beforeAll(async () => {
  hog = (await verifiedOwner()).cookie;
  ({ cookie: other, userId: otherId } = await verifiedOwner());
});

const open: { abort(): void }[] = [];
afterEach(async () => {
  for (const request of open.splice(0)) request.abort();
  await placesFreed();
});

describe('the photo queue’s shares', () => {
  it('13 uploads trickled by one account do not stop another user’s photo from being stored', async () => {
    const body = await photoBody();
    const trickles = Array.from({ length: 13 }, () =>
      slowPost({
        url: '/api/upload/property-images',
        cookie: hog,
        body,
        pieceBytes: 32,
        everyMs: 100,
      }),
    );
    open.push(...trickles);
    // Two of them hold the account's share (whichever the server took first: 13 connections
    // arrive in no set order); the 11 others are refused at once, body unread.
    const answered = new Set<number>();
    trickles.forEach((trickle, index) => {
      trickle.answer.then(
        () => answered.add(index),
        () => answered.add(index),
      );
    });
    await vi.waitFor(() => expect(answered.size).toBeGreaterThanOrEqual(11), { timeout: 10_000 });
    expect(answered.size, 'the two admitted uploads are still going up').toBe(11);
    const held = trickles.filter((_, index) => !answered.has(index));
    for (const index of answered) {
      const answer = await trickles[index]!.answer;
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('uploads_busy_account');
    }
    expect(photoQueue.inFlight).toBe(2);

    const stored = await slowPost({
      url: '/api/upload/property-images',
      cookie: other,
      body: await photoBody(),
      pieceBytes: 64 * 1024,
    }).answer;
    expect(stored.status).toBe(201);
    const [url] = stored.body.images!;
    const served = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // The slow ones still go up once their bodies arrive.
    for (const trickle of held) trickle.finish();
    for (const trickle of held) expect((await trickle.answer).status).toBe(201);
  });

  it('the 5th upload from one address is refused at once, whoever sends it', async () => {
    const accounts = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => (await verifiedOwner()).cookie),
    );
    const body = await photoBody();
    const held = accounts.slice(0, 4).map((cookie) =>
      slowPost({
        url: '/api/upload/property-images',
        cookie,
        body,
        pieceBytes: 32,
        everyMs: 100,
      }),
    );
    open.push(...held);
    await vi.waitFor(() => expect(photoQueue.inFlight).toBe(4));
    const started = Date.now();
    const refusedOne = slowPost({
      url: '/api/upload/property-images',
      cookie: accounts[4]!,
      body,
      pieceBytes: 32,
      everyMs: 100,
    });
    open.push(refusedOne);
    const fifth = await refusedOne.answer;
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('uploads_busy_address');
    // At once: long before its body could have been sent at this pace.
    expect(Date.now() - started).toBeLessThan(1_000);
    // Its connection stays for the rest of the body (a browser sees the answer), but not for
    // ever: this client now sends nothing, and the idle limit ends it.
    const answered = Date.now();
    await refusedOne.ended;
    expect(Date.now() - answered).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('refuses over app.inject too, with Retry-After: the account’s 3rd and the address’s 5th', async () => {
    const held = [
      photoQueue.admit({ accountId: 'a-1', address: '10.60.0.1' }),
      photoQueue.admit({ accountId: 'a-2', address: '10.60.0.1' }),
      photoQueue.admit({ accountId: 'a-3', address: '10.60.0.1' }),
      photoQueue.admit({ accountId: 'a-4', address: '10.60.0.1' }),
    ];
    const body = await photoBody();
    const fromThere = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...body.headers, cookie: other },
      payload: body.payload,
      remoteAddress: '10.60.0.1',
    });
    expect(fromThere.statusCode).toBe(429);
    expect(fromThere.json().code).toBe('uploads_busy_address');
    expect(Number(fromThere.headers['retry-after'])).toBeGreaterThan(0);
    for (const release of held) release();

    const own = [
      photoQueue.admit({ accountId: otherId, address: '10.61.0.1' }),
      photoQueue.admit({ accountId: otherId, address: '10.61.0.2' }),
    ];
    const third = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...body.headers, cookie: other },
      payload: body.payload,
      remoteAddress: '10.61.0.3',
    });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'uploads_busy_account', params: { max: 2 } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    for (const release of own) release();
  });
});

describe('who may upload, and the fair line of a full server (issue 50)', () => {
  it('refuses an account without a verified e-mail or phone with 403 before its body is read', async () => {
    const unverified = await signUp(app, { userType: 'owner' });
    const before = await snapshot();
    const started = Date.now();
    // The body stops after 100 bytes: only an answer that does not wait for it comes in time.
    const refusedOne = slowPost({
      url: '/api/upload/property-images',
      cookie: unverified.cookie,
      body: await photoBody(),
      stopAt: 100,
    });
    open.push(refusedOne);
    const answer = await refusedOne.answer;
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('uploads_need_verified_contact');
    expect(Date.now() - started).toBeLessThan(IDLE_MS);
    expect(photoQueue.inFlight).toBe(0);
    expect(await snapshot()).toEqual(before);
    // The JSON form too, before Fastify's parser reads it.
    const png = await imageFile('png', { width: 300, height: 200 });
    const json = slowPost({
      url: '/api/upload/property-images',
      cookie: unverified.cookie,
      body: {
        payload: Buffer.from(
          JSON.stringify({ images: [`data:image/png;base64,${png.toString('base64')}`] }),
        ),
        headers: { 'content-type': 'application/json' },
      },
      stopAt: 100,
    });
    open.push(json);
    expect((await json.answer).body.code).toBe('uploads_need_verified_contact');
    // Its connection ends with the idle limit, as any refused upload's.
    await refusedOne.ended;
  });

  it('on a full server, a request waits in the line for a place and is stored once one frees', async () => {
    const held = Array.from({ length: 12 }, (_, n) =>
      photoQueue.admit({ accountId: `full-${n}`, address: `10.70.0.${n}` }),
    );
    // A client that holds a place asks for another first...
    const holder = photoQueue.enter({ accountId: 'full-0', address: '10.70.0.0' });
    let holderIn = false;
    void holder.then(() => (holderIn = true));
    expect(photoQueue.waiting).toBe(1);
    // ...then someone who holds none.
    const body = await photoBody();
    const waiting = app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...body.headers, cookie: other },
      payload: body.payload,
      remoteAddress: '10.71.0.1',
    });
    await vi.waitFor(() => expect(photoQueue.waiting).toBe(2));
    held[5]!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(holderIn, 'the place went to the one who held none').toBe(false);
    expect(photoQueue.waiting).toBe(1);
    const answer = await waiting;
    expect(answer.statusCode, answer.body).toBe(201);
    // The holder's turn came when that upload gave its place back.
    (await holder)();
    for (const release of held) release();
  });

  it('does not hold a JSON upload, whose body is read already, in the line: 503 at once', async () => {
    const held = Array.from({ length: 12 }, (_, n) =>
      photoQueue.admit({ accountId: `json-${n}`, address: `10.72.0.${n}` }),
    );
    const png = await imageFile('png', { width: 300, height: 200 });
    const body = {
      payload: Buffer.from(
        JSON.stringify({ images: [`data:image/png;base64,${png.toString('base64')}`] }),
      ),
      headers: { 'content-type': 'application/json' },
    };
    const started = Date.now();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...body.headers, cookie: other },
      payload: body.payload,
      remoteAddress: '10.74.0.1',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('uploads_busy');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(photoQueue.waiting).toBe(0);
    for (const release of held) release();
    const stored = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...body.headers, cookie: other },
      payload: body.payload,
      remoteAddress: '10.74.0.1',
    });
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('takes a request whose client went away out of the line', async () => {
    const held = Array.from({ length: 12 }, (_, n) =>
      photoQueue.admit({ accountId: `gone-${n}`, address: `10.73.0.${n}` }),
    );
    const sending = slowPost({
      url: '/api/upload/property-images',
      cookie: other,
      body: await photoBody(),
      stopAt: 200,
    });
    open.push(sending);
    await vi.waitFor(() => expect(photoQueue.waiting).toBe(1));
    sending.abort();
    await vi.waitFor(() => expect(photoQueue.waiting).toBe(0));
    // The place it would have had goes to nobody: the queue is as full as before.
    held[0]!();
    expect(photoQueue.inFlight).toBe(11);
    for (const release of held) release();
  });

  it('takes a trickled body’s place after the idle time, although bytes keep coming', async () => {
    const before = await snapshot();
    const started = Date.now();
    // 4 bytes every 100 ms: never a pause, but under PROGRESS_BYTES in any IDLE_MS. By the
    // byte it would have held its place until TOTAL_MS.
    const trickle = slowPost({
      url: '/api/upload/property-images',
      cookie: hog,
      body: await photoBody(),
      pieceBytes: 4,
      everyMs: 100,
    });
    open.push(trickle);
    await vi.waitFor(() => expect(photoQueue.inFlight).toBe(1));
    const answer = await trickle.answer;
    const took = Date.now() - started;
    expect(answer.status).toBe(408);
    expect(answer.body.code).toBe('upload_timeout');
    expect(answer.closed).toBe(true);
    expect(took).toBeGreaterThanOrEqual(IDLE_MS);
    expect(took).toBeLessThan(TOTAL_MS / 2);
    expect(photoQueue.inFlight).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the upload body timeout', () => {
  it('answers 408 upload_timeout to a body that stalls, frees its place and stores nothing', async () => {
    const before = await snapshot();
    const body = await photoBody();
    const started = Date.now();
    const stalled = slowPost({
      url: '/api/upload/property-images',
      cookie: hog,
      body,
      pieceBytes: 512,
      everyMs: 20,
      stopAt: Math.floor(body.payload.length / 2),
    });
    open.push(stalled);
    const answer = await stalled.answer;
    expect(answer.status).toBe(408);
    expect(answer.body.code).toBe('upload_timeout');
    expect(answer.closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
    expect(photoQueue.inFlight).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 408 to a body still arriving after the total time, however steadily', async () => {
    const before = await snapshot();
    const body = await photoBody();
    const started = Date.now();
    // A piece every 100 ms (never idle) would take far longer than TOTAL_MS to send it all.
    const dragging = slowPost({
      url: '/api/upload/property-images',
      cookie: hog,
      body,
      pieceBytes: 8,
      everyMs: 100,
    });
    open.push(dragging);
    const answer = await dragging.answer;
    expect(answer.status).toBe(408);
    expect(answer.body.code).toBe('upload_timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TOTAL_MS);
    expect(photoQueue.inFlight).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 15_000);

  it('times out the JSON form of the photo upload too', async () => {
    const png = await imageFile('png', { width: 300, height: 200 });
    const payload = Buffer.from(
      JSON.stringify({ images: [`data:image/png;base64,${png.toString('base64')}`] }),
    );
    const stalled = slowPost({
      url: '/api/upload/property-images',
      cookie: hog,
      body: { payload, headers: { 'content-type': 'application/json' } },
      stopAt: 100,
    });
    open.push(stalled);
    const answer = await stalled.answer;
    expect(answer.status).toBe(408);
    expect(answer.body.code).toBe('upload_timeout');
  });

  it('times out a stalled verification document and a stalled video, leaving no file behind', async () => {
    const photo = await imageFile('jpeg');
    const document = multipart([
      { field: 'photo', filename: 'card.jpg', type: 'image/jpeg', data: photo },
    ]);
    const verification = slowPost({
      url: '/api/account/verifications',
      cookie: hog,
      body: document,
      stopAt: 2_000,
    });
    open.push(verification);
    const refused = await verification.answer;
    expect(refused.status).toBe(408);
    expect(refused.body.code).toBe('upload_timeout');

    // An MP4's first box, then nothing: the quarantine file it began is deleted.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(200_000, 1),
    ]);
    const video = multipart([
      { field: 'videos', filename: 'tour.mp4', type: 'video/mp4', data: mp4 },
    ]);
    const stalledVideo = slowPost({
      url: '/api/upload/property-videos',
      cookie: hog,
      body: video,
      pieceBytes: 16 * 1024,
      everyMs: 10,
      stopAt: 100_000,
    });
    open.push(stalledVideo);
    const videoAnswer = await stalledVideo.answer;
    expect(videoAnswer.status).toBe(408);
    expect(videoAnswer.body.code).toBe('upload_timeout');
    const quarantine = path.join(dataDir, 'quarantine');
    await vi.waitFor(() =>
      expect(storedFiles(quarantine).filter((name) => name.endsWith('.upload'))).toEqual([]),
    );
  });

  it('asks photos and documents for 32 KiB every 15 s and 120 s in all by default; videos get 30 minutes in all', () => {
    expect(UPLOAD_TIMEOUTS.photos).toEqual({
      idleMs: 15_000,
      totalMs: 120_000,
      progressBytes: 32 * 1024,
    });
    expect(UPLOAD_TIMEOUTS.videos).toEqual({
      idleMs: 15_000,
      totalMs: 30 * 60_000,
      progressBytes: 32 * 1024,
    });
  });
});
