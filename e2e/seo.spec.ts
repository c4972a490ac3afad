import { expect, test } from './fixtures';

type Listing = { id: string; title: string; photos: unknown[] };

/** The content of a <meta property|name="key"> in raw HTML (entities of the escape undone). */
function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag
    ? tag[1]!
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&')
    : null;
}

test('a listing’s page carries its share card in the HTML, and the app still boots with it', async ({
  page,
  request,
}) => {
  const featured = (await (await request.get('/api/properties/featured')).json()) as Listing[];
  const listing = featured.find((candidate) => candidate.photos.length > 0)!;

  // What a link preview reads: the HTML, no script run.
  const response = await request.get(`/property/${listing.id}`, {
    headers: { accept: 'text/html' },
  });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(metaContent(html, 'og:title')).toBe(listing.title);
  expect(metaContent(html, 'og:image')).toMatch(/^https?:\/\/[^/]+\/files\/[a-z0-9_]+-\d+\.webp$/);
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('<script type="module"'));

  // The app under the page's CSP: no violation, the listing shows, the head is as served.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective}`);
    });
  });
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(page).toHaveTitle(`${listing.title} · Abode`);
  const structuredData = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  );
  expect(structuredData).toMatchObject({ '@type': 'RealEstateListing', name: listing.title });
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);

  // Leaving the listing puts the app's title back, not the one the server wrote for it.
  await page.getByRole('link', { name: 'Abode', exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Abode: rentals that feel like home');
});

test('crawlers find the sitemap through robots.txt, and it lists live listings', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)![1]!;
  expect(robots).toContain('Disallow: /admin');
  const sitemap = await request.get(new URL(sitemapUrl).pathname);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const featured = (await (await request.get('/api/properties/featured')).json()) as Listing[];
  expect(await sitemap.text()).toContain(`/property/${featured[0]!.id}</loc>`);
});
