import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoUploads } from './schema';
import { createPhotoQueue } from '../../lib/photo-queue';
import { UPLOAD_TIMEOUTS } from '../../lib/upload-body-timeout';
import { createTestApp, signUp } from '../../testing/test-app';
import { imageFile, multipart, storedFiles } from '../../testing/uploads';

/**
 * One client cannot starve uploads (issue 34): a share of the photo queue per account (2 in
 * flight) and per address (4), and a body timeout on upload routes (408 `upload_timeout`).
 * Bodies are sent slowly over real sockets: the app listens on a port, and raw HTTP requests
 * write the multipart body in small pieces. The timeouts are shortened here (the production
 * values are checked at the end).
 */
const IDLE_MS = 600;
// Long enough for the 13-trickle test to finish its two admitted uploads on a busy machine.
const TOTAL_MS = 8_000;
// The production size of the queue: 12 requests reading or encoding at once.
const photoQueue = createPhotoQueue({ concurrency: 1, maxInFlight: 12 });
const { app, database, filesDir, dataDir } = await createTestApp(
  {},
  {
    photoQueue,
    uploadTimeouts: {
      photos: { idleMs: IDLE_MS, totalMs: TOTAL_MS },
      videos: { idleMs: IDLE_MS, totalMs: TOTAL_MS },
    },
  },
);
const db = database.db;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

type Answer = { status: number; body: { code?: string; images?: string[] }; closed: boolean };

/**
 * A POST whose body goes out `pieceBytes` at a time, one piece every `everyMs`, until `stopAt`
 * bytes (the whole body by default; less leaves it stalled). Its answer may come before the
 * body is all sent (a refusal, a timeout): then sending stops.
 */
function slowPost(options: {
  url: string;
  cookie: string;
  body: { payload: Buffer; headers: Record<string, string> };
  pieceBytes?: number;
  everyMs?: number;
  stopAt?: number;
}) {
  const { payload } = options.body;
  const pieceBytes = options.pieceBytes ?? 64;
  const stopAt = options.stopAt ?? payload.length;
  let sent = 0;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: options.url,
    headers: {
      ...options.body.headers,
      cookie: options.cookie,
      'content-length': String(payload.length),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      clearInterval(timer);
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode ?? 0,
          body: text ? (JSON.parse(text) as Answer['body']) : {},
          closed: response.headers.connection === 'close',
        });
      });
    });
    // Writes after the server answered and closed the connection fail; the answer counts.
    request.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
  });
  const writePiece = () => {
    if (sent >= stopAt || request.destroyed) return;
    const end = Math.min(sent + pieceBytes, stopAt);
    request.write(payload.subarray(sent, end));
    sent = end;
    if (sent === payload.length) {
      clearInterval(timer);
      request.end();
    }
  };
  const ended = new Promise<void>((resolve) => request.on('close', () => resolve()));
  // A request the test aborts has no answer to wait for.
  answer.catch(() => {});
  const timer = setInterval(writePiece, options.everyMs ?? 50);
  writePiece();
  return {
    answer,
    /** When the connection is gone, whichever side ended it. */
    ended,
    /** Sends the rest of the body at once. */
    finish() {
      clearInterval(timer);
      if (request.destroyed || sent >= payload.length) return;
      request.end(payload.subarray(sent));
      sent = payload.length;
    },
    abort() {
      clearInterval(timer);
      request.destroy();
    },
  };
}

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
beforeAll(async () => {
  hog = (await signUp(app, { userType: 'owner' })).cookie;
  ({ cookie: other, userId: otherId } = await signUp(app, { userType: 'owner' }));
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
      [1, 2, 3, 4, 5].map(async () => (await signUp(app, { userType: 'owner' })).cookie),
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

  it('is 15 s without progress and 120 s in all for photos and documents by default; videos get 30 minutes in all', () => {
    expect(UPLOAD_TIMEOUTS.photos).toEqual({ idleMs: 15_000, totalMs: 120_000 });
    expect(UPLOAD_TIMEOUTS.videos).toEqual({ idleMs: 15_000, totalMs: 30 * 60_000 });
  });
});
