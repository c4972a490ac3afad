import { checkPage, expect, test, uniqueAccount } from './fixtures';

test('a visitor signs up by phone, reads the text message in the dev mailbox and verifies', async ({
  page,
  context,
}) => {
  const account = uniqueAccount({ firstName: 'Yaw', lastName: 'Owusu' });
  // A Ghanaian mobile number no other run uses.
  const local = `24${String(Date.now()).slice(-7)}`;
  const e164 = `+233${local}`;

  await page.goto('/register');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByRole('textbox', { name: 'Phone' }).fill(`+233 ${local}`);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/verify-phone/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verify your phone number' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend/ })).toBeVisible();
  await checkPage(page, 'verify-phone');

  // The text message waits in the dev mailbox (no SMS provider here), newest first.
  const mailbox = await context.newPage();
  await mailbox.goto('/dev/mailbox');
  const message = mailbox
    .getByRole('listitem')
    .filter({ hasText: `To: ${e164}` })
    .first();
  await expect(message).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await message.textContent()) ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await mailbox.close();

  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeDisabled();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code!);
  await verify.click();
  await expect(
    page.locator('#main').getByText(/Your phone number (has been|is) verified/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText('Yaw Owusu');
});
