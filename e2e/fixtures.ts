import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

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

/** Creates an account through the API (it signs that request context in). */
export async function createAccount(
  request: APIRequestContext,
  account = uniqueAccount(),
): Promise<Account> {
  const response = await request.post('/api/auth/register', {
    data: { ...account, registrationMethod: 'email', userType: 'renter' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

const screenshotDir = path.resolve('e2e/artifacts/screenshots');

/**
 * Every page a journey visits: no axe-core violations (WCAG 2.1 A and AA), and screenshots at
 * desktop (1280 px) and phone (390 px) width kept under e2e/artifacts/screenshots.
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

export const test = base;
