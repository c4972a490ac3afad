import { checkPage, expect, signInAsAdmin, test, uniqueAccount } from './fixtures';

test('a visitor signs up, sees their name, signs out and signs in again', async ({ page }) => {
  const account = uniqueAccount({ firstName: 'Adwoa', lastName: 'Mensima' });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home Away From Home' })).toBeVisible();
  await checkPage(page, 'landing');

  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await checkPage(page, 'register');

  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  // A new account is signed in and asked for the code it was sent (the verification journey
  // enters it); the header already greets it.
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.goto('/');
  const accountMenu = page.getByRole('button', { name: /Account menu/ });
  await expect(accountMenu).toContainText('Adwoa');
  await accountMenu.click();
  await expect(page.getByRole('menu')).toContainText('Adwoa Mensima');
  await expect(page.getByRole('menu')).toContainText(account.email);
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await checkPage(page, 'login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('a wrong password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('do not match an account');

  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Adwoa');
});

test('the sign-up form explains what is wrong before anything is sent', async ({ page }) => {
  await page.goto('/register?userType=property_professional');
  await expect(page.getByRole('radio', { name: /Owner/ })).toBeChecked();

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('long enough 1');
  await page.getByLabel('Confirm password').fill('long enough 2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByRole('radio', { name: /Agent/ }).click();
  await expect(page.getByLabel('Business name')).toBeVisible();
  await page.getByRole('tab', { name: 'Phone' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toBeVisible();
  await checkPage(page, 'register-errors');
});

test('an administrator sees the Admin Panel entry', async ({ page }) => {
  await signInAsAdmin(page.request);
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute(
    'href',
    '/admin/image-approval',
  );
});

test('an unknown path shows the 404 page', async ({ page }) => {
  // The status tells crawlers and link checkers too (issue 51), not only the screen.
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Abode');
  await expect(page.getByText(/^We could not find this page\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search listings' })).toHaveAttribute(
    'href',
    '/search',
  );
  await checkPage(page, 'not-found');
});
