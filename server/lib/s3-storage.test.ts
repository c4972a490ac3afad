import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoUrls, type PendingVideo } from '#common/videos';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { seedDemoData } from '../demo/seed';
import { sweepUnusedUploads, photoUploads } from '../features/uploads/service';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { createTestDatabase } from '../testing/test-database';
import { signUp, signUpAdmin } from '../testing/test-app';
import { imageFile, multipart, verifyContact } from '../testing/uploads';
import {
  fakeScanner,
  formData,
  movFile,
  mp4File,
  uploadVideos,
  videoPart,
  waitForScans,
} from '../testing/videos';
import { s3Storage } from './s3-storage';
import type { FileStorage } from './storage';
import { properties } from '../features/listings/service';

/**
 * Every feature that keeps files (photo uploads and the files route, the sweep of unused
 * uploads, videos from quarantine to review to download, the demo seed) on the s3 driver,
 * against s3rver; storage.test.ts checks the driver's own contract.
 */
let s3: TestS3Server;
let storage: FileStorage;
const database = await createTestDatabase();
const db = database.db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-s3-app-'));
let app: Awaited<ReturnType<typeof buildApp>>;

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let admin: Account;

beforeAll(async () => {
  s3 = await startS3Server(['abode-features']);
  storage = s3Storage(s3.configFor('abode-features'));
  app = await buildApp({
    config: testConfig({ dataDir, storage: 's3', s3: s3.configFor('abode-features') }),
    db,
    storage,
    webRoot: '/nonexistent',
    scanner: fakeScanner(),
  });
  owner = await signUp(app, { userType: 'owner' });
  // Photo uploads need a verified e-mail or phone (issue 50).
  await verifyContact(db, owner.userId);
  admin = await signUpAdmin({ app, database });
});

afterAll(async () => {
  await app?.close();
  await database.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who?: Account, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });

/** Nothing the app stores lands on the local disk with STORAGE=s3 (the quarantine aside). */
const localFiles = () => fs.readdirSync(dataDir).filter((name) => name !== 'quarantine');

describe('photos on s3', () => {
  it('uploads a photo into the bucket and serves it from there at /files/…', async () => {
    const body = multipart([
      { field: 'images', filename: 'flat.png', type: 'image/png', data: await imageFile('png') },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload/property-images',
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const [url] = response.json().images as string[];
    const name = url!.replace('/files/', '');
    const stored = await storage.stat(name);
    expect(stored?.size).toBeGreaterThan(100);

    const served = await get(url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-length']).toBe(String(stored!.size));
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(localFiles()).toEqual([]);

    // A photo no listing took within the time is swept from the bucket too.
    await db.update(photoUploads).set({ createdAt: sql`now() - interval '2 days'` });
    expect(await sweepUnusedUploads(db, storage)).toBeGreaterThan(0);
    expect(await storage.stat(name)).toBeNull();
    expect((await get(url!)).statusCode).toBe(404);
  });

  it('answers 404 for a photo that is not in the bucket', async () => {
    expect((await get('/files/nothing_here-640.webp')).statusCode).toBe(404);
  });
});

describe('videos on s3', () => {
  it('goes from quarantine into the bucket, downloads with ranges, and the edit comes back', async () => {
    const data = mp4File(Buffer.alloc(64 * 1024, 7));
    const uploaded = await uploadVideos(app, owner.cookie, [
      { name: 'propertyId', value: '' },
      videoPart(data, 'tour.mp4'),
    ]);
    expect(uploaded.statusCode).toBe(201);
    await waitForScans(db);
    const pending = (await get(videoUrls.pending, admin)).json() as PendingVideo[];
    const entry = pending.find((video) => video.userId === owner.userId)!;
    expect(await storage.stat(entry.fileName)).toEqual({ size: data.length });

    const url = videoUrls.adminDownload(entry.userId, entry.fileName);
    const whole = await get(url, admin);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await get(url, admin, { range: 'bytes=8-15' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(8, 16))).toBe(true);
    expect((await get(url, admin, { range: `bytes=${data.length}-` })).statusCode).toBe(416);

    const edited = movFile();
    const body = formData([
      { name: 'originalFileName', value: entry.fileName },
      { name: 'editedVideo', filename: 'tour-edited.mov', type: 'video/quicktime', data: edited },
    ]);
    const approved = await app.inject({
      method: 'POST',
      url: videoUrls.uploadEdited(owner.userId),
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    expect(approved.statusCode).toBe(200);
    const editedFileName = approved.json().editedFileName as string;
    expect(await storage.stat(editedFileName)).toEqual({ size: edited.length });
    const download = await get(videoUrls.userDownload(editedFileName), owner);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(edited)).toBe(true);
    expect(localFiles()).toEqual([]);
  });
});

describe('an s3 store that cannot be reached', () => {
  it('answers 503 with Retry-After and the error shape, never 500', async () => {
    const config = { ...s3.configFor('abode-features'), endpoint: 'http://127.0.0.1:1' };
    const offline = await buildApp({
      config: testConfig({ dataDir, storage: 's3', s3: config }),
      db,
      storage: s3Storage(config, { onUnavailable: () => {} }),
      webRoot: '/nonexistent',
    });
    try {
      const response = await offline.inject({ method: 'GET', url: '/files/abc_1-640.webp' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        message: 'File storage is temporarily unavailable. Please try again shortly.',
        code: 'unavailable',
      });
    } finally {
      await offline.close();
    }
  });
});

describe('the demo seed on s3', () => {
  it('stores every demo photo in the bucket, and the files route serves them', async () => {
    await seedDemoData(db, storage);
    const listings = await db.select({ photos: properties.photos }).from(properties);
    expect(listings.length).toBeGreaterThan(50);
    const photo = listings[0]!.photos[0]!;
    expect(await storage.stat(`${photo.key}-${photo.widths[0]}.webp`)).not.toBeNull();
    for (const width of photo.widths) {
      const response = await get(`/files/${photo.key}-${width}.webp`);
      expect(response.statusCode).toBe(200);
    }
  });
});
