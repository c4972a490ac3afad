import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_VIDEOS_PER_USER, MAX_VIDEO_BYTES } from '#common/videos';
import { videos } from './schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { storedFiles } from '../../testing/uploads';
import {
  aviFile,
  fakeScanner,
  infectedMp4,
  movFile,
  mp4File,
  uploadVideos,
  videoPart,
  waitForScans,
  writeTestSignatures,
} from '../../testing/videos';
import { clamscanAvailable, clamscanScanner } from './scanner';
import { reportUnavailable } from '../../testing/unavailable-suites';

/**
 * POST /api/upload/property-videos: who may upload, what is accepted (by content, by size),
 * and what happens next (quarantine, scan, review). The scanner here is the real clamscan with
 * a signature database that knows the EICAR test string.
 */
const hasClamscan = await clamscanAvailable();
if (!hasClamscan && !process.env.CI) {
  reportUnavailable('video uploads scanned by ClamAV (a stand-in scanned them)', 'no clamscan');
}
const quiet = { info: () => {}, error: () => {} };
const scanner =
  hasClamscan || process.env.CI
    ? clamscanScanner({ database: writeTestSignatures(), log: quiet })
    : fakeScanner((file) =>
        fs.readFileSync(file).includes('EICAR-STANDARD-ANTIVIRUS-TEST-FILE')
          ? { result: 'infected', signature: 'Abode.Test.EICAR.UNOFFICIAL' }
          : { result: 'clean' },
      );

const { app, database, dataDir, filesDir } = await createTestApp({}, { scanner });
const db = database.db;
const quarantineDir = path.join(dataDir, 'quarantine');

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let other: Account;
let admin: Account;
beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  other = await signUp(app, { userType: 'owner' });
  admin = await signUpAdmin({ app, database });
});

const pendingNames = async () =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/admin/pending-videos',
      headers: { cookie: admin.cookie },
    })
  )
    .json()
    .map((v: { originalName: string }) => v.originalName);
const quarantined = () => storedFiles(quarantineDir);
const videosOf = (userId: string) => db.select().from(videos).where(eq(videos.userId, userId));

describe('who may upload', () => {
  it('visitors are refused (401) and nothing is kept', async () => {
    const response = await uploadVideos(app, '', [videoPart(mp4File())]);
    expect(response.statusCode).toBe(401);
    expect(quarantined()).toEqual([]);
  });

  it('any signed-in user may (a renter listing a room too), without a listing', async () => {
    const renter = await signUp(app);
    const response = await uploadVideos(app, renter.cookie, [videoPart(mp4File())]);
    expect(response.statusCode).toBe(201);
    expect(response.json().videos[0].propertyId).toBeNull();
  });

  it('a propertyId must be one of the uploader’s listings: 403 for another’s, 404, 400', async () => {
    const mine = await createListing(db, owner.userId);
    const theirs = await createListing(db, other.userId);
    const upload = (propertyId: string) =>
      uploadVideos(app, owner.cookie, [
        { name: 'propertyId', value: propertyId },
        videoPart(mp4File()),
      ]);
    expect((await upload(theirs)).statusCode).toBe(403);
    expect((await upload('6f1c3a52-3b7e-4c39-9a57-1d3e1f6a9b10')).statusCode).toBe(404);
    const bad = await upload('../../etc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ propertyId: expect.any(String) });

    const ok = await upload(mine);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().videos[0].propertyId).toBe(mine);
    expect(quarantined().filter((name) => name.endsWith('.upload'))).toEqual([]);
  });
});

