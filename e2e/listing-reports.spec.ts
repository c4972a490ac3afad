import type { Browser } from '@playwright/test';
import {
  approveAsAdmin,
  codeSentTo,
  createAccount,
  expect,
  listThroughApi,
  signInAsAdmin,
  test,
  uniqueAccount,
} from './fixtures';

let numbers = 0;
/**
 * A renter who signed up by phone and verified it, signed in in a browser context of their
 * own: only reporters with a verified phone count toward hiding a listing (issue 34).
 */
async function verifiedRenter(browser: Browser, baseURL: string, firstName: string) {
  const context = await browser.newContext({ baseURL });
  const { email: _email, ...account } = uniqueAccount({ firstName });
  numbers += 1;
  // A Ghanaian mobile number no other run uses.
  const phone = `+23324${String((Date.now() + numbers * 104_729) % 10_000_000).padStart(7, '0')}`;
  const registered = await context.request.post('/api/auth/register', {
    data: { ...account, phone, registrationMethod: 'phone', userType: 'renter' },
    headers: { 'X-Forwarded-For': `10.${process.pid % 250}.201.${numbers % 250}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await context.request.post('/api/auth/verify-phone-code', {
    data: { code: await codeSentTo(context.request, phone) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return context;
}

/** Search by title, as a visitor would. */
const searchFor = (title: string) => `/search?location=${encodeURIComponent(title)}`;

test('three verified renters report a listing, it hides and its owner is told; an administrator restores it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Roadside flat ${Date.now()} in Tamale`;

  // An owner lists a property and an administrator approves it: it is live and found.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await createAccount(
    ownerContext.request,
    uniqueAccount({ firstName: 'Issah', lastName: 'Alhassan' }),
    'owner',
  );
  const propertyId = await listThroughApi(ownerContext.request, title, 'Tamale');
  await ownerContext.close();
  await approveAsAdmin(baseURL!, propertyId);
  await page.goto(searchFor(title));
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Three renters with verified phone numbers report it from the listing page.
  const reasons = [/Not available for rent/, /Wrong price, photos or details/, /Duplicate listing/];
  for (const [index, reason] of reasons.entries()) {
    const renter = await verifiedRenter(browser, baseURL!, `Renter${index + 1}`);
    const renterPage = await renter.newPage();
    await renterPage.goto(`/property/${propertyId}`);
    await expect(renterPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await renterPage.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = renterPage.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('radio', { name: reason }).check();
    if (index === 0) {
      await dialog.getByLabel('What happened (optional)').fill('The agent says it was let in May.');
    }
    const sent = renterPage.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/properties/${propertyId}/reports`) &&
        r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect((await sent).status()).toBe(201);
    const toast = renterPage.getByRole('region', { name: /Notifications/ });
    await expect(toast.getByText('Thank you for your report', { exact: true })).toBeVisible();
    // The third report hides the listing, and its sender is told so.
    if (index === 2) {
      await expect(toast.getByText(/it is now hidden while our team reviews/)).toBeVisible();
    }
    await expect(dialog).toBeHidden();
    await renter.close();
  }

  // The listing is gone from search.
  await page.goto(searchFor(title));
  await expect(page.getByText('No properties found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  // Its owner is told, as the dev mailbox shows.
  await page.goto('/dev/mailbox');
  const notice = page
    .getByRole('listitem')
    .filter({ hasText: `To: ${owner.email}` })
    .filter({
      has: page.getByRole('heading', { name: 'Your listing is hidden while we review reports' }),
    });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(notice).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(notice.getByText(title, { exact: false })).toBeVisible();

  // An administrator finds it in the Reports tab with its three reports, and restores it.
  await signInAsAdmin(page.request);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reported listings' })).toBeVisible();
  const reported = page.getByRole('article', { name: title });
  await expect(reported.getByText('3 reports')).toBeVisible();
  await expect(reported.getByText('Hidden by reports')).toBeVisible();
  await expect(reported.getByText('“The agent says it was let in May.”')).toBeVisible();
  await reported.scrollIntoViewIfNeeded();
  await reported.getByRole('button', { name: 'Restore' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(`“${title}” is public again`),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  // Back on search.
  await page.goto(searchFor(title));
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
});
