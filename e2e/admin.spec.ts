import type { APIRequestContext, Page } from '@playwright/test';
import {
  checkPage,
  createAccount,
  demoAdmin as admin,
  expect,
  photoFile,
  test,
  uniqueAccount,
  verifyContactToUpload,
} from './fixtures';

/**
 * A listing sent for review through the API, with two real photos (the account verifies its
 * e-mail first if it has no verified contact: photo uploads need one).
 */
async function listThroughApi(request: APIRequestContext, title: string): Promise<string> {
  await verifyContactToUpload(request);
  const photos = await Promise.all([
    photoFile('front.jpg', 'jpeg', '#2f6f4f'),
    photoFile('room.png', 'png', '#c9a227'),
  ]);
  const upload = await request.post('/api/upload/property-images', {
    data: {
      images: photos.map((p) => `data:${p.mimeType};base64,${p.buffer.toString('base64')}`),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { images } = (await upload.json()) as { images: string[] };
  const created = await request.post('/api/properties', {
    data: {
      title,
      description: 'Two bedrooms near the university, water and power included.',
      propertyType: 'apartment',
      category: 'student',
      country: 'Ghana',
      city: 'Kumasi',
      address: 'Ahodwo',
      streetAddress: '14 Ahodwo Road',
      pricePerNight: 2400,
      pricingPeriod: 'month',
      bedrooms: 2,
      bathrooms: 1,
      amenities: ['wifi', 'kitchen'],
      images,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The queue item of a listing, paging on until it shows (oldest first, 20 a page). */
async function queueItem(page: Page, title: string) {
  const item = page.getByRole('article', { name: title });
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    await expect(page.getByText(/listings? waiting for review/)).toBeVisible();
    if (await item.isVisible()) return item;
    const next = page
      .getByRole('navigation', { name: 'Approval queue pages' })
      .getByRole('button', {
        name: 'Next',
      });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(item).toBeVisible();
  return item;
}

/** The title of the home page's first featured listing. */
const firstFeaturedOnHome = (page: Page) =>
  page
    .getByRole('region', { name: 'Featured Properties' })
    .getByRole('article')
    .first()
    .getByRole('link')
    .first()
    .textContent();

test('an administrator approves and rejects listings in the queue and reorders the featured ones', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const approveTitle = `Sunlit flat ${stamp} in Ahodwo`;
  const rejectTitle = `Dim room ${stamp} in Ahodwo`;
  const reason = 'The photos are too dark: please add daylight photos of every room.';

  // An owner sends two listings for review.
  const ownerContext = await browser.newContext({ baseURL });
  await createAccount(
    ownerContext.request,
    uniqueAccount({ firstName: 'Yaw', lastName: 'Ofori' }),
    'owner',
  );
  const approveId = await listThroughApi(ownerContext.request, approveTitle);
  await listThroughApi(ownerContext.request, rejectTitle);

  // A visitor is asked to sign in first, and comes back to the queue afterwards.
  await page.goto('/admin/image-approval');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Admin Access Required' }),
  ).toBeVisible();
  await checkPage(page, 'admin-access-required');
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/image-approval$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Property Approval' })).toBeVisible();

  // The queue shows every photo, the details and the owner; approving takes it out.
  const toApprove = await queueItem(page, approveTitle);
  await expect(toApprove.getByRole('img')).toHaveCount(2);
  await expect(toApprove.getByText('Yaw Ofori')).toBeVisible();
  await expect(toApprove.getByText('GH₵2,400/month')).toBeVisible();
  // Where it is (issue 51): the pin and the renters' circle drawn over the local tiles.
  const place = toApprove.getByRole('region', { name: 'Where it is' });
  await place.scrollIntoViewIfNeeded();
  await expect(place.locator('[data-map-ready="tiles"]')).toBeVisible();
  await expect(place.locator('[aria-label="Exact pin"]')).toHaveCount(1);
  await toApprove.scrollIntoViewIfNeeded();
  await checkPage(page, 'admin-image-approval');
  await toApprove.getByRole('button', { name: `Approve ${approveTitle}` }).click();
  await expect(page.getByText('Property Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: approveTitle })).toHaveCount(0);

  // Rejecting asks for a reason.
  const toReject = await queueItem(page, rejectTitle);
  await toReject.getByRole('button', { name: `Reject ${rejectTitle}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reject this listing?' });
  await dialog.getByLabel('Reason for the owner').fill(reason);
  await checkPage(page, 'admin-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject Listing' }).click();
  await expect(page.getByText('Property Rejected', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: rejectTitle })).toHaveCount(0);

  // The approved listing is public; the owner reads why the other one was not approved.
  await page.goto(`/search?location=${encodeURIComponent(approveTitle)}`);
  await expect(page.getByRole('link', { name: approveTitle, exact: true })).toBeVisible();
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/dashboard');
  const rejectedCard = ownerPage.getByRole('article').filter({ hasText: rejectTitle });
  await expect(rejectedCard.getByText(reason)).toBeVisible();
  await expect(
    ownerPage.getByRole('article').filter({ hasText: approveTitle }).getByText('Live'),
  ).toBeVisible();
  await ownerContext.close();

  // The panel: the approved listing is found in the Properties tab.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(approveTitle);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('article', { name: approveTitle });
  await expect(row.getByText('Live', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Hide ${approveTitle}` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkPage(page, 'admin-properties');

  // Featured: moving the second listing up puts it first on the home page.
  await page.getByRole('tab', { name: 'Featured' }).click();
  await expect(page).toHaveURL(/\?tab=featured$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Properties' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move down: / }).first()).toBeVisible();
  const order = page.getByRole('list', { name: 'Featured Properties' }).getByRole('heading', {
    level: 3,
  });
  const before = await order.allTextContents();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const second = before[1]!;
  await checkPage(page, 'admin-featured');
  const reordered = page.waitForResponse('**/api/admin/reorder-featured-properties');
  await page.getByRole('button', { name: `Move up: ${second}` }).click();
  expect((await reordered).status()).toBe(200);
  await expect(order.first()).toHaveText(second);

  await page.goto('/');
  await expect.poll(() => firstFeaturedOnHome(page)).toBe(second);

  // And back, so the home page keeps the seed's order for other journeys.
  await page.goto('/admin?tab=featured');
  await page.getByRole('button', { name: `Move down: ${second}` }).click();
  await expect(order.nth(1)).toHaveText(second);

  // Admin Management and Settings.
  await page.getByRole('tab', { name: 'Admin Management' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Audit Log' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await checkPage(page, 'admin-management');
  // User Analytics: 30 days first, then 7; this journey's own page loads are counted.
  await page.getByRole('tab', { name: 'User Analytics' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'User analytics' })).toBeVisible();
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const week = page.waitForResponse((r) => r.url().includes('/api/admin/visitor-analytics?days=7'));
  await page.getByRole('button', { name: '7 days' }).click();
  const figures = (await (await week).json()) as { uniqueVisitors: number; pageViews: number };
  expect(figures.uniqueVisitors).toBeGreaterThan(0);
  expect(figures.pageViews).toBeGreaterThan(0);
  const unique = page
    .getByText('Unique visitors', { exact: true })
    .locator('xpath=..')
    .locator('dd');
  await expect(unique).toHaveText(String(figures.uniqueVisitors));
  await expect(page.getByRole('region', { name: 'Newest accounts' })).toBeVisible();
  await checkPage(page, 'admin-analytics');
  await page.getByRole('tab', { name: 'Site Visitors' }).click();
  await expect(page.getByRole('region', { name: 'Recent visitors' })).toBeVisible();
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Top pages' })).toBeVisible();
  await checkPage(page, 'admin-analytics-insights');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Change Password' })).toBeVisible();
  await checkPage(page, 'admin-settings');

  // The header's Admin Panel entry opens the approval queue.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\/image-approval$/);
  expect(approveId).toMatch(/^[0-9a-f-]{36}$/);
});

test('a signed-in user who is not an administrator is turned away', async ({ page }) => {
  await createAccount(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await checkPage(page, 'admin-access-denied');
});
