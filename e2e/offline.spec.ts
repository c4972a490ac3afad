import { createAccount, expect, openWithServiceWorker, test } from './fixtures';

// The service worker is what this journey is about (the other journeys block it).
test.use({ serviceWorkers: 'allow' });

test('a renter saves a listing, loses the connection, and still opens it and their saved list, told they are offline', async ({
  page,
  context,
}) => {
  await createAccount(page.request);
  await openWithServiceWorker(page, '/search?propertyType=apartment');

  const card = page.getByRole('article').first();
  const title = (await card.getByRole('link').textContent())!;
  await card.getByRole('button', { name: `Save ${title}` }).click();
  await expect(card.getByRole('button', { name: `Remove ${title} from saved` })).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const listingUrl = page.url();
  await page.goto('/search?saved=true');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'offline' })).toHaveCount(0);

  await context.setOffline(true);

  // The saved list, reloaded with no connection: from the kept copy, with the notice.
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: "You're offline." });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('saved');
  await expect(notice).toContainText(
    'Forms can be sent once you’re back online.'.replace('’', "'"),
  );
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // The listing itself, opened by its address.
  await page.goto(listingUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(notice).toBeVisible();
  // Every photo shows something: a kept size, or the placeholder, never a broken image.
  const photos = page.locator('main img');
  await expect
    .poll(() =>
      photos.evaluateAll(
        (images) =>
          (images as HTMLImageElement[]).filter(
            (image) => image.complete && image.naturalWidth === 0,
          ).length,
      ),
    )
    .toBe(0);

  // A form needs the server: it says so rather than failing silently.
  await page.getByRole('button', { name: 'Saved', exact: true }).click();
  await expect(
    page
      .getByText("You're offline: this needs a connection. Try again when you're back online.")
      .first(),
  ).toBeVisible();

  // Back online, the next page comes from the server and the notice goes.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('on a shared phone, once the session has ended, a visitor’s page forgets what the renter had kept: nobody opens their saved list offline', async ({
  page,
  context,
}) => {
  await createAccount(page.request);
  await openWithServiceWorker(page, '/search?propertyType=apartment');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('link').textContent())!;
  await card.getByRole('button', { name: `Save ${title}` }).click();
  await expect(card.getByRole('button', { name: `Remove ${title} from saved` })).toBeVisible();
  await page.goto('/search?saved=true');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // The session ends where the app cannot hear it (it expired, the cookie went), and the next
  // person opens the home page: a visitor's page, with its small boot script and no app.
  await context.clearCookies();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  // The worker read that page and forgot the renter's copies; the page, told so, ended the
  // session as the app does (the mark other tabs hear is gone).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('abode.signedIn'))).toBeNull();

  // Nothing of theirs is kept: not their account, their saved list, nor its page.
  const kept = await page.evaluate(async () =>
    Promise.all(
      ['/api/auth/user', '/api/favorites', '/search?saved=true'].map(
        async (path) => (await caches.match(path))?.status ?? null,
      ),
    ),
  );
  expect(kept).toEqual([null, null, null]);

  // Offline, the saved list is a visitor's: the app sends them to sign in, with no list shown
  // (a page of the server's: the browser shows its own "no connection" page there).
  await context.setOffline(true);
  const toSignIn = page.waitForRequest(/\/api\/login\?next=%2Fsearch%3Fsaved%3Dtrue$/, {
    timeout: 15_000,
  });
  await page.evaluate(() => window.location.assign('/search?saved=true'));
  await toSignIn;
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});
