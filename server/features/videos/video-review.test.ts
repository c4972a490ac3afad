import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videoUrls, type PendingVideo } from '#common/videos';
import { auditLog } from '../admin/service';
import { videos } from './schema';
import { createListing } from '../../testing/builders';
import { createTestApp, lastNotificationTo, signUp, signUpAdmin } from '../../testing/test-app';
import { storedFiles } from '../../testing/uploads';
import {
  fakeScanner,
  formData,
  movFile,
  mp4File,
  uploadVideos,
  videoPart,
  waitForScans,
  type FormPart,
} from '../../testing/videos';

/**
 * The administrator's side (pending list, original download, edited upload) and the owner's
 * (approved list, download): permissions, transitions and byte ranges. The scanner is a
 * stand-in here; video-uploads.test.ts and scanner.test.ts run the real clamscan.
 */
let infectedNames = new Set<string>();
const scanner = fakeScanner((file) =>
  [...infectedNames].some((name) => file.endsWith(name))
    ? { result: 'infected', signature: 'Abode.Test.EICAR.UNOFFICIAL' }
    : { result: 'unscanned' },
);
const { app, database, filesDir } = await createTestApp(
  { publicUrl: 'https://abode.example' },
  { scanner },
);
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let other: Account;
let admin: Account;
let listingId: string;
beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner', firstName: 'Kofi', lastName: 'Boateng' });
  other = await signUp(app, { userType: 'owner' });
  admin = await signUpAdmin({ app, database });
  listingId = await createListing(db, owner.userId, { title: 'Sunny flat in Osu' });
});

const get = (url: string, who?: Account, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });

/** An owner's upload, scanned and waiting for review; answers its pending entry. */
async function pendingVideo(who: Account, data = mp4File(), name = 'tour.mp4') {
  const response = await uploadVideos(app, who.cookie, [
    { name: 'propertyId', value: who === owner ? listingId : '' },
    videoPart(data, name),
  ]);
  expect(response.statusCode).toBe(201);
  const { fileName } = response.json().videos[0];
  await waitForScans(db);
  const pending = (await get(videoUrls.pending, admin)).json() as PendingVideo[];
  return { data, entry: pending.find((video) => video.fileName === fileName)! };
}

function uploadEdited(who: Account | undefined, userId: string, parts: readonly FormPart[]) {
  const body = formData(parts);
  return app.inject({
    method: 'POST',
    url: videoUrls.uploadEdited(userId),
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
    payload: body.payload,
  });
}
const editedParts = (originalFileName: string, data = movFile(), name = 'tour-edited.mov') => [
  { name: 'originalFileName', value: originalFileName },
  { name: 'editedVideo', filename: name, type: 'video/quicktime', data },
];

