import { checkPage, codeSentTo, createAccount, expect, test, uniqueAccount } from './fixtures';

test('a visitor is asked to sign in and comes back to account settings', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.request.post('/api/auth/logout');

  await page.goto('/account-settings');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Authentication Required' }),
  ).toBeVisible();
  await checkPage(page, 'account-settings-visitor');

  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount-settings$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
});

test('a user edits the profile, changes the e-mail and the password', async ({ page }) => {
  const account = await createAccount(page.request, uniqueAccount({ firstName: 'Efua' }), 'owner');
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Efua');
  await expect(page.getByRole('link', { name: 'List New Property' })).toBeVisible();
  await checkPage(page, 'account-settings');

  // Names and business details: saved, no verification needed.
  await page.getByLabel('First Name').fill('Efua Ama');
  await page.getByLabel('Business Name').fill('Efua Lettings');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Efua Ama');
  await expect(page.getByLabel('Business Name')).toHaveValue('Efua Lettings');

  // Another account's address is refused on its field.
  await page.getByLabel('Email Address').fill('renter@example.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update profile. Please try again.').first()).toBeVisible();
  await expect(page.getByText('Another account already uses this email address')).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');

  // A new e-mail address must be verified.
  const newEmail = uniqueAccount().email;
  await page.getByLabel('Email Address').fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText('Please check your email for verification instructions.').first(),
  ).toBeVisible();
  const verifyLink = page
    .getByRole('form', { name: 'Profile Information' })
    .getByRole('link', { name: 'Verify email' });
  await expect(verifyLink).toHaveAttribute('href', '/verify-email?next=%2Faccount-settings');
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();

  // The code sent to the new address verifies it, and the reader comes back here.
  await verifyLink.click();
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await codeSentTo(page.request, newEmail));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/account-settings$/, { timeout: 10_000 });
  await expect(page.getByLabel('Email Address')).toHaveValue(newEmail);
  await expect(page.getByText('Not verified', { exact: true })).toHaveCount(0);

  // Password: a wrong current password is refused, the right one works.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByLabel('Current Password').fill('not my password');
  await page.getByLabel('New Password', { exact: true }).fill('green teapot evening');
  await page.getByLabel('Confirm New Password').fill('green teapot evening');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('Failed to change password. Please check your current password.').first(),
  ).toBeVisible();
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await checkPage(page, 'account-settings-password-error');

  await page.getByLabel('Current Password').fill(account.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been updated successfully').first()).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);

  // This session stays signed in; the new password signs in elsewhere.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { email: newEmail, password: 'green teapot evening' },
  });
  expect(login.status(), await login.text()).toBe(200);
});
