import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test as base,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';

export { expect };

export type Account = { email: string; password: string; firstName: string; lastName: string };

let sequence = 0;
export function uniqueAccount(overrides: Partial<Account> = {}): Account {
  sequence += 1;
  return {
    email: `e2e.${Date.now()}.${process.pid}.${sequence}@example.com`,
    password: 'blue kettle morning',
    firstName: 'Abena',
    lastName: 'Sarpong',
    ...overrides,
  };
}

/**
 * Creates an account through the API (it signs that request context in). Each comes from an
 * address of its own (the e2e server trusts X-Forwarded-For), so the journeys together stay
 * under the per-address sign-up limit that the API tests check.
 */
export async function createAccount(
  request: APIRequestContext,
  account = uniqueAccount(),
  userType: 'renter' | 'owner' | 'agent' = 'renter',
): Promise<Account> {
  const response = await request.post('/api/auth/register', {
    data: { ...account, registrationMethod: 'email', userType },
    headers: {
      'X-Forwarded-For': `10.${process.pid % 250}.${Math.floor(sequence / 250)}.${sequence % 250}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/**
 * The newest message the server kept for `recipient` in the dev outbox (no mail transport in
 * tests), waiting for it to arrive; `pattern` picks what to read from its text.
 */
export async function readOutbox(
  request: APIRequestContext,
  recipient: string,
  pattern: RegExp,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox?limit=200');
        const { messages } = (await response.json()) as {
          messages: { recipient: string; textBody: string }[];
        };
        const message = messages.find((m) => m.recipient === recipient && pattern.test(m.textBody));
        found = message ? pattern.exec(message.textBody)?.[1] : undefined;
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The 6-digit code last sent to an email address or phone number. */
export const codeSentTo = (request: APIRequestContext, recipient: string) =>
  readOutbox(request, recipient, /\b(\d{6})\b/);

/** Verifies the e-mail of the account `request` is signed in as, with the code it was sent. */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  const verified = await request.post('/api/auth/verify-email-code', {
    data: { code: await codeSentTo(request, email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * Verifies the e-mail of the account `request` is signed in as, unless it has a verified
 * e-mail or phone already: photo uploads need one (issue 50, 403
 * `uploads_need_verified_contact`).
 */
export async function verifyContactToUpload(request: APIRequestContext): Promise<void> {
  const me = await request.get('/api/auth/user');
  expect(me.status(), await me.text()).toBe(200);
  const user = (await me.json()) as { email: string | null; isVerified: boolean };
  if (user.isVerified) return;
  expect(user.email, 'an account without an e-mail verifies its phone itself').toBeTruthy();
  await verifyEmail(request, user.email!);
}

/** A phone's screen for a journey's browser context (390 px wide, touch). */
export const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The demo administrator of the seed (server/demo/seed.ts, SEED_DEMO=true). */
export const demoAdmin = { email: 'admin@example.com', password: 'Abode-demo-2026' };

/** Signs a request context (and the pages of its browser context) in as the demo administrator. */
export async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/auth/login', { data: demoAdmin });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * What an administrator does in the admin panel, done through the API as the demo
 * administrator (seeded with SEED_DEMO=true), in a request context of its own.
 */
export async function approveAsAdmin(baseURL: string, propertyId: string): Promise<void> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await signInAsAdmin(admin);
    const approved = await admin.post(`/api/admin/properties/${propertyId}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** A real photo file (JPEG or PNG) for upload forms, drawn by sharp. */
export async function photoFile(
  name: string,
  format: 'jpeg' | 'png',
  colour: string,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <rect width="100%" height="100%" fill="${colour}"/>
    <rect x="300" y="420" width="1000" height="500" fill="#f4efe6"/>
    <polygon points="250,440 800,120 1350,440" fill="#8b3a2b"/></svg>`;
  const buffer = await sharp(Buffer.from(svg))[format]().toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/**
 * A listing of the journey's own, sent for review through the API with one real photo by the
 * account `request` is signed in as (which verifies its e-mail first if it has no verified
 * contact: photo uploads need one); `fields` changes what the journey is about (bedrooms).
 */
export async function listThroughApi(
  request: APIRequestContext,
  title: string,
  city: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  await verifyContactToUpload(request);
  const photo = await photoFile('front.jpg', 'jpeg', '#2f6f4f');
  const upload = await request.post('/api/upload/property-images', {
    data: { images: [`data:${photo.mimeType};base64,${photo.buffer.toString('base64')}`] },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { images } = (await upload.json()) as { images: string[] };
  const created = await request.post('/api/properties', {
    data: {
      title,
      description: 'Two bedrooms off the main road, water and power included.',
      propertyType: 'apartment',
      category: 'general',
      country: 'Ghana',
      city,
      address: `Station Road area, ${city}`,
      streetAddress: '3 Station Road',
      pricePerNight: 1500,
      pricingPeriod: 'month',
      bedrooms: 2,
      bathrooms: 1,
      amenities: ['wifi'],
      images,
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const screenshotDir = path.resolve('e2e/artifacts/screenshots');

/**
 * The screenshots are for a person to look at; nothing compares them. CI runs on a fresh clone
 * that nobody opens afterwards, and two full-page PNGs of each of 76 checked pages cost 2–4 s
 * each there (7.4 min of journeys without them, 8.0 with, one run each), so CI takes them
 * only when ABODE_E2E_SCREENSHOTS=1.
 */
const takeScreenshots = process.env.ABODE_E2E_SCREENSHOTS
  ? process.env.ABODE_E2E_SCREENSHOTS === '1'
  : !process.env.CI;

/**
 * Every page a journey visits: no axe-core violations (WCAG 2.1 A and AA), and (outside CI)
 * screenshots at desktop (1280 px) and phone (390 px) width kept under e2e/artifacts/screenshots.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
  if (!takeScreenshots) return;
  // Lazy images below the fold would show as empty boxes in a full-page screenshot.
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) => (image.complete ? null : image.decode().catch(() => null))),
    );
    // From the top, so the sticky header is where a reader first sees it.
    window.scrollTo(0, 0);
  });
  fs.mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(original);
}

/**
 * Opens `url` with the service worker in control: it installs after the first page has
 * loaded, then takes over the page once reloaded (journeys that allow the worker).
 */
export async function openWithServiceWorker(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await page.reload();
}

/**
 * Pages as a reader meets them: after `goto` or `reload`, the journey waits until the app has
 * drawn or taken over the page (`data-app-ready`, web/app.tsx). The home page, search and a
 * listing arrive rendered by the server (decision 020), and a press in the few milliseconds
 * before the script runs would do nothing, as a link's would before any page appeared.
 * Contexts without JavaScript get the page as it arrives.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const appReady = () =>
        page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 20_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await appReady();
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await appReady();
        return response;
      };
    }
    await use(page);
  },
});
