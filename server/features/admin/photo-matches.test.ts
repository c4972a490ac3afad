import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AdminProperty, PhotoMatch } from '#common/admin';
import { photoKeyFromUrl } from '#common/images';
import { photoFingerprint, SAME_PHOTO_DISTANCE } from '../../lib/photo-fingerprint';
import { ownerListingHelpers, type Caller } from '../../testing/owner-listings';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { uploadImages, verifyContact } from '../../testing/uploads';
import { properties } from '../listings/service';
import { photoFingerprints } from '../uploads/service';
import { backfillPhotoHashes, photoDistance } from './photo-matches';

// Stolen photos (issue 50, docs/decisions/035-stolen-photos.md): a listing whose photo is the
// same picture as another lister's (resized, re-compressed, cropped by a tenth) shows it on the
// approval screen; an unrelated picture of the same colours does not match.

const gradients = `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#f3e2b3"/></linearGradient>
  <radialGradient id="sun"><stop offset="0" stop-color="#fff6c0"/><stop offset="1" stop-color="#f5a623"/></radialGradient>
</defs>`;

/** A photo-like picture: a sky gradient, a sun, a lawn, a house with windows and a tree. */
const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${gradients}
  <rect width="1200" height="900" fill="url(#sky)"/>
  <circle cx="950" cy="180" r="110" fill="url(#sun)"/>
  <rect x="0" y="600" width="1200" height="300" fill="#5b8c3a"/>
  <polygon points="250,350 520,180 790,350" fill="#8b2e16"/>
  <rect x="290" y="350" width="460" height="330" fill="#d9c4a0"/>
  <rect x="470" y="500" width="100" height="180" fill="#4a2c12"/>
  <rect x="330" y="400" width="90" height="80" fill="#6fa8dc"/>
  <rect x="620" y="400" width="90" height="80" fill="#6fa8dc"/>
  <ellipse cx="1000" cy="620" rx="120" ry="200" fill="#2f5d1e"/></svg>`;

/** The same colours and gradients, arranged as another picture. */
const sameColours = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${gradients}
  <rect width="1200" height="900" fill="#5b8c3a"/>
  <rect x="0" y="0" width="1200" height="380" fill="url(#sky)" transform="rotate(180 600 190)"/>
  <circle cx="220" cy="650" r="160" fill="url(#sun)"/>
  <rect x="600" y="120" width="500" height="260" fill="#8b2e16"/>
  <rect x="700" y="450" width="380" height="380" fill="#d9c4a0"/>
  <rect x="80" y="120" width="300" height="120" fill="#6fa8dc"/>
  <ellipse cx="480" cy="300" rx="200" ry="90" fill="#2f5d1e"/>
  <rect x="760" y="520" width="60" height="300" fill="#4a2c12"/></svg>`;

const original = await sharp(Buffer.from(scene)).jpeg({ quality: 92 }).toBuffer();
/** Resized to 700 px and re-compressed hard. */
const resized = await sharp(original).resize({ width: 700 }).jpeg({ quality: 55 }).toBuffer();
/** A tenth off the width and the height (the right and bottom edges), re-compressed. */
const cropped = await sharp(original)
  .extract({ left: 0, top: 0, width: 1080, height: 810 })
  .jpeg({ quality: 80 })
  .toBuffer();
/** A tenth off all round (5 % each side), resized, as WebP. */
const croppedCentre = await sharp(original)
  .extract({ left: 60, top: 45, width: 1080, height: 810 })
  .resize({ width: 800 })
  .webp({ quality: 70 })
  .toBuffer();
/** A tenth off the left only. */
const croppedSide = await sharp(original)
  .extract({ left: 120, top: 0, width: 1080, height: 900 })
  .jpeg({ quality: 80 })
  .toBuffer();
const unrelated = await sharp(Buffer.from(sameColours)).jpeg({ quality: 90 }).toBuffer();

describe('photo fingerprints', () => {
  it('match a resized, re-compressed or cropped copy; not an unrelated picture of the same colours', async () => {
    const base = { photoKey: 'a', ...(await photoFingerprint(original)) };
    const distance = async (image: Buffer) =>
      photoDistance(base, { photoKey: 'b', ...(await photoFingerprint(image)) });
    const measured = {
      resized: await distance(resized),
      cropped: await distance(cropped),
      croppedCentre: await distance(croppedCentre),
      croppedSide: await distance(croppedSide),
      unrelated: await distance(unrelated),
    };
    // The distances decision 035 reports.
    console.log('photo distances', measured);
    expect(measured.resized).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
    expect(measured.cropped).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
    expect(measured.croppedCentre).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
    expect(measured.croppedSide).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
    expect(measured.unrelated).toBeGreaterThan(SAME_PHOTO_DISTANCE * 3);
  });
});

const { app, database, storage } = await createTestApp();
const db = database.db;
const { call, validEdit, create } = ownerListingHelpers(app, db);

