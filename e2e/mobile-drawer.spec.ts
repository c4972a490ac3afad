import { checkPage, createAccount, expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the menu is a drawer that closes when you navigate', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeHidden();
  // The spec's Sign In button is in the header on phones too, not only in the drawer.
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  for (const entry of ['Apartments', 'Houses', 'Student Hostels', 'Home Maintenance Services']) {
    await expect(drawer.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await checkPage(page, 'drawer-visitor');

  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('link', { name: 'Sign In' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('a signed-in phone user finds their account entries and signs out from the drawer', async ({
  page,
}) => {
  const account = await createAccount(page.request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(drawer).toContainText(account.email);
  for (const entry of ['List Your Property', 'Saved Properties', 'Dashboard', 'Account Settings']) {
    await expect(drawer.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await checkPage(page, 'drawer-signed-in');

  await drawer.getByRole('button', { name: 'Sign Out' }).click();
  // Signing out loads the home page anew, as a visitor's: the menu is opened on that page,
  // once its script answers (a press during the navigation went to the page that left).
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
});
