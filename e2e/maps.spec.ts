import type { BrowserContextOptions, Page } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  createAccount,
  expect,
  listThroughApi,
  phone,
  test,
  uniqueAccount,
} from './fixtures';

/**
 * Issue 39, maps, at 390 and 1280 px: the Map view of Accra's search with markers drawn from
 * this server's own tiles (MAP_PMTILES: the journeys never reach the internet), a pan and
 * "Search this area" (the address gains the box, the list and count follow), "Near a place"
 * with the University of Ghana (the list nearest first, with distances), and a listing's point
 * as a visitor sees it (blurred 50–300 m from its owner's pin, the same on reload).
 */
const sizes: [string, BrowserContextOptions][] = [
  ['phone', phone],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
];

const countOf = async (page: Page) =>
  Number(
    /(\d+)/.exec(
      (await page
        .getByText(/\d+ propert(y|ies) found/)
        .first()
        .textContent()) ?? '',
    )?.[1],
  );

for (const [size, options] of sizes) {
  test(`the map of a search, its area and a place to search near (${size})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, ...options });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused/.test(message.text()))
        errors.push(message.text());
    });

    await page.goto('/search?location=Accra&view=map');
    const map = page.locator('[data-map="search"]');
    await expect(map).toHaveAttribute('data-map-ready', 'tiles', { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Map of the results' })).toBeVisible();
    const markers = map.locator('.maplibregl-marker');
    await expect(markers.first()).toBeVisible();
    const before = await countOf(page);
    expect(before).toBeGreaterThan(1);
    // Markers are buttons a keyboard reaches; the list stays under the map.
    await expect(map.getByRole('button').first()).toBeVisible();
    await checkPage(page, `maps-search-${size}`);

    // Pan, then search the area now shown.
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const searchArea = page.getByRole('link', { name: 'Search this area' });
    await expect(searchArea).toBeHidden();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await expect(searchArea).toBeVisible();
    await searchArea.click();
    await expect(page).toHaveURL(/[?&]bbox=-?\d/);
    const bbox = new URL(page.url()).searchParams.get('bbox')!.split(',').map(Number);
    expect(bbox).toHaveLength(4);
    await expect(page.getByText(/\d+ propert(y|ies) found/).first()).toBeVisible();
    const inArea = await countOf(page);
    const api = await page.request.get(
      `/api/properties/search?location=Accra&bbox=${bbox.join(',')}`,
    );
    expect(inArea).toBe(((await api.json()) as { total: number }).total);

    // Near a place: the University of Ghana; the list nearest first, each with its distance.
    await page.goto('/search?location=Accra');
    await page.getByText('Near a place').locator('..').locator('summary').click();
    await page.getByRole('link', { name: 'University of Ghana, Legon' }).click();
    await expect(page).toHaveURL(/[?&]near=-0\.1869%2C5\.6505|[?&]near=-0\.1869,5\.6505/);
    const distances = await page.locator('[data-distance]').allTextContents();
    expect(distances.length).toBeGreaterThan(1);
    const km = distances.map((text) => Number(/([\d.]+) km/.exec(text)?.[1]));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await expect(page.getByText('University of Ghana, Legon').first()).toBeVisible();
    await checkPage(page, `maps-near-${size}`);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a listing’s point: its owner’s pin, a visitor’s circle 50–300 m away, the same on reload', async ({
  browser,
  baseURL,
}) => {
  const owner = await browser.newContext({ baseURL });
  await createAccount(owner.request, uniqueAccount(), 'owner');
  const pin = { latitude: 5.6362, longitude: -0.1652 };
  const id = await listThroughApi(owner.request, 'East Legon flat for the map', 'Accra', pin);
  await approveAsAdmin(baseURL!, id);
  const own = await (await owner.request.get(`/api/properties/${id}`)).json();
  expect(own.location).toEqual({ ...pin, approximate: false, radiusMeters: 0 });

  const visitor = await browser.newContext({ baseURL, ...phone });
  const page = await visitor.newPage();
  const seen = async () =>
    (await (await page.request.get(`/api/properties/${id}`)).json()).location;
  const first = await seen();
  expect(first).toMatchObject({ approximate: true, radiusMeters: 300 });
  const metres = (a: typeof pin, b: typeof pin) => {
    const rad = Math.PI / 180;
    const h =
      Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
      Math.cos(a.latitude * rad) *
        Math.cos(b.latitude * rad) *
        Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
    return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
  };
  const away = metres(pin, first);
  expect(away).toBeGreaterThanOrEqual(50);
  expect(away).toBeLessThanOrEqual(300);

  // The listing's page draws the circle, not a pin, once scrolled to.
  await page.goto(`/property/${id}`);
  await page.getByRole('heading', { name: 'Where it is' }).scrollIntoViewIfNeeded();
  const area = page.locator('[data-map="area"]');
  await expect(area).toHaveAttribute('data-map-ready', 'tiles', { timeout: 20_000 });
  await expect(area.locator('.maplibregl-marker')).toHaveCount(0);
  await checkPage(page, 'maps-listing-area');
  await page.reload();
  expect(await seen()).toEqual(first);
  await owner.close();
  await visitor.close();
});

test('with the tiles unreachable, the map shows its markers on a plain background and says so', async ({
  page,
}) => {
  await page.route('**/map/*.pmtiles', (route) => route.abort('internetdisconnected'));
  await page.goto('/search?location=Accra&view=map');
  const map = page.locator('[data-map="search"]');
  await expect(map.locator('.maplibregl-marker').first()).toBeVisible({ timeout: 20_000 });
  await expect(map.getByRole('status')).toContainText('The streets could not be loaded');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
