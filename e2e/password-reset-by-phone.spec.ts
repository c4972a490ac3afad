import { checkPage, codeSentTo, expect, readOutbox, test, uniqueAccount } from './fixtures';

// Issue 34: a renter who signed up with a phone number only has no mailbox for a reset link;
// /forgot-password's Phone tab texts a code (read here from the dev outbox, as no SMS provider
// is configured), and the code with a new password resets it.
test('a phone-only renter resets a forgotten password by phone and signs in with the new one', async ({
  page,
  request,
}) => {
  // One code a minute per number: the reset code waits for the sign-up code's minute to pass.
  test.setTimeout(150_000);
  const account = uniqueAccount({ firstName: 'Kwesi', lastName: 'Boateng' });
  // A Ghanaian mobile number no other run uses.
  const local = `55${String(Date.now()).slice(-7)}`;
  const e164 = `+233${local}`;

  const signUp = await request.post('/api/auth/register', {
    data: {
      registrationMethod: 'phone',
      phone: `0${local}`,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
      userType: 'renter',
    },
    headers: { 'X-Forwarded-For': `10.${process.pid % 250}.251.${Date.now() % 250}` },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const signedUpAt = Date.now();
  const verified = await request.post('/api/auth/verify-phone-code', {
    data: { code: await codeSentTo(request, e164) },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  const main = page.locator('#main');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill(`+233 ${local}`);
  await checkPage(page, 'forgot-password-phone');

  await page.waitForTimeout(Math.max(0, signedUpAt + 62_000 - Date.now()));
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
  await expect(main.getByRole('status')).toHaveText(
    'If an account has that number, we sent it a code to reset its password.',
  );
  await checkPage(page, 'forgot-password-code');

  const code = await readOutbox(page.request, e164, /password reset code is (\d{6})/);
  const newPassword = 'mango harbour sunrise';
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByRole('status')).toHaveText(
    'Your password has been reset. Sign in with the new one.',
  );
  // The reset ended every session, the one the renter signed up with too.
  expect((await request.get('/api/auth/user')).status()).toBe(401);

  await main.getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill(`0${local}`);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(main.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText('Kwesi Boateng');
});
