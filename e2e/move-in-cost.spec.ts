import type { Locator, Page } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  createAccount,
  expect,
  photoFile,
  test,
  uniqueAccount,
  verifyEmail,
} from './fixtures';

/**
 * Issue 20, move-in cost: in Ghana a tenant pays months of rent in advance and often an
 * agent's fee before moving in. An owner lists a place asking 12 months in advance with a 10 %
 * agent fee the tenant pays; a visitor sees what moving in costs and the Rent Act's six-month
 * cap, in English and in French; a search for at most six months in advance leaves it out.
 */
test('an owner asks 12 months in advance and a tenant-paid 10 % agent fee; renters see the move-in total and the Rent Act note in English and French, and a six-month cap in search leaves it out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Advance flat ${Date.now()} in Koforidua`;
  // GH₵2,000 a month: 12 months in advance is GH₵24,000, the agent takes 10 % of it
  // (GH₵2,400), so moving in costs GH₵26,400.
  const rent = '2000';

  // The owner, signed in with a verified e-mail (photo uploads need one), lists the place
  // through the wizard.
  const owner = await createAccount(
    page.request,
    uniqueAccount({ firstName: 'Efua', lastName: 'Mensah' }),
    'owner',
  );
  await verifyEmail(page.request, owner.email);
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { level: 1, name: 'List Your Property' })).toBeVisible();

  // Step 1: basic information.
  await page.getByLabel(/Property title/).fill(title);
  await page.getByLabel(/Description/).fill('Two bedrooms near the lorry station, a tiled yard.');
  await page.getByLabel('Property type').selectOption('apartment');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: location, rent, and the move-in terms.
  await page.getByLabel(/^Country/).selectOption('Ghana');
  const city = page.getByLabel(/^City/);
  await expect(city).toBeEnabled();
  await city.selectOption('Koforidua');
  await expect(page.getByLabel('Currency')).toHaveValue('GH₵');
  await page.getByLabel(/^Price/).fill(rent);
  await page.getByLabel('Bedrooms').fill('2');

  await expect(page.getByRole('heading', { level: 3, name: 'Move-in terms' })).toBeVisible();
  const advance = page.getByLabel('Advance rent (months)');
  await advance.fill('12');
  // Above the Rent Act's six months: a warning, not an error.
  await expect(
    page.getByRole('status').filter({ hasText: "above the Rent Act's limit" }),
  ).toBeVisible();
  await page.getByLabel('Agent fee', { exact: true }).selectOption({ label: 'Percentage' });
  await page.getByLabel('Fee', { exact: true }).fill('10');
  await page.getByLabel('Who pays the fee').selectOption({ label: 'Tenant pays' });
  // The wizard previews what the tenant pays.
  await expect(page.getByText('Move-in cost: GH₵26,400', { exact: true })).toBeVisible();
  await checkPage(page, 'move-in-list-property-step-2');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: a photo, then List Property.
  await page.getByRole('checkbox', { name: /Wi-?Fi/i }).check();
  await page
    .locator('input[type="file"]')
    .setInputFiles([await photoFile('front.jpg', 'jpeg', '#2f6f4f')]);
  await expect(page.getByText('Uploaded')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'List Property', exact: true }).click();
  await expect(page).toHaveURL(/\/images-pending-approval\?propertyId=[0-9a-f-]{36}$/);
  const propertyId = new URL(page.url()).searchParams.get('propertyId')!;

  // An administrator approves it.
  await approveAsAdmin(baseURL!, propertyId);

  // A visitor opens the listing: the move-in cost, part by part, and the Rent Act's cap.
  const visitor = await browser.newContext({ baseURL });
  const renterPage = await visitor.newPage();
  await renterPage.goto(`/property/${propertyId}`);
  await expect(renterPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const card = renterPage.getByRole('region', { name: 'Move-in cost' });
  const row = (label: string | RegExp) => card.locator('dl > div').filter({ hasText: label });
  await expect(row("12 months' rent in advance")).toContainText('GH₵24,000');
  await expect(row('Agent fee (10%, paid by the tenant)')).toContainText('GH₵2,400');
  await expect(row('Deposit')).toContainText('None');
  await expect(row('Total to move in')).toContainText('GH₵26,400');
  const note = card.getByRole('note');
  await expect(note).toContainText(
    "Ghana's Rent Act, 1963 (Act 220) caps rent paid in advance at six months. This listing asks for 12",
  );
  // Beside the rent, the same total.
  await expect(renterPage.getByText('Move in: GH₵26,400', { exact: true })).toBeVisible();
  await checkPage(renterPage, 'move-in-property-en');
  await shootCard(renterPage, card, 'move-in-card-en');

  // In French: the card and the note in French, the amounts in French digits.
  await renterPage.getByRole('button', { name: /Language: English/ }).click();
  await renterPage.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(renterPage.locator('html')).toHaveAttribute('lang', 'fr');
  const carte = renterPage.getByRole('region', { name: 'Coût d’emménagement' });
  const ligne = (label: string | RegExp) => carte.locator('dl > div').filter({ hasText: label });
  // French groups thousands with a narrow no-break space (GH₵26 400); \s matches it.
  await expect(ligne('12 mois de loyer d’avance')).toContainText(/GH₵24\s000/);
  await expect(ligne('Frais d’agence (10\u202f%, payés par le locataire)')).toContainText(
    /GH₵2\s400/,
  );
  await expect(ligne('Caution')).toContainText('Néant');
  await expect(ligne('Total à l’emménagement')).toContainText(/GH₵26\s400/);
  await expect(carte.getByRole('note')).toContainText(
    'La loi ghanéenne sur les loyers (Rent Act, 1963, Act 220) plafonne l’avance de loyer à six mois. Cette annonce en demande 12',
  );
  await expect(renterPage.getByText(/^Emménagement : GH₵26\s400$/)).toBeVisible();
  await checkPage(renterPage, 'move-in-property-fr');
  await shootCard(renterPage, carte, 'move-in-card-fr');
  await visitor.close();

  // Search by its title finds it; at most six months in advance (the Filters panel) does not.
  const search = await browser.newContext({ baseURL });
  const searchPage = await search.newPage();
  await searchPage.goto(`/search?location=${encodeURIComponent(title)}`);
  await expect(searchPage.getByRole('link', { name: title, exact: true })).toBeVisible();
  const filters = searchPage.getByRole('button', { name: 'Filters', exact: true });
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await searchPage.getByLabel('Max months in advance').fill('6');
  await searchPage.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(searchPage).toHaveURL(/[?&]maxAdvanceMonths=6(&|$)/);
  expect(new URL(searchPage.url()).searchParams.get('location')).toBe(title);
  // The answer has come (a count or the empty state), and this listing is not in it. Other
  // journeys' listings may match the words of its title ("flat … in Koforidua"), so the
  // answer need not be empty.
  const answered = searchPage.getByRole('status').filter({ hasText: /propert/ });
  await expect(
    answered.or(searchPage.getByText('No properties found', { exact: true })).first(),
  ).toBeVisible();
  await expect(searchPage.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  // Reloaded from the URL, the filter holds and the panel shows it.
  await searchPage.reload();
  await expect(searchPage.getByRole('button', { name: /Filters.*1 active filter/ })).toBeVisible();
  await expect(
    answered.or(searchPage.getByText('No properties found', { exact: true })).first(),
  ).toBeVisible();
  await expect(searchPage.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  await search.close();
});

/** The card alone at phone width (390 px), attached to the report and kept in the output folder. */
async function shootCard(page: Page, card: Locator, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  // Tall enough that the whole card fits below the sticky header.
  await page.setViewportSize({ width: 390, height: 1200 });
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const path = test.info().outputPath(`${name}-390.png`);
  await card.screenshot({ path });
  await test.info().attach(`${name}-390`, { path, contentType: 'image/png' });
  await page.setViewportSize(original);
}
