import { expect, phone, test } from './fixtures';

/**
 * Issue 51: what a renter came for is on the first screen. On a 390 x 844 phone, the first
 * search result (its photo and title) comes before the fold, not after 700 px of controls; on
 * a 1 280 x 800 desktop, a listing's title, rent and its Message and Book buttons are beside or
 * below a gallery that leaves them room.
 */
test('a phone shows the first search result on the first screen', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, ...phone });
  const page = await context.newPage();
  await page.goto('/search?location=Accra');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  const title = (await first.getByRole('link').first().boundingBox())!;
  expect(title.y + title.height).toBeLessThanOrEqual(phone.viewport.height);
  // Every control is still there to reach (labels said to screen readers).
  await expect(page.getByRole('searchbox', { name: 'Location' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Property type' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();
  await expect(page.getByText('Sort by')).toBeVisible();
  await context.close();
});

test('a desktop shows a listing’s title, rent and Message and Book on the first screen', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/search?location=Accra');
  await page.getByRole('article').first().getByRole('link').first().click();
  const inFirstScreen = async (name: string, box: { y: number; height: number } | null) => {
    expect(box, name).not.toBeNull();
    expect(box!.y + box!.height, name).toBeLessThanOrEqual(800);
  };
  await inFirstScreen('title', await page.getByRole('heading', { level: 1 }).boundingBox());
  const card = page.getByRole('complementary', { name: /./ }).first();
  await inFirstScreen(
    'rent',
    await card
      .getByText(/\/month|\/week|\/year|\/semester/)
      .first()
      .boundingBox(),
  );
  await inFirstScreen(
    'message',
    await card.getByRole('link', { name: /message the lister/i }).boundingBox(),
  );
  await inFirstScreen(
    'book',
    await card.getByRole('link', { name: /book a viewing/i }).boundingBox(),
  );
  await context.close();
});
