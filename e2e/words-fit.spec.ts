import type { Locator } from '@playwright/test';
import { createAccount, expect, phone, test } from './fixtures';

/**
 * Issue 51, at 390 px in the five languages: words a phone cut. The dashboard's search field
 * shows its whole hint ("Stadt, Gegend oder Adresse"), and a listing's type tile breaks its
 * name between words, never inside one ("Self-contai|ned").
 */
const languages = ['en', 'fr', 'de', 'es', 'zh'];

/** How wide `text` is in the element's own font, padding included. */
const textWidth = (locator: Locator, text: string) =>
  locator.evaluate((element, content) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return context.measureText(content).width;
  }, text);

test('the dashboard’s search hint and a listing’s type fit a phone in every language', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The demo's self-contained and chamber-and-hall listings: the two longest type names.
  const lookup = await (await browser.newContext({ baseURL })).request;
  const listings: string[] = [];
  for (const propertyType of ['self_contained', 'chamber_and_hall']) {
    const found = await lookup.get(`/api/properties/search?propertyType=${propertyType}`);
    listings.push((await found.json()).properties[0].id);
  }

  for (const locale of languages) {
    const context = await browser.newContext({ ...phone, locale, baseURL });
    const page = await context.newPage();
    await createAccount(page.request);
    await page.goto('/dashboard');
    const field = page.getByRole('search').last().getByRole('textbox');
    await expect(field).toBeVisible();
    const hint = (await field.getAttribute('placeholder'))!;
    const room = await field.evaluate(
      (input) =>
        input.clientWidth -
        parseFloat(getComputedStyle(input).paddingLeft) -
        parseFloat(getComputedStyle(input).paddingRight),
    );
    expect(await textWidth(field, hint), `${locale}: “${hint}” in ${room} px`).toBeLessThanOrEqual(
      room,
    );

    for (const id of listings) {
      await page.goto(`/property/${id}`);
      const type = page.locator('dl dd').nth(2);
      await expect(type).toBeVisible();
      const name = await type.innerText();
      const width = await type.evaluate((element) => element.clientWidth);
      for (const word of name
        .replace(/\n/g, ' ')
        .split(/[\s-]+/)
        .filter(Boolean)) {
        expect(
          await textWidth(type, word),
          `${locale}: “${word}” of “${name}”`,
        ).toBeLessThanOrEqual(width);
      }
    }
    await context.close();
  }
});