describe('permissions: 401 for visitors, 403 for non-admins on admin endpoints', () => {
  it.each(['pending', 'download', 'upload'] as const)('%s', async (endpoint) => {
    const { entry } = await pendingVideo(other);
    const call = (who?: Account) =>
      endpoint === 'pending'
        ? get(videoUrls.pending, who)
        : endpoint === 'download'
          ? get(videoUrls.adminDownload(entry.userId, entry.fileName), who)
          : uploadEdited(who, entry.userId, editedParts(entry.fileName));
    expect((await call()).statusCode).toBe(401);
    expect((await call(owner)).statusCode).toBe(403);
    // Even the uploader may not use the administrators' door to their own file.
    expect((await call(other)).statusCode).toBe(403);
  });

  it('user endpoints answer 401 to visitors', async () => {
    expect((await get(videoUrls.approved)).statusCode).toBe(401);
    expect((await get(videoUrls.userDownload('e000000000000000000000000.mp4'))).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/admin/pending-videos', () => {
  it('lists scanned uploads oldest first with owner, listing and scan result', async () => {
    const { entry, data } = await pendingVideo(owner, mp4File(), 'living room.mp4');
    expect(entry).toEqual({
      userId: owner.userId,
      fileName: expect.stringMatching(/^v[0-9a-f]{24}\.mp4$/),
      fileSize: data.length,
      uploadedAt: expect.any(String),
      status: 'pending_review',
      scanResult: 'unscanned',
      originalName: 'living room.mp4',
      ownerName: 'Kofi Boateng',
      ownerEmail: owner.body.email,
      propertyId: listingId,
      propertyTitle: 'Sunny flat in Osu',
    });
    const list = (await get(videoUrls.pending, admin)).json() as PendingVideo[];
    const times = list.map((video) => video.uploadedAt);
    expect(times).toEqual([...times].sort());
  });

  it('shows uploads still scanning, which cannot be downloaded or approved yet (409)', async () => {
    const [row] = await db
      .insert(videos)
      .values({
        userId: owner.userId,
        originalName: 'busy.mp4',
        fileName: 'v0123456789abcdef01234567.mp4',
        fileSize: 10,
        mimeType: 'video/mp4',
      })
      .returning();
    const list = (await get(videoUrls.pending, admin)).json() as PendingVideo[];
    expect(list.find((video) => video.fileName === row!.fileName)).toMatchObject({
      status: 'scanning',
      scanResult: null,
    });
    expect(
      (await get(videoUrls.adminDownload(owner.userId, row!.fileName), admin)).statusCode,
    ).toBe(409);
    const early = await uploadEdited(admin, owner.userId, editedParts(row!.fileName));
    expect(early.statusCode).toBe(409);
    await db.delete(videos).where(eq(videos.id, row!.id));
  });
});

describe('GET /api/admin/download-video/:userId/:fileName', () => {
  it('streams the original as an attachment named as uploaded, with its true type', async () => {
    const { entry, data } = await pendingVideo(owner, movFile(), 'Kitchen Tour.MOV');
    const response = await get(videoUrls.adminDownload(entry.userId, entry.fileName), admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/quicktime');
    expect(response.headers['content-length']).toBe(String(data.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Kitchen Tour.mov"; filename*=UTF-8''Kitchen%20Tour.mov`,
    );
    expect(response.rawPayload.equals(data)).toBe(true);
  });

  it('answers a byte range with 206 and Content-Range, past the end with 416', async () => {
    const { entry, data } = await pendingVideo(owner);
    const url = videoUrls.adminDownload(entry.userId, entry.fileName);
    const part = await get(url, admin, { range: 'bytes=8-15' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${data.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect(part.rawPayload.toString('latin1')).toBe(data.subarray(8, 16).toString('latin1'));
    const tail = await get(url, admin, { range: 'bytes=-4' });
    expect(tail.rawPayload.equals(data.subarray(-4))).toBe(true);
    const past = await get(url, admin, { range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
  });

  it('a name that is not that user’s is 404; a crafted one is refused by its shape (400)', async () => {
    const { entry } = await pendingVideo(owner);
    expect(
      (await get(videoUrls.adminDownload(other.userId, entry.fileName), admin)).statusCode,
    ).toBe(404);
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      'v1.mp4',
      '%2e%2e',
      'V0123456789ABCDEF01234567.mp4',
    ]) {
      const response = await get(`/api/admin/download-video/${owner.userId}/${name}`, admin);
      expect([400, 404]).toContain(response.statusCode);
    }
    // A malformed id answers as an unknown one, as on every route (server/lib/ids.ts).
    const malformed = await get(`/api/admin/download-video/not-a-uuid/${entry.fileName}`, admin);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'video_not_found' });
  });
});

describe('POST /api/admin/upload-edited-video/:userId', () => {
  it('approves the video with the edited file, audits it and tells the owner', async () => {
    const { entry } = await pendingVideo(owner, mp4File(), 'garden.mp4');
    const edited = movFile();
    const response = await uploadEdited(admin, owner.userId, editedParts(entry.fileName, edited));
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toEqual({
      fileName: entry.fileName,
      editedFileName: expect.stringMatching(/^e[0-9a-f]{24}\.mov$/),
      status: 'approved',
      approvedAt: expect.any(String),
    });
    expect(storedFiles(filesDir)).toContain(result.editedFileName);

    // It leaves the pending list and reaches the owner's.
    const pending = (await get(videoUrls.pending, admin)).json() as PendingVideo[];
    expect(pending.map((video) => video.fileName)).not.toContain(entry.fileName);
    const approved = (await get(videoUrls.approved, owner)).json();
    expect(approved[0]).toEqual({
      fileName: result.editedFileName,
      fileSize: edited.length,
      approvedAt: result.approvedAt,
      streamUrl: `/api/user/download-video/${result.editedFileName}`,
      originalName: 'garden.mp4',
      propertyId: listingId,
      propertyTitle: 'Sunny flat in Osu',
    });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approve-video'), eq(auditLog.actorId, admin.userId)));
    expect(audit).toMatchObject({ targetType: 'video' });
    const mail = await lastNotificationTo(db, owner.body.email!);
    expect(mail?.subject).toBe('Your video is ready');
    expect(mail?.textBody).toContain('“garden.mp4”');
    expect(mail?.textBody).toContain('https://abode.example/user/videos');

    // Approving twice is a conflict.
    const again = await uploadEdited(admin, owner.userId, editedParts(entry.fileName));
    expect(again.statusCode).toBe(409);
  });

  it('an infected edited video is refused (400) and nothing is stored', async () => {
    const { entry } = await pendingVideo(owner);
    const before = storedFiles(filesDir).length;
    // Every file in quarantine is "infected" for this one upload.
    infectedNames = new Set(['.upload']);
    const response = await uploadEdited(admin, owner.userId, editedParts(entry.fileName));
    infectedNames = new Set();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/did not pass the virus scan \(Abode\.Test\.EICAR/);
    expect(storedFiles(filesDir)).toHaveLength(before);
    const [row] = await db.select().from(videos).where(eq(videos.fileName, entry.fileName));
    expect(row?.status).toBe('pending_review');
  });

  it('checks the edited file like an upload (415, 400) and names a pending video of that user (404)', async () => {
    const { entry } = await pendingVideo(owner);
    const notVideo = await uploadEdited(
      admin,
      owner.userId,
      editedParts(entry.fileName, Buffer.from('hello'), 'x.mp4'),
    );
    expect(notVideo.statusCode).toBe(415);
    const wrongUser = await uploadEdited(admin, other.userId, editedParts(entry.fileName));
    expect(wrongUser.statusCode).toBe(404);
    const badName = await uploadEdited(admin, owner.userId, editedParts('../../x.mp4'));
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields).toEqual({ originalFileName: expect.any(String) });
    const noName = await uploadEdited(admin, owner.userId, editedParts(entry.fileName).slice(1));
    expect(noName.statusCode).toBe(400);
    const noFile = await uploadEdited(admin, owner.userId, editedParts(entry.fileName).slice(0, 1));
    expect(noFile.statusCode).toBe(400);
    // The field may also come after the file.
    const reversed = await uploadEdited(admin, owner.userId, editedParts(entry.fileName).reverse());
    expect(reversed.statusCode).toBe(200);
  });
});

describe('the owner’s approved videos', () => {
  async function approvedVideo() {
    const { entry } = await pendingVideo(owner);
    const edited = mp4File();
    const response = await uploadEdited(
      admin,
      owner.userId,
      editedParts(entry.fileName, edited, 'e.mp4'),
    );
    return { edited, fileName: response.json().editedFileName as string, original: entry.fileName };
  }

  it('downloads its own edited video, streamed with ranges', async () => {
    const { edited, fileName } = await approvedVideo();
    const whole = await get(videoUrls.userDownload(fileName), owner);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="tour\.mp4"/);
    expect(whole.rawPayload.equals(edited)).toBe(true);
    const part = await get(videoUrls.userDownload(fileName), owner, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${edited.length}`);
    expect(part.rawPayload.equals(edited.subarray(0, 4))).toBe(true);
    const past = await get(videoUrls.userDownload(fileName), owner, { range: 'bytes=999999-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${edited.length}`);
  });

  it('another user’s video is not found (404), and so is an original or a crafted name', async () => {
    const { fileName, original } = await approvedVideo();
    expect((await get(videoUrls.userDownload(fileName), other)).statusCode).toBe(404);
    expect((await get(videoUrls.userDownload(fileName), admin)).statusCode).toBe(404);
    // The original is the administrators' file, not the owner's download.
    expect((await get(videoUrls.userDownload(original), owner)).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f' + fileName, fileName + '%00']) {
      const response = await get(`/api/user/download-video/${name}`, owner);
      expect(response.statusCode).toBe(400);
    }
    expect((await get(videoUrls.approved, other)).json()).toEqual([]);
  });
});
