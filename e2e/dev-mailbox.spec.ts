import { checkPage, expect, test } from './fixtures';

test('the dev mailbox the start-up banner points to opens', async ({ page }) => {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await checkPage(page, 'dev-mailbox');
});
