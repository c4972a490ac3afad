import { checkPage, createAccount, expect, signInAsAdmin, test } from './fixtures';

test('a provider registers, an administrator approves it, a member finds it in the directory', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const business = `Osu Pipes ${Date.now()}`;
  const area = `Osu ${Date.now()}`;

  // A visitor registers a plumbing business.
  await page.goto('/services');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Home Maintenance Services' }),
  ).toBeVisible();
  await checkPage(page, 'services');
  await page.getByRole('button', { name: /^Plumber/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Register as Plumber' });
  await dialog.getByLabel('Business name').fill(business);
  await dialog.getByLabel('Contact person').fill('Kwame Boateng');
  await dialog.getByLabel('Email').fill(`pipes.${Date.now()}@example.com`);
  await dialog.getByLabel('Phone').fill('024 123 4567');
  await dialog.getByLabel('Business address').fill('4 Cantonments Road, Accra');
  await dialog.getByLabel('Service coverage area').fill(area);
  await dialog.getByLabel('Years (0–50)').fill('6');
  await dialog.getByLabel('Months (0–11)').fill('8');
  await dialog.getByLabel('Services offered').fill('Leaks, boreholes and water heaters');
  await dialog.getByLabel('Available for emergency call-outs').check();
  await checkPage(page, 'services-registration');
  await dialog.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(
    page.getByText('Registration Submitted Successfully!', { exact: true }),
  ).toBeVisible();

  // Visitors cannot open the directory.
  await page.getByRole('button', { name: 'Service Directory' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // An administrator approves it.
  const adminContext = await browser.newContext({ baseURL });
  await signInAsAdmin(adminContext.request);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/service-approval');
  const application = adminPage.getByRole('article', { name: business });
  await expect(application).toBeVisible();
  await checkPage(adminPage, 'admin-service-approval');
  await application.getByRole('button', { name: `Approve: ${business}` }).click();
  await expect(adminPage.getByRole('article', { name: business })).toHaveCount(0);
  await adminPage.getByRole('tab', { name: /Approved/ }).click();
  await expect(adminPage.getByRole('article', { name: business })).toBeVisible();
  await adminContext.close();

  // A signed-in member finds it by trade and area, with the Verified badge.
  await createAccount(page.request);
  await page.goto('/services?view=directory');
  await page.getByLabel('Category').selectOption('plumber');
  await page.getByLabel('Service area').fill(area);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: business }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Verified')).toBeVisible();
  await expect(card.getByText('6 years of experience')).toBeVisible();
  await checkPage(page, 'services-directory');
});
