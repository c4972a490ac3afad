import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { photoUploads } from './schema';
import { createPhotoQueue } from '../../lib/photo-queue';
import { createTestApp, signUp } from '../../testing/test-app';
import {
  imageFile,
  multipart,
  oversizedPng,
  storedFiles,
  uploadImages,
  verifyContact,
  type FilePart,
} from '../../testing/uploads';
import { sweepUnusedUploads } from './service';

// Room for two requests at once, so a test can fill it; a full queue's line is waited in for
// WAIT_MS (30 s in production).
const WAIT_MS = 300;
const photoQueue = createPhotoQueue({ concurrency: 1, maxInFlight: 2, waitMs: WAIT_MS });
const { app, database, filesDir, storage } = await createTestApp({}, { photoQueue });
const db = database.db;

let cookie: string;
beforeAll(async () => {
  const owner = await signUp(app, { userType: 'owner' });
  // Photo uploads need a verified e-mail or phone (issue 50).
  await verifyContact(db, owner.userId);
  cookie = owner.cookie;
});

const part = (format: 'png' | 'jpeg' | 'gif' | 'webp', data: Buffer): FilePart => ({
  filename: `photo.${format === 'jpeg' ? 'jpg' : format}`,
  type: `image/${format}`,
  data,
});

async function uploadedCount(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(photoUploads);
  return row!.n;
}

/** A failed upload leaves no file and no row behind. */
async function expectNothingStored(before: { files: number; rows: number }) {
  expect(storedFiles(filesDir)).toHaveLength(before.files);
  expect(await uploadedCount()).toBe(before.rows);
}
const snapshot = async () => ({ files: storedFiles(filesDir).length, rows: await uploadedCount() });

