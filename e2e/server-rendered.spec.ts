import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The home page, search and a listing arrive rendered by the server (issue 22, decision 020):
// readable before any script runs, then taken over by React without a mismatch.

/** Errors the page reports while it loads and hydrates (a mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function firstListing(page: Page): Promise<{ id: string; title: string }> {
  const response = await page.request.get('/api/properties/featured');
  const [first] = (await response.json()) as { id: string; title: string }[];
  if (!first) throw new Error('the demo data has no featured listing');
  return first;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the home page, a search and a listing, and follows links between them', async ({
    page,
  }) => {
    const listing = await firstListing(page);

    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Featured Properties' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: listing.title, exact: true })).toBeVisible();

    await page.goto('/search?location=Accra');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Properties in Accra' }),
    ).toBeVisible();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first()).toContainText('GH₵');

    // A plain link: the server renders the page it leads to.
    await page.goto('/');
    await page.getByRole('link', { name: listing.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('complementary')).toContainText('GH₵');
  });

  test('a visitor searches, filters, sorts and pages with plain HTML (issue 36)', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Search rentals' });
    await hero.getByRole('textbox', { name: 'Location' }).fill('Ghana');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?location=Ghana/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Properties in Ghana' }),
    ).toBeVisible();

    // The Filters toggle is a link to the same search with its panel open.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page).toHaveURL(/filters=open/);
    await page.getByText('2+', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Wi-Fi' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/bedrooms=2/);
    await expect(page).toHaveURL(/amenities=wifi/);
    await expect(page.getByRole('button', { name: /Filters.*2 active filters/ })).toBeVisible();
    const count = page.getByText(/^\d+ properties found$/);
    const total = Number((await count.textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(12);

    // Sorting is a list of links; the order and the filters stay.
    await page.locator('summary', { hasText: 'Best match' }).click();
    await page.getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page).toHaveURL(/amenities=wifi/);
    const prices = await page.getByRole('article').evaluateAll((cards) => cards.length);
    expect(prices).toBe(12);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 12)}`)).toBeVisible();

    // A new search from the page's own form keeps the order and the filters (the closed
    // panel holds them).
    await page.getByRole('searchbox', { name: 'Location' }).fill('Accra');
    await page
      .getByRole('search', { name: 'Search properties' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Properties in Accra' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page).toHaveURL(/amenities=wifi/);
    await expect(page).toHaveURL(/bedrooms=2/);
    await expect(page).not.toHaveURL(/page=/);
  });

  test('Save, Save this search and Report lead a visitor to sign in; every photo can be seen', async ({
    page,
  }) => {
    await page.goto('/search?location=Accra');
    await page.getByRole('link', { name: 'Save this search' }).click();
    // With what the visitor was doing, done once they have signed in (issue 51).
    await expect(page).toHaveURL(/\/login\?next=%2Fsearch%3Flocation%3DAccra&then=save-search$/);

    await page.goto('/search?location=Accra');
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Save / })
      .click();
    await expect(page).toHaveURL(
      /\/login\?next=%2Fsearch%3Flocation%3DAccra&then=save-listing%3A[0-9a-f-]{36}$/,
    );

    const listing = await firstListing(page);
    const answer = await page.request.get(`/api/properties/${listing.id}`);
    const { photos } = (await answer.json()) as { photos: unknown[] };
    expect(photos.length, 'a featured demo listing has several photos').toBeGreaterThan(1);
    await page.goto(`/property/${listing.id}`);
    const gallery = page.getByRole('region', { name: `Photos of ${listing.title}` });
    const thumbnails = gallery.getByRole('button', { name: /^Show photo \d+ of \d+$/ });
    await expect(thumbnails).toHaveCount(photos.length);
    // Each thumbnail leads to its photo, a different one each.
    const targets = await thumbnails.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    expect(new Set(targets).size).toBe(photos.length);
    await thumbnails.last().click();
    await expect(page).toHaveURL(/\/files\/.+\.webp$/);
    await page.goBack();

    await page.getByRole('link', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/login\\?next=%2Fproperty%2F${listing.id}&then=save-listing%3A${listing.id}$`),
    );
    await page.goBack();
    await page.getByRole('link', { name: 'Report this listing' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproperty%2F${listing.id}$`));
  });

  test('a French reader gets the page in French', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/search');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tous les biens');
    await context.close();
  });
});

test('the script takes the rendered pages over without a mismatch, and a card answers its first press', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const listing = await firstListing(page);

  for (const url of ['/', '/search', `/property/${listing.id}`]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);

  // A visitor's cards wait for their first interaction; the press itself is answered.
  await page.goto('/search');
  await page.waitForLoadState('networkidle');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading').getByRole('link').textContent())!;
  await card.getByRole('link', { name: `Save ${title}` }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch/);
  // The sign-in page asks who is signed in, and Chromium logs the visitor's 401 (expected).
  expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
});