describe('what is accepted', () => {
  it.each([
    ['MP4', mp4File(), 'walkthrough.mp4', 'mp4'],
    ['MOV', movFile(), 'IMG_0042.MOV', 'mov'],
    ['AVI', aviFile(), 'old camera.avi', 'avi'],
  ])(
    'a real %s: 201, status scanning, a random name with the true extension',
    async (_, data, name, ext) => {
      const response = await uploadVideos(app, owner.cookie, [videoPart(data, name)]);
      expect(response.statusCode).toBe(201);
      const [video] = response.json().videos;
      expect(video).toMatchObject({
        originalName: name,
        fileSize: data.length,
        status: 'scanning',
        uploadedAt: expect.any(String),
      });
      expect(video.fileName).toMatch(new RegExp(`^v[0-9a-f]{24}\\.${ext}$`));
    },
  );

  it('judges by content, not by name or declared type: an MP4 called .avi is an .mp4', async () => {
    const response = await uploadVideos(app, owner.cookie, [
      videoPart(mp4File(), 'holiday.avi', 'video/x-msvideo'),
    ]);
    expect(response.json().videos[0].fileName).toMatch(/\.mp4$/);
  });

  it.each([
    ['a text file named .mp4', Buffer.from('just some words, not a video at all'), 'fake.mp4'],
    ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'photo.mp4'],
    ['a WAV sound', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), 'song.avi'],
  ])('%s is refused with 415 and deleted', async (_, data, name) => {
    const response = await uploadVideos(app, owner.cookie, [videoPart(data, name)]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Only MP4, MOV and AVI videos are accepted',
      code: 'video_wrong_type',
    });
    expect(quarantined().filter((file) => file.endsWith('.upload'))).toEqual([]);
  });

  it('a file of 101 MB is refused with 413 (the stream is cut at 100 MB) and deleted', async () => {
    const before = (await videosOf(owner.userId)).length;
    const big = mp4File(Buffer.alloc(101 * 1024 * 1024 - 40, 1));
    expect(big.length).toBeGreaterThan(MAX_VIDEO_BYTES);
    const response = await uploadVideos(app, owner.cookie, [videoPart(big, 'long.mp4')]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Each video may be at most 100 MB',
      code: 'video_too_large',
      params: { max: 100 },
      fields: { videos: 'Each video may be at most 100 MB' },
      fieldCodes: { videos: 'video_too_large' },
    });
    expect(quarantined().filter((file) => file.endsWith('.upload'))).toEqual([]);
    expect(await videosOf(owner.userId)).toHaveLength(before);
  });

  it('a file of exactly 100 MB is taken', async () => {
    const exact = mp4File(Buffer.alloc(MAX_VIDEO_BYTES - 32, 2));
    expect(exact.length).toBe(MAX_VIDEO_BYTES);
    const response = await uploadVideos(app, other.cookie, [videoPart(exact, 'exact.mp4')]);
    expect(response.statusCode).toBe(201);
    expect(response.json().videos[0].fileSize).toBe(MAX_VIDEO_BYTES);
  });

  it('one bad file in a batch stores none of it', async () => {
    const before = (await videosOf(owner.userId)).length;
    const response = await uploadVideos(app, owner.cookie, [
      videoPart(mp4File(), 'good.mp4'),
      videoPart(Buffer.from('not a video'), 'bad.mp4'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(await videosOf(owner.userId)).toHaveLength(before);
    expect(quarantined().filter((file) => file.endsWith('.upload'))).toEqual([]);
  });

  it('several videos in one request; at most 5 (413)', async () => {
    const two = await uploadVideos(app, other.cookie, [
      videoPart(mp4File(), 'a.mp4'),
      videoPart(movFile(), 'b.mov'),
    ]);
    expect(two.statusCode).toBe(201);
    expect(two.json().videos).toHaveLength(2);
    const six = await uploadVideos(
      app,
      other.cookie,
      Array.from({ length: 6 }, (_, i) => videoPart(mp4File(), `${i}.mp4`)),
    );
    expect(six.statusCode).toBe(413);
  });

  it('clear 4xx for a wrong field, no file, an empty file or a JSON body', async () => {
    const wrongField = await uploadVideos(app, owner.cookie, [
      { name: 'images', filename: 'x.mp4', data: mp4File() },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toEqual({ videos: expect.any(String) });
    expect((await uploadVideos(app, owner.cookie, [])).statusCode).toBe(400);
    const empty = await uploadVideos(app, owner.cookie, [videoPart(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: '/api/upload/property-videos',
      headers: { cookie: owner.cookie },
      payload: { videos: ['x'] },
    });
    expect(json.statusCode).toBe(415);
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/upload/property-videos',
      headers: {
        cookie: owner.cookie,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="videos"; filename="a.mp4"\r\n\r\nabc',
    });
    expect(truncated.statusCode).toBe(400);
  });

  it('a file name is cleaned of paths and control characters', async () => {
    const response = await uploadVideos(app, owner.cookie, [
      videoPart(mp4File(), '../../etc/pass\u0007wd <tour>.mp4'),
    ]);
    expect(response.json().videos[0].originalName).toBe('passwd tour.mp4');
  });
});

describe('after the answer: quarantine, scan, review', () => {
  it('a clean video leaves quarantine for the storage and waits for an administrator', async () => {
    const response = await uploadVideos(app, owner.cookie, [videoPart(mp4File(), 'clean.mp4')]);
    const { fileName } = response.json().videos[0];
    await waitForScans(db);
    const [row] = await db.select().from(videos).where(eq(videos.fileName, fileName));
    expect(row).toMatchObject({ status: 'pending_review', scanResult: 'clean' });
    expect(quarantined()).not.toContain(fileName);
    expect(storedFiles(filesDir)).toContain(fileName);
    expect(await pendingNames()).toContain('clean.mp4');
  });

  it('an infected upload (EICAR in a real MP4) is deleted and never reaches an administrator', async () => {
    const response = await uploadVideos(app, owner.cookie, [
      videoPart(infectedMp4(), 'eicar-tour.mp4'),
    ]);
    // The type check passes: the scan is what catches it.
    expect(response.statusCode).toBe(201);
    const { fileName } = response.json().videos[0];
    await waitForScans(db);
    expect(await db.select().from(videos).where(eq(videos.fileName, fileName))).toEqual([]);
    expect(quarantined()).not.toContain(fileName);
    expect(storedFiles(filesDir)).not.toContain(fileName);
    expect(await pendingNames()).not.toContain('eicar-tour.mp4');
  });

  it('a user with too many videos waiting is asked to wait (409)', async () => {
    const busy = await signUp(app);
    await db.insert(videos).values(
      Array.from({ length: MAX_PENDING_VIDEOS_PER_USER }, (_, i) => ({
        userId: busy.userId,
        originalName: `${i}.mp4`,
        fileName: `v${String(i).padStart(24, '0')}.mp4`,
        fileSize: 10,
        mimeType: 'video/mp4',
        status: 'pending_review' as const,
        scanResult: 'clean' as const,
      })),
    );
    const response = await uploadVideos(app, busy.cookie, [videoPart(mp4File())]);
    expect(response.statusCode).toBe(409);
    await db.delete(videos).where(eq(videos.userId, busy.userId));
  });
});

describe('rate limit', () => {
  it('30 uploads an hour per address, then 429 with Retry-After', async () => {
    const user = await signUp(app);
    const from = '10.250.0.1';
    for (let i = 0; i < 30; i += 1) {
      const ok = await uploadVideos(app, user.cookie, [videoPart(Buffer.alloc(0))], from);
      expect(ok.statusCode).toBe(400);
    }
    const refused = await uploadVideos(app, user.cookie, [videoPart(mp4File())], from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/user/videos/attach (the wizard links its uploads to the new listing)', () => {
  const attach = (who: Account | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/user/videos/attach',
      headers: who ? { cookie: who.cookie } : {},
      payload,
    });

  it('links the user’s own unlinked uploads to their listing, and nothing else', async () => {
    const mine = await uploadVideos(app, owner.cookie, [videoPart(mp4File(), 'wizard.mp4')]);
    const theirs = await uploadVideos(app, other.cookie, [videoPart(mp4File(), 'other.mp4')]);
    const myFile = mine.json().videos[0].fileName;
    const theirFile = theirs.json().videos[0].fileName;
    const listing = await createListing(db, owner.userId);

    expect((await attach(undefined, { propertyId: listing, fileNames: [myFile] })).statusCode).toBe(
      401,
    );
    const response = await attach(owner, { propertyId: listing, fileNames: [myFile, theirFile] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ attached: 1 });
    const rows = await db.select().from(videos).where(eq(videos.fileName, theirFile));
    expect(rows[0]?.propertyId).toBeNull();
    const [row] = await db.select().from(videos).where(eq(videos.fileName, myFile));
    expect(row?.propertyId).toBe(listing);

    // Another listing of someone else is refused; an attached video stays where it is.
    const foreign = await createListing(db, other.userId);
    expect((await attach(owner, { propertyId: foreign, fileNames: [myFile] })).statusCode).toBe(
      403,
    );
    const second = await createListing(db, owner.userId);
    expect((await attach(owner, { propertyId: second, fileNames: [myFile] })).json()).toEqual({
      attached: 0,
    });
    expect((await attach(owner, { propertyId: listing, fileNames: ['../x'] })).statusCode).toBe(
      400,
    );
    expect((await attach(owner, { propertyId: listing, fileNames: [] })).statusCode).toBe(400);
  });
});
