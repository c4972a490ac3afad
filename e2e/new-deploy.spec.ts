import { expect, openWithServiceWorker, test } from './fixtures';

// The service worker is part of what this journey is about (the other journeys block it).
test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    abodeDeploy?: number;
  }
}

/**
 * Issue 22: a new deploy is picked up on the next visit, never a stale app, even with the
 * previous deploy's worker in control of the page. A deploy is played here by rewriting what
 * the server sends (the worker's requests pass through the browser context's routes too): its
 * pages name a new entry script. (The worker's own update is the browser's to fetch, out
 * of the routes' sight: each build writes its id into the worker, which
 * server/production-start.test.ts checks, so a deploy is a new worker.)
 */
test('a renter whose phone kept the app gets the new deploy on their next visit', async ({
  page,
  context,
}) => {
  await openWithServiceWorker(page, '/search');
  // The script the page starts with: a visitor's page, the boot script (decision 030).
  const oldScript = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')!.src,
  );
  const oldScriptPath = new URL(oldScript).pathname;
  expect(await page.evaluate(() => window.abodeDeploy)).toBeUndefined();

  // The new deploy: pages name a new entry script, which says which deploy it is.
  const newScriptPath = oldScriptPath.replace(/\.js$/, '.next.js');
  await context.route(
    (url) => url.pathname === newScriptPath,
    async (route) => {
      const original = await route.fetch({ url: oldScript });
      await route.fulfill({
        response: original,
        body: `${await original.text()}\nwindow.abodeDeploy = 2;\n`,
      });
    },
  );
  let pagesThroughTheWorker = 0;
  await context.route(
    (url) => url.pathname === '/search' || url.pathname === '/',
    async (route) => {
      if (route.request().serviceWorker()) pagesThroughTheWorker += 1;
      const original = await route.fetch();
      const html = await original.text();
      await route.fulfill({ response: original, body: html.replace(oldScriptPath, newScriptPath) });
    },
  );
  // The next visit: the page comes from the network first, so it runs the new script at once.
  await page.goto('/search');
  expect(await page.evaluate(() => window.abodeDeploy)).toBe(2);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The previous deploy's worker still controls the page, and asked the network first.
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(pagesThroughTheWorker).toBeGreaterThan(0);
  await page.goto('/');
  expect(await page.evaluate(() => window.abodeDeploy)).toBe(2);
});
