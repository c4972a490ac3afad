import type { Page } from '@playwright/test';
import { checkPage, createAccount, expect, test, verifyEmail } from './fixtures';

test('a signed-in renter saves from a card and from the listing page, then finds both saved', async ({
  page,
}) => {
  await createAccount(page.request);

  await page.goto('/search?propertyType=apartment');
  await expect(page.getByRole('heading', { level: 1, name: 'All Properties' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();

  // From a card.
  const fromCard = cards.nth(0);
  const cardTitle = (await fromCard.getByRole('link').textContent())!;
  const heart = fromCard.getByRole('button', { name: `Save ${cardTitle}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  // Pressed, the heart says what pressing it again does.
  const saved = fromCard.getByRole('button', { name: `Remove ${cardTitle} from saved` });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await checkPage(page, 'search-signed-in');

  // From the listing page.
  const other = cards.nth(1).getByRole('link');
  const detailTitle = (await other.textContent())!;
  await other.click();
  await expect(page.getByRole('heading', { level: 1, name: detailTitle })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Message the lister' })).toHaveAttribute(
    'href',
    /^\/contact-landlord\/[0-9a-f-]{36}$/,
  );
  await checkPage(page, 'property-detail-signed-in');

  // Saved properties, from the account menu.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Saved Properties' }).click();
  await expect(page).toHaveURL(/\/search\?saved=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Properties' })).toBeVisible();
  await expect(page.getByText('2 saved properties')).toBeVisible();
  await expect(page.getByRole('link', { name: cardTitle, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: detailTitle, exact: true })).toBeVisible();
  await checkPage(page, 'saved-properties');

  // The saved state survives a reload, and unsaving takes a listing off the list.
  await page.reload();
  await page.getByRole('button', { name: `Remove ${cardTitle} from saved` }).click();
  await expect(page.getByRole('link', { name: cardTitle, exact: true })).toHaveCount(0);
  await expect(page.getByText('1 saved property')).toBeVisible();
});

test('a visitor who opens Saved properties is sent to sign in first', async ({ page }) => {
  await page.goto('/search?saved=true');
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch%3Fsaved%3Dtrue$/);
});

/**
 * Issue 51: a visitor's heart and Save this search are links to sign in (they work before any
 * script has run); once signed in, the visitor is back where they were with the listing, or
 * the search, saved.
 */
test('a visitor who taps the heart or Save this search and signs in finds it saved', async ({
  browser,
  baseURL,
}) => {
  const setup = await browser.newContext({ baseURL });
  const account = await createAccount(setup.request);
  await verifyEmail(setup.request, account.email);
  await setup.close();

  const signIn = async (page: Page) => {
    await expect(page).toHaveURL(/\/login\?next=.*&then=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  };

  // The heart of a card, on the server-rendered search page.
  const hearts = await browser.newContext({ baseURL });
  const page = await hearts.newPage();
  await page.goto('/search?propertyType=apartment');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('link').first().textContent())!.trim();
  await card.getByRole('link', { name: `Save ${title}` }).click();
  await signIn(page);
  await expect(page).toHaveURL(/\/search\?propertyType=apartment$/);
  await expect(
    page.getByText('Saved. You will find it under Saved Properties.', { exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .first()
      .getByRole('button', { name: `Remove ${title} from saved` }),
  ).toHaveAttribute('aria-pressed', 'true');
  const favorites = (await (await page.request.get('/api/favorites')).json()) as {
    title: string;
  }[];
  expect(favorites.map((listing) => listing.title)).toEqual([title]);
  // Done once: coming back to the page saves nothing again.
  await page.reload();
  await expect(
    page.getByText('Saved. You will find it under Saved Properties.', { exact: true }),
  ).toHaveCount(0);
  await hearts.close();

  // Save this search, in a new visitor's browser.
  const searches = await browser.newContext({ baseURL });
  const searchPage = await searches.newPage();
  await searchPage.goto('/search?location=Accra');
  await searchPage.getByRole('link', { name: 'Save this search' }).click();
  await signIn(searchPage);
  await expect(searchPage).toHaveURL(/\/search\?location=Accra$/);
  await expect(searchPage.getByText(/^Search saved\./).first()).toBeVisible();
  const saved = (await (await searchPage.request.get('/api/saved-searches')).json()) as {
    savedSearches: { query: Record<string, unknown>; channel: string }[];
  };
  expect(saved.savedSearches).toHaveLength(1);
  expect(saved.savedSearches[0]!.query).toEqual({ location: 'Accra' });
  expect(saved.savedSearches[0]!.channel).toBe('email');
  await searches.close();
});