describe('POST /api/upload/property-images', () => {
  it('is for signed-in users (401)', async () => {
    const response = await uploadImages(app, '', [part('png', await imageFile('png'))]);
    expect(response.statusCode).toBe(401);
  });

  it('is for accounts with a verified e-mail or phone (403 uploads_need_verified_contact); a verified phone is enough', async () => {
    const before = await snapshot();
    const account = await signUp(app, { userType: 'owner' });
    const files = [part('png', await imageFile('png'))];
    const refused = await uploadImages(app, account.cookie, files);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'uploads_need_verified_contact',
      message: 'Verify your email address or phone number before uploading photos',
    });
    await expectNothingStored(before);
    expect(photoQueue.inFlight).toBe(0);

    await db.update(users).set({ phoneVerified: true }).where(eq(users.id, account.userId));
    expect((await uploadImages(app, account.cookie, files)).statusCode).toBe(201);
  });

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'takes a real %s file, re-encodes it to WebP variants and serves them',
    async (format) => {
      const response = await uploadImages(app, cookie, [part(format, await imageFile(format))]);
      expect(response.statusCode).toBe(201);
      const { images } = response.json() as { images: string[] };
      expect(images).toHaveLength(1);
      expect(images[0]).toMatch(/^\/files\/p[0-9a-f]{24}-800\.webp$/);

      const served = await app.inject({ method: 'GET', url: images[0]! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(800);
      // The 400 variant exists too (srcset); 1200 does not for a 900-pixel photo.
      const small = images[0]!.replace('-800.', '-400.');
      expect((await app.inject({ method: 'GET', url: small })).statusCode).toBe(200);
      const large = images[0]!.replace('-800.', '-1200.');
      expect((await app.inject({ method: 'GET', url: large })).statusCode).toBe(404);
    },
  );

  it('drops metadata such as EXIF', async () => {
    const jpeg = await imageFile('jpeg', { width: 900, height: 600 }, { exif: true });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await uploadImages(app, cookie, [part('jpeg', jpeg)]);
    const served = await app.inject({ method: 'GET', url: response.json().images[0] });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('Secret Person')).toBe(false);
  });

  it('takes several files in one request, in order', async () => {
    const response = await uploadImages(app, cookie, [
      part('png', await imageFile('png', { width: 500, height: 500 })),
      part('jpeg', await imageFile('jpeg')),
      part('gif', await imageFile('gif', { width: 300, height: 200 })),
    ]);
    expect(response.statusCode).toBe(201);
    const { images } = response.json() as { images: string[] };
    expect(images).toHaveLength(3);
    // A photo narrower than the smallest width keeps its own.
    expect(images[2]).toMatch(/-300\.webp$/);
    expect(new Set(images).size).toBe(3);
  });

  it('takes the JSON form with data URLs (the create flow of the spec)', async () => {
    const png = await imageFile('png');
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { cookie },
      payload: { images: [`data:image/png;base64,${png.toString('base64')}`] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().images).toHaveLength(1);
  });

  it('refuses a text file renamed to .png (415) and stores nothing', async () => {
    const before = await snapshot();
    const text = Buffer.from('just some text pretending to be an image\n'.repeat(20));
    const response = await uploadImages(app, cookie, [
      { filename: 'holiday.png', type: 'image/png', data: text },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/JPG, PNG, GIF and WebP/);
    await expectNothingStored(before);
  });

  it('refuses the whole batch when one file is bad, storing none of it', async () => {
    const before = await snapshot();
    const response = await uploadImages(app, cookie, [
      part('png', await imageFile('png')),
      { filename: 'b.jpg', type: 'image/jpeg', data: Buffer.from('%PDF-1.7 not an image') },
    ]);
    expect(response.statusCode).toBe(415);
    await expectNothingStored(before);
  });

  it('refuses a file with an image signature but a broken body (415)', async () => {
    const before = await snapshot();
    const png = await imageFile('png');
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(2000, 7)]);
    const response = await uploadImages(app, cookie, [part('png', broken)]);
    expect(response.statusCode).toBe(415);
    await expectNothingStored(before);
  });

  it('refuses an image over 5 MB (413) and stores nothing', async () => {
    const before = await snapshot();
    const big = await oversizedPng();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const response = await uploadImages(app, cookie, [part('png', big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/5 MB/);
    await expectNothingStored(before);

    const asJson = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { cookie },
      payload: { images: [`data:image/png;base64,${big.toString('base64')}`] },
    });
    expect(asJson.statusCode).toBe(413);
    await expectNothingStored(before);
  });

  it('refuses more than 10 files in one request (413)', async () => {
    const before = await snapshot();
    const png = await imageFile('png', { width: 200, height: 200 });
    const response = await uploadImages(
      app,
      cookie,
      Array.from({ length: 11 }, () => part('png', png)),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('At most 10 images per upload');
    await expectNothingStored(before);
  });

  it('answers 400 for no file, another field name, or a non-data URL', async () => {
    const empty = multipart([]);
    const none = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...empty.headers, cookie },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);

    const png = await imageFile('png');
    const wrongField = await uploadImages(app, cookie, [{ ...part('png', png), field: 'photo' }]);
    expect(wrongField.statusCode).toBe(400);

    for (const images of [['https://example.com/a.png'], [], ['data:image/png,notbase64']]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/upload/property-images',
        headers: { cookie },
        payload: { images },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('answers 400, not 500, to a multipart body cut short or without a boundary', async () => {
    const cutShort = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nabc',
    });
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json().message).toBe('The upload was incomplete or malformed');
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { cookie, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('deletes uploads that no listing took within a day', async () => {
    const response = await uploadImages(app, cookie, [part('png', await imageFile('png'))]);
    const url: string = response.json().images[0];
    await db.execute(
      sql`UPDATE photo_uploads SET created_at = now() - interval '25 hours' WHERE key = ${url.slice(7, 32)}`,
    );
    expect(await sweepUnusedUploads(db, storage)).toBe(1);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Fresh uploads stay.
    expect(await sweepUnusedUploads(db, storage)).toBe(0);
  });

  it('answers 503 uploads_busy with Retry-After when the photo queue stays full for the wait, and takes the photo once it has room', async () => {
    const before = await snapshot();
    // Held by two other people elsewhere: the queue is full, not this account's share.
    const held = [
      photoQueue.admit({ accountId: 'someone-else-1', address: '10.50.0.1' }),
      photoQueue.admit({ accountId: 'someone-else-2', address: '10.50.0.2' }),
    ];
    const asked = Date.now();
    const busy = await uploadImages(app, cookie, [part('jpeg', await imageFile('jpeg'))]);
    expect(busy.statusCode).toBe(503);
    // It waited in the line for a place first.
    expect(Date.now() - asked).toBeGreaterThanOrEqual(WAIT_MS - 10);
    expect(photoQueue.waiting).toBe(0);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toMatchObject({
      code: 'uploads_busy',
      message: 'Many photos are being processed right now. Please try again in a few seconds.',
    });
    await expectNothingStored(before);

    for (const release of held) release();
    const later = await uploadImages(app, cookie, [part('jpeg', await imageFile('jpeg'))]);
    expect(later.statusCode).toBe(201);
    // Every request gave its place back, refused or not.
    expect(photoQueue.inFlight).toBe(0);
  });

  it('gives the place back when a request is refused (a file of the wrong type)', async () => {
    const response = await uploadImages(app, cookie, [part('png', Buffer.from('not an image'))]);
    expect(response.statusCode).toBe(415);
    expect(photoQueue.inFlight).toBe(0);
  });
});
