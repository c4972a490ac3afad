import { checkPage, createAccount, expect, test } from './fixtures';

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
