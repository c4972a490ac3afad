import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createPhotoQueue } from '../../lib/photo-queue';
import { slowPost, type SlowAnswer, type SlowPost } from '../../testing/slow-post';
import { createTestApp, signUp } from '../../testing/test-app';
import { imageFile, multipart, verifyContact } from '../../testing/uploads';

/**
 * The outside probe of issue 50, at the production limits (UPLOAD_TIMEOUTS, the queue's 12
 * places, 2 per account and 4 per address, 30 s in the fair queue): six verified accounts on
 * three addresses trickle twelve photo uploads, a few bytes every two seconds (never idle
 * for 15 s), and open a new one as soon as one is answered. Another verified user's photo
 * must still be stored within 30 s. Over real sockets: each address is a loopback address of
 * its own (127.0.0.2 and on), the app listens on 127.0.0.1.
 */
const photoQueue = createPhotoQueue({ concurrency: 1, maxInFlight: 12 });
const { app, database } = await createTestApp({}, { photoQueue });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const url = '/api/upload/property-images';

const photoBody = async () =>
  multipart([
    {
      filename: 'photo.png',
      type: 'image/png',
      data: await imageFile('png', { width: 300, height: 200 }),
    },
  ]);

async function verifiedAccount(): Promise<string> {
  const account = await signUp(app, { userType: 'owner' });
  await verifyContact(database.db, account.userId);
  return account.cookie;
}

describe('the probe’s trickled uploads (issue 50)', () => {
  it('12 uploads trickled by 6 verified accounts on 3 addresses leave another verified user’s photo stored within 30 s', async () => {
    const hogs = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (n) => ({
        cookie: await verifiedAccount(),
        address: `127.0.0.${2 + Math.floor(n / 2)}`,
      })),
    );
    const other = await verifiedAccount();
    const body = await photoBody();

    // The probe's client: two trickles per account at once, and a new one as soon as one ends.
    let probing = true;
    const trickles: SlowPost[] = [];
    const hogAnswers: SlowAnswer[] = [];
    const trickle = (hog: (typeof hogs)[number]) => {
      const sending = slowPost({
        port,
        url,
        cookie: hog.cookie,
        body,
        localAddress: hog.address,
        pieceBytes: 16,
        everyMs: 2_000,
      });
      trickles.push(sending);
      const again = () => {
        if (probing) setTimeout(() => probing && trickle(hog), 50);
      };
      sending.answer.then((answer) => {
        hogAnswers.push(answer);
        again();
      }, again);
    };
    try {
      for (const hog of hogs) {
        trickle(hog);
        trickle(hog);
      }
      await vi.waitFor(() => expect(photoQueue.inFlight).toBe(12), { timeout: 10_000 });

      const started = Date.now();
      const mine = await slowPost({
        port,
        url,
        cookie: other,
        body: await photoBody(),
        localAddress: '127.0.0.9',
        pieceBytes: 64 * 1024,
      }).answer;
      const took = Date.now() - started;
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      expect(took).toBeLessThan(30_000);
      const served = await fetch(`http://127.0.0.1:${port}${mine.body.images![0]}`);
      expect(served.status).toBe(200);

      // The trickles lost their places to the stall limit, although bytes kept coming.
      expect(hogAnswers.length).toBeGreaterThan(0);
      for (const answer of hogAnswers) {
        expect(answer.status).toBe(408);
        expect(answer.body.code).toBe('upload_timeout');
      }
    } finally {
      probing = false;
      for (const sending of trickles) sending.abort();
    }
    await vi.waitFor(() => expect(photoQueue.inFlight).toBe(0), { timeout: 5_000 });
  }, 60_000);
});
