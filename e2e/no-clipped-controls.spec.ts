import { expect, test } from './fixtures';

/**
 * On a 390 px phone, in every language, no button or select is cut short (issue 15: German
 * clipped the search's category select to "Alle Katego…"). Each visible control is measured
 * in the real browser: a button's content must fit its box, a select's chosen option must fit
 * between its paddings (the arrow sits in the right one), and none may run off the screen.
 */
const languages = ['en', 'es', 'fr', 'de', 'zh'] as const;

test.use({ viewport: { width: 390, height: 844 } });

test('no button or select is clipped at 390 px in any of the five languages', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const featured = (await (await request.get('/api/properties/featured')).json()) as {
    id: string;
  }[];
  const pages = ['/', '/search', `/property/${featured[0]!.id}`];
  const problems: string[] = [];

  for (const language of languages) {
    await page.addInitScript(
      (lang) => window.localStorage.setItem('abode.language', lang),
      language,
    );
    for (const url of pages) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.waitForLoadState('networkidle');
      // The search filters are part of the page: open them when there are some.
      const filters = page.locator('button[aria-controls][aria-expanded="false"]').first();
      if (url === '/search' && (await filters.count()) > 0) await filters.click();
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const context = document.createElement('canvas').getContext('2d')!;
        const shown = (element: Element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        };
        const controls = document.querySelectorAll<HTMLElement>(
          'button, select, a.inline-flex, [role="combobox"]',
        );
        for (const control of controls) {
          if (!shown(control) || control.closest('[aria-hidden="true"]')) continue;
          const style = getComputedStyle(control);
          const label = (control.innerText || control.getAttribute('aria-label') || '')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 50);
          if (control instanceof HTMLSelectElement) {
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = control.options[control.selectedIndex]?.text ?? '';
            const room =
              control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const needed = context.measureText(text).width;
            if (needed > room + 0.5) {
              out.push(`select "${text}" needs ${needed.toFixed(0)} px, has ${room.toFixed(0)}`);
            }
          } else if (control.scrollWidth > control.clientWidth + 1) {
            out.push(`"${label}" is ${control.scrollWidth} px wide in ${control.clientWidth}`);
          }
          const box = control.getBoundingClientRect();
          if (box.right > window.innerWidth + 0.5 || box.left < -0.5) {
            out.push(
              `"${label}" runs off the screen (${box.left.toFixed(0)}–${box.right.toFixed(0)})`,
            );
          }
        }
        return out;
      });
      problems.push(...found.map((problem) => `${language} ${url}: ${problem}`));
    }
  }
  expect(problems).toEqual([]);
});
