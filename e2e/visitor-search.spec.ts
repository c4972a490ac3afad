import { checkPage, expect, test } from './fixtures';

test('a visitor searches with filters, pages, opens a listing and is sent to sign up to contact', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByRole('search', { name: 'Search rentals' });
  await hero.getByRole('textbox', { name: 'Location' }).fill('Ghana');
  await hero.getByRole('button', { name: 'Search' }).click();

  // A visitor's page submits the form as plain HTML (decision 030): its period goes too.
  await expect(page).toHaveURL(/\/search\?location=Ghana(&timePeriod=months)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Properties in Ghana' })).toBeVisible();
  await expect(page.getByText(/^\d+ properties found$/)).toBeVisible();

  // Filters: at least two bedrooms, with Wi-Fi.
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.getByText('2+', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '2+' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Wi-Fi' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();

  await expect(page).toHaveURL(/location=Ghana&bedrooms=2&amenities=wifi$/);
  await expect(page.getByRole('button', { name: /Filters.*2 active filters/ })).toBeVisible();
  const count = page.getByText(/^\d+ properties found$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total, 'the demo market has more than one page of these').toBeGreaterThan(12);
  const pages = Math.ceil(total / 12);
  await expect(page.getByRole('article')).toHaveCount(12);
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await checkPage(page, 'search-filtered');

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  // Links to the pages' addresses; page 1 has no Previous to follow.
  await expect(pagination.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  await pagination.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2$/);
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(Math.min(12, total - 12));

  // Back returns to page 1 of the same search; forward to page 2 again.
  await page.goBack();
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await page.goForward();
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();

  // The list layout, then a listing.
  await page.getByRole('link', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  const first = page.getByRole('article').first().getByRole('heading').getByRole('link');
  const title = (await first.textContent())!;
  await first.click();

  await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
  const propertyId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Reviewed by Abode', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: `Photos of ${title}` })).toBeVisible();
  await expect(
    page.getByText('Contact information is free for all registered users'),
  ).toBeVisible();
  await checkPage(page, 'property-detail-visitor');

  await page.getByRole('link', { name: 'Back to Search' }).click();
  await expect(page).toHaveURL(/location=Ghana&bedrooms=2&amenities=wifi&page=2&view=list$/);
  await page.goBack();

  await page.getByRole('link', { name: 'Sign up to message the lister' }).click();
  await expect(page).toHaveURL(`/register?action=contact&propertyId=${propertyId}`);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('a visitor who taps a heart is sent to sign in, and nothing matching shows Clear Filters', async ({
  page,
}) => {
  await page.goto('/search?location=Accra');
  await expect(page.getByRole('heading', { level: 1, name: 'Properties in Accra' })).toBeVisible();
  // A card's heart (the first "Save …" link of the page is Save this search).
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Save / })
    .click();
  await expect(page).toHaveURL(
    /\/login\?next=%2Fsearch%3Flocation%3DAccra&then=save-listing%3A[0-9a-f-]{36}$/,
  );
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await page.goto('/search?location=Atlantis&bedrooms=4');
  await expect(page.getByRole('heading', { name: 'No properties found' })).toBeVisible();
  await expect(page.getByText('0 properties found')).toBeVisible();
  await checkPage(page, 'search-empty');
  await page.getByRole('link', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Properties' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(12);
});

test('an unknown listing says so and leads back to search', async ({ page }) => {
  const response = await page.goto('/property/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible();
  await checkPage(page, 'property-not-found');
  await page.getByRole('link', { name: 'Back to Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
});