let first: Caller & { userId: string };
let second: Caller & { userId: string };
let admin: Caller;

beforeAll(async () => {
  first = await signUp(app, {
    userType: 'owner',
    firstName: 'Akosua',
    lastName: 'Mensah',
  });
  second = await signUp(app, { userType: 'owner', firstName: 'Yaw', lastName: 'Darko' });
  for (const lister of [first, second]) await verifyContact(db, lister.userId);
  admin = await signUpAdmin({ app, database });
});

async function upload(who: Caller, image: Buffer): Promise<string> {
  const response = await uploadImages(app, who.cookie, [
    { filename: 'photo.jpg', type: 'image/jpeg', data: image },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().images[0];
}

const queue = async (): Promise<AdminProperty[]> => {
  const answer = await call('GET', '/api/admin/properties?status=pending&limit=100', admin);
  expect(answer.statusCode).toBe(200);
  return answer.json().properties;
};
const matchesOf = async (id: string): Promise<PhotoMatch[]> =>
  (await queue()).find((listing) => listing.id === id)!.photoMatches;

describe('the approval queue shows photos that are also on another lister’s listing', () => {
  let originalId: string;
  let originalKey: string;

  beforeAll(async () => {
    const url = await upload(first, original);
    originalKey = photoKeyFromUrl(url)!;
    originalId = await create(first, { title: 'Bungalow in Adenta', images: [url] });
    const approved = await call('POST', `/api/admin/properties/${originalId}/approve`, admin);
    expect(approved.statusCode).toBe(200);
  });

  it.each([
    ['a resized and re-compressed copy', () => resized],
    ['a copy cropped by a tenth', () => cropped],
  ])('%s, side by side with the other listing and its lister', async (_name, image) => {
    const url = await upload(second, image());
    const id = await create(second, { title: 'Cheap house in Adenta', images: [url] });
    const matches = await matchesOf(id);
    expect(matches).toEqual([
      {
        photoKey: photoKeyFromUrl(url),
        otherPhotoKey: originalKey,
        otherPhotoUrl: expect.stringMatching(new RegExp(`^/files/${originalKey}-\\d+\\.webp$`)),
        distance: expect.any(Number),
        otherListing: {
          id: originalId,
          title: 'Bungalow in Adenta',
          lister: { id: first.userId, displayName: 'Akosua Mensah' },
        },
      },
    ]);
    expect(matches[0]!.distance).toBeLessThanOrEqual(SAME_PHOTO_DISTANCE);
  });

  it('an unrelated photo of the same colours matches nothing', async () => {
    const id = await create(second, {
      title: 'Another house',
      images: [await upload(second, unrelated)],
    });
    expect(await matchesOf(id)).toEqual([]);
  });

  it('the same owner’s listings never match each other', async () => {
    const id = await create(first, {
      title: 'Bungalow in Adenta, second entrance',
      images: [await upload(first, resized)],
    });
    const matches = await matchesOf(id);
    expect(matches.map((match) => match.otherListing.lister.id)).not.toContain(first.userId);
    expect(matches.map((match) => match.otherListing.id)).not.toContain(originalId);
  });

  it('a photo added to a live listing is checked while its change waits', async () => {
    const own = await upload(second, unrelated);
    const id = await create(second, {
      title: 'Compound house',
      address: '12 Oxford Street, Osu',
      images: [own],
    });
    await call('POST', `/api/admin/properties/${id}/approve`, admin);
    expect((await queue()).some((listing) => listing.id === id)).toBe(false);

    const added = await upload(second, croppedCentre);
    const edit = await call('PUT', `/api/properties/${id}`, second, {
      ...validEdit({ title: 'Compound house', images: [own, added] }),
    });
    expect(edit.json().pendingChanges.fields).toEqual(['photos']);
    const matches = await matchesOf(id);
    expect(matches.find((match) => match.otherListing.id === originalId)).toMatchObject({
      photoKey: photoKeyFromUrl(added),
      otherPhotoKey: originalKey,
    });
    expect(matches.every((match) => match.photoKey === photoKeyFromUrl(added))).toBe(true);
  });

  it('photos uploaded before hashes were kept are hashed from their files', async () => {
    const url = await upload(first, original);
    const id = await create(first, { title: 'Old listing in Adenta', images: [url] });
    const key = photoKeyFromUrl(url)!;
    await db.delete(photoFingerprints);
    expect(await backfillPhotoHashes(db, storage)).toBeGreaterThan(0);
    const rows = await db.select({ key: photoFingerprints.photoKey }).from(photoFingerprints);
    expect(rows.map((row) => row.key)).toContain(key);
    const listings = await db.select({ id: properties.id }).from(properties);
    expect(listings.map((row) => row.id)).toContain(id);
    // Nothing left to do.
    expect(await backfillPhotoHashes(db, storage)).toBe(0);
  });
});
