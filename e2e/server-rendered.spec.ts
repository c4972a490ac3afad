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
    await expect(page.getByRole('link', { name: listing.title })).toBeVisible();

    await page.goto('/search?location=Accra');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Properties in Accra' }),
    ).toBeVisible();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first()).toContainText('GH₵');

    // A plain link: the server renders the page it leads to.
    await page.goto('/');
    await page.getByRole('link', { name: listing.title }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('complementary')).toContainText('GH₵');
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
  const title = (await card.getByRole('link').textContent())!;
  await card.getByRole('button', { name: `Save ${title}` }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch/);
  // The sign-in page asks who is signed in, and Chromium logs the visitor's 401 (expected).
  expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
});
