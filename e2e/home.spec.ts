import { checkPage, createAccount, expect, test } from './fixtures';

test('the home page shows featured listings to visitors and to signed-in users', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home Away From Home' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured Properties' });
  await expect(featured.getByRole('article')).toHaveCount(6);
  await expect(featured.getByText('Featured', { exact: true })).toHaveCount(6);
  await checkPage(page, 'home-visitor');

  const first = featured.getByRole('article').first().getByRole('heading').getByRole('link');
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const account = await createAccount(page.request);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome to Abode, ${account.firstName}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Featured Properties' }).getByRole('article'),
  ).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'List Your Property' }).first()).toHaveAttribute(
    'href',
    '/list-property',
  );
  await checkPage(page, 'home-signed-in');

  await page.getByRole('link', { name: 'View All Properties' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Properties' })).toBeVisible();
});
