import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { checkPage, createAccount, expect, test, uniqueAccount } from './fixtures';

/** The demo administrator of the seed (server/demo/seed.ts). */
const admin = { email: 'admin@example.com', password: 'Abode-demo-2026' };

/** A small but real MP4 (an `ftyp` box, then `mdat`): file-type knows it by its content. */
function mp4(bytes = 64 * 1024): Buffer {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(body.length + 8, 0);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  const ftyp = Buffer.from('isom\0\0\x02\0isommp41', 'latin1');
  return Buffer.concat([box('ftyp', ftyp), box('mdat', randomBytes(bytes))]);
}

async function createListing(request: APIRequestContext, title: string): Promise<string> {
  const created = await request.post('/api/properties', {
    data: {
      title,
      description: 'A bright two-bedroom flat with a garden.',
      propertyType: 'apartment',
      country: 'Ghana',
      city: 'Accra',
      pricePerNight: 3200,
      pricingPeriod: 'month',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const read = async (download: { path: () => Promise<string> }) =>
  fs.readFileSync(await download.path());

test('an owner adds a video, an administrator edits it, the owner downloads it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await createAccount(page.request, uniqueAccount(), 'owner');
  const title = `Video flat ${Date.now()}`;
  const listingId = await createListing(page.request, title);
  const original = mp4();
  const videoName = `garden-tour-${Date.now()}.mp4`;

  // The owner adds a video on the edit page: its own progress, then "in review" and a note.
  await page.goto(`/property/${listingId}/edit`);
  await page
    .getByLabel(/Choose photos or videos/)
    .setInputFiles({ name: videoName, mimeType: 'video/mp4', buffer: original });
  const videos = page.getByRole('list', { name: 'Videos being added' });
  await expect(videos.getByText(/Uploaded: now being checked and reviewed/)).toBeVisible();
  await expect(page.getByText(/We will notify you when they are ready/)).toBeVisible();
  await checkPage(page, 'edit-property-video');

  // Not the owner's page: the admin page is refused to them.
  await page.goto('/admin/video-management');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await checkPage(page, 'video-management-denied');

  // The administrator finds it in Pending once scanned, downloads it, uploads the edit.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  const login = await adminPage.request.post('/api/auth/login', { data: admin });
  expect(login.status()).toBe(200);
  await expect
    .poll(async () => {
      const list = (await (await adminPage.request.get('/api/admin/pending-videos')).json()) as {
        originalName: string;
        status: string;
      }[];
      return list.find((video) => video.originalName === videoName)?.status;
    })
    .toBe('pending_review');
  await adminPage.goto('/admin/video-management');
  const card = adminPage.getByRole('article', { name: videoName });
  await expect(card.getByText('PENDING REVIEW')).toBeVisible();
  await expect(card.getByRole('link', { name: title, exact: true })).toBeVisible();
  await checkPage(adminPage, 'video-management-pending');

  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    card.getByRole('button', { name: `Download original: ${videoName}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(videoName);
  expect((await read(download)).equals(original)).toBe(true);

  const edited = mp4(32 * 1024);
  await card
    .getByLabel(`Upload edited video: ${videoName}`)
    .setInputFiles({ name: 'garden-edited.mp4', mimeType: 'video/mp4', buffer: edited });
  await expect(adminPage.getByText('Edited video uploaded', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  await adminPage.getByRole('tab', { name: 'Workflow Guide' }).click();
  await checkPage(adminPage, 'video-management-guide');
  await adminPage.getByRole('tab', { name: 'Security Info' }).click();
  await checkPage(adminPage, 'video-management-security');
  await adminContext.close();

  // The owner downloads the edited video from My Videos.
  await page.goto('/user/videos');
  await expect(page.getByRole('heading', { name: videoName })).toBeVisible();
  await checkPage(page, 'my-videos');
  const [mine] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${videoName}` }).click(),
  ]);
  expect((await read(mine)).equals(edited)).toBe(true);
});

test('visitors are sent to sign in from My Videos and told admins only on video management', async ({
  page,
}) => {
  await page.goto('/user/videos');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fvideos$/);
  await page.goto('/admin/video-management');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await checkPage(page, 'video-management-visitor');
});
