import {
  checkPage,
  codeSentTo,
  createAccount,
  expect,
  readOutbox,
  test,
  uniqueAccount,
} from './fixtures';

test('a new account verifies its email with the code and goes on to list a property', async ({
  page,
}) => {
  const account = uniqueAccount({ firstName: 'Kojo', lastName: 'Asante' });
  await page.goto('/register?action=list-property');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/verify-email\?next=%2Flist-property$/);
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  const code = await codeSentTo(page.request, account.email);

  // The toaster's live region repeats toasts as a status: read the page's own messages.
  const main = page.locator('#main');
  await expect(main.getByText(`We sent a 6-digit code to ${account.email}`)).toBeVisible();
  const codeBox = page.getByRole('textbox', { name: 'Verification code' });
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await codeBox.fill('12a');
  await expect(codeBox).toHaveValue('12');
  await expect(verify).toBeDisabled();
  await checkPage(page, 'verify-email');

  // A code was just sent: Resend waits a minute, counted down on the button (issue 15).
  await expect(page.getByRole('button', { name: /Resend code in 0:\d\d/ })).toBeDisabled();

  const wrong = code === '000000' ? '111111' : '000000';
  await codeBox.fill(wrong);
  await verify.click();
  await expect(main.getByRole('alert').first()).toContainText('Invalid verification code');

  await codeBox.fill(code);
  await verify.click();
  await expect(main.getByRole('status')).toContainText('Taking you on in 3 seconds');
  await checkPage(page, 'verify-email-success');
  await expect(page).toHaveURL(/\/list-property$/, { timeout: 10_000 });
});

test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
  const account = await createAccount(request);
  const main = page.locator('#main');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await checkPage(page, 'forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(main.getByRole('status')).toContainText('If an account exists');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  // Waits for the link itself: the sign-up code reached the same address earlier.
  const link = await readOutbox(
    page.request,
    account.email,
    /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/,
  );
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await checkPage(page, 'reset-password');
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  const newPassword = 'copper lantern evening';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByRole('status')).toBeVisible();
  await main.getByRole('link', { name: 'Sign In' }).click();

  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // The link is single use: opened again, it says so at once, with no form, and offers a new one.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(main.getByText('This link no longer works')).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await checkPage(page, 'reset-password-expired');
});
