import type { Page } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  createAccount,
  expect,
  listThroughApi,
  test,
  uniqueAccount,
} from './fixtures';

/** Search by title, as a visitor would. */
const searchFor = (title: string) => `/search?location=${encodeURIComponent(title)}`;

/**
 * The search page's result count, shown once the results for its query have loaded: a search
 * by title is fuzzy, so other journeys' listings (or earlier runs of this one) may share it.
 */
const resultCount = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^\d+ propert(y|ies) found$/ });

/** The toast region, where the dashboard says what it did. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/**
 * Issue 21, first slice: an owner marks a live listing rented from the dashboard; it leaves
 * search at once, and its page tells visitors it has been rented, with a way to similar places
 * and no way to contact the lister. Made available again, it is back in search.
 */
test('an owner marks a listing rented: it leaves search, its page says so and points to similar places; available again, it is back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const city = 'Takoradi';
  const title = `Harbour flat ${Date.now()}-${process.pid} in ${city}`;

  // An owner (through the API) lists a place, and an administrator approves it.
  const ownerApi = await browser.newContext({ baseURL });
  const owner = await createAccount(
    ownerApi.request,
    uniqueAccount({ firstName: 'Kojo', lastName: 'Asante' }),
    'owner',
  );
  const propertyId = await listThroughApi(ownerApi.request, title, city);
  await ownerApi.close();
  await approveAsAdmin(baseURL!, propertyId);

  // The owner signs in through the form and finds the listing live in search.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText(owner.firstName);
  await page.goto(searchFor(title));
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // On the dashboard the card is Live; its menu marks it rented, after a confirmation.
  await page.goto('/dashboard');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  const cardMenu = card.getByRole('button', { name: `Actions for ${title}` });
  await cardMenu.click();
  await page.getByRole('menuitem', { name: 'Mark as rented' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Mark this property as rented?' });
  await expect(dialog).toContainText(`"${title}" leaves search at once`);
  await checkPage(page, 'listing-rented-confirm');
  await dialog.getByRole('button', { name: 'Mark as rented' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toasts(page).getByText(`"${title}" is marked as rented`, { exact: true }),
  ).toBeVisible();
  await expect(card.getByText('Rented', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Marked rented on /)).toBeVisible();
  await expect(card.getByText('Live', { exact: true })).toHaveCount(0);
  await checkPage(page, 'listing-rented-dashboard');

  // A visitor, signed out, no longer finds it in search.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(searchFor(title));
  await expect(resultCount(visitorPage)).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  // Its page says it has been rented, and offers no way to contact the lister.
  await visitorPage.goto(`/property/${propertyId}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const banner = visitorPage.getByRole('status').filter({ hasText: 'This place has been rented' });
  await expect(banner).toBeVisible();
  await expect(
    visitorPage.getByText('Rented: the lister no longer takes enquiries about this place.'),
  ).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: /Message the lister/ })).toHaveCount(0);
  await expect(visitorPage.getByRole('button', { name: /Contact/ })).toHaveCount(0);
  await checkPage(visitorPage, 'listing-rented-property');

  // "See similar places" searches the same city and type of property.
  await banner.getByRole('link', { name: 'See similar places' }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`/search\\?.*location=${city}`));
  const similar = new URL(visitorPage.url()).searchParams;
  expect(similar.get('location')).toBe(city);
  expect(similar.get('propertyType')).toBe('apartment');
  await expect(
    visitorPage.getByRole('heading', { level: 1, name: `Properties in ${city}` }),
  ).toBeVisible();
  await expect(resultCount(visitorPage)).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  // The owner makes it available again from the dashboard: Live, and back in search.
  await cardMenu.click();
  await page.getByRole('menuitem', { name: 'Available again' }).click();
  await expect(
    toasts(page).getByText(`"${title}" is available again`, { exact: true }),
  ).toBeVisible();
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  await expect(card.getByText('Rented', { exact: true })).toHaveCount(0);
  await visitorPage.goto(searchFor(title));
  await expect(visitorPage.getByRole('link', { name: title, exact: true })).toBeVisible();
  await visitorPage.goto(`/property/${propertyId}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    visitorPage.getByRole('link', { name: 'Sign up to message the lister' }),
  ).toBeVisible();
  await expect(visitorPage.getByText('This place has been rented')).toHaveCount(0);
  await visitor.close();
});
