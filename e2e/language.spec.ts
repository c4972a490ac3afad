import { checkPage, expect, test } from './fixtures';

test('choosing a language translates the page and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Away From Home');

  await page.getByRole('button', { name: /Language: English/ }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Home Away From Home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: /Idioma/ })).toContainText('ES');
  const spanishTitle = await page.getByRole('heading', { level: 1 }).textContent();
  await checkPage(page, 'landing-es');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanishTitle ?? '');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  for (const [label, lang] of [
    ['Deutsch', 'de'],
    ['Français', 'fr'],
    ['中文', 'zh'],
  ] as const) {
    await page.getByRole('button', { name: /: / }).first().click();
    await page.getByRole('menuitemradio', { name: label }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(spanishTitle ?? '');
  }
  await checkPage(page, 'landing-zh');
});
