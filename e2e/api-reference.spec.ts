import { expect, test } from '@playwright/test';

/**
 * The API reference (issue 51): /api/reference draws the OpenAPI document in a browser that
 * reaches no other host (Scalar's script comes from this server, no CDN, no web font), under
 * the site's CSP, and a call tried from it reaches this server. The app's own pages never
 * load its script. Not the app: the journeys' page fixture, which waits for the app, is not
 * used here.
 */
test('the API reference works with no network but this server’s, and only on its page', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const scripts: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) {
      elsewhere.push(url.href);
      return route.abort();
    }
    if (route.request().resourceType() === 'script') scripts.push(url.pathname);
    return route.continue();
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective}`);
    });
  });

  // A public page of the app: not a byte of the reference.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.startsWith('/api/reference'))).toEqual([]);

  // From here on, the reference's page only.
  elsewhere.length = 0;
  problems.length = 0;
  await page.goto('/api/reference');
  await expect(page.getByRole('heading', { level: 1, name: 'Abode API' })).toBeVisible();
  expect(scripts).toContain('/api/reference/scalar.js');
  // The operations, grouped by the document's tags, and a call tried from the page.
  await page.goto('/api/reference#tag/system/GET/api/health');
  await expect(
    page.getByRole('heading', { name: 'Readiness: the database answers' }).first(),
  ).toBeVisible();
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  await page.getByRole('button', { name: /^Send/ }).first().click();
  await expect(page.getByText('200 OK').first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});
