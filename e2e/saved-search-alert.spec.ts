import type { APIRequestContext, Page } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  codeSentTo,
  createAccount,
  expect,
  listThroughApi,
  test,
  uniqueAccount,
} from './fixtures';

/** The toast region, where the app says what it did. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** An owner's listing in Accra with three bedrooms at GH₵3,000 a month, sent for review. */
const listInAccra = (request: APIRequestContext, title: string) =>
  listThroughApi(request, title, 'Accra', {
    description: 'Three bedrooms near the Airport junction, water and power included.',
    address: 'Airport Residential Area',
    streetAddress: '7 Liberation Road',
    pricePerNight: 3000,
    bedrooms: 3,
    bathrooms: 2,
  });

/**
 * The text message of the dev outbox (GET /api/dev/outbox, what /dev/mailbox shows) sent to
 * `phone` that names `title`, waiting up to a minute for it: the alert is matched and sent by
 * the job queue after the approval.
 */
async function alertSentTo(
  request: APIRequestContext,
  phone: string,
  title: string,
): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox?limit=200');
        expect(response.status()).toBe(200);
        const { messages } = (await response.json()) as {
          messages: { channel: string; recipient: string; textBody: string }[];
        };
        text = messages.find(
          (m) => m.channel === 'sms' && m.recipient === phone && m.textBody.includes(title),
        )?.textBody;
        return text;
      },
      { message: `an SMS alert to ${phone} naming "${title}"`, timeout: 60_000 },
    )
    .toBeTruthy();
  return text!;
}

/**
 * Issue 21, saved searches: a renter who signed up by phone saves "Accra, 2+ bedrooms" with
 * instant SMS alerts; once an administrator approves a matching listing, the text message
 * (in the dev mailbox) links to it, and its Stop link, tapped signed out, opens a page that
 * changes nothing until its button is pressed (issue 34); then the search stays, alerts off.
 */
test('a renter saves "Accra, 2+ bedrooms" with instant SMS alerts; a matching listing approved, the SMS links to it and its Stop link works signed out, by its page’s button', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Airport flat ${stamp}`;
  const savedName = 'Accra · 2+ bedrooms';

  // A renter signs up with a Ghanaian mobile number no other run uses, and verifies it with
  // the code the dev mailbox holds.
  const renter = uniqueAccount({ firstName: 'Esi', lastName: 'Quaye' });
  const local = `55${String(stamp).slice(-7)}`;
  const phone = `+233${local}`;
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('First name').fill(renter.firstName);
  await page.getByLabel('Last name').fill(renter.lastName);
  await page.getByRole('textbox', { name: 'Phone' }).fill(`+233 ${local}`);
  await page.getByLabel('Password', { exact: true }).fill(renter.password);
  await page.getByLabel('Confirm password').fill(renter.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-phone/);
  const code = await codeSentTo(page.request, phone);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(
    page.locator('#main').getByText(/Your phone number (has been|is) verified/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The renter searches Accra, two bedrooms or more, and saves the search: SMS, instant.
  await page.goto('/search?location=Accra&bedrooms=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Properties in Accra' })).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(savedName);
  const sms = dialog.getByRole('radio', { name: 'SMS' });
  await expect(sms).toBeEnabled();
  await sms.click();
  await expect(sms).toBeChecked();
  const instant = dialog.getByRole('radio', { name: 'Instant' });
  await instant.click();
  await expect(instant).toBeChecked();
  await checkPage(page, 'saved-search-dialog');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toasts(page).getByText("Search saved. We'll tell you when a new place matches."),
  ).toBeVisible();
  const saved = await page.request.get('/api/saved-searches');
  expect(saved.status()).toBe(200);
  expect((await saved.json()).savedSearches).toEqual([
    expect.objectContaining({
      name: savedName,
      channel: 'sms',
      frequency: 'instant',
      query: expect.objectContaining({ location: 'Accra', bedrooms: '2' }),
    }),
  ]);

  // An owner lists three bedrooms in Accra for GH₵3,000 a month; an administrator approves it.
  const ownerContext = await browser.newContext({ baseURL });
  await createAccount(
    ownerContext.request,
    uniqueAccount({ firstName: 'Kwame', lastName: 'Adjei' }),
    'owner',
  );
  const propertyId = await listInAccra(ownerContext.request, title);
  await ownerContext.close();
  await approveAsAdmin(baseURL!, propertyId);

  // Within a minute the dev mailbox holds the alert: the listing, its rent, two short links.
  const text = await alertSentTo(page.request, phone, title);
  // Short links of this site (in development they keep "http://"), eight characters each.
  const site = baseURL!.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');
  const shortLink = `${site}/l/[A-Za-z0-9]{8}`;
  const parts = new RegExp(
    `^Abode: new match: (.+), GHS 3,000/month (${shortLink}) Stop: (${shortLink})$`,
  ).exec(text);
  expect(parts, text).not.toBeNull();
  const [, named, listingLink, stopLink] = parts!;
  expect(named).toBe(title);
  expect(stopLink).not.toBe(listingLink);
  // /dev/mailbox shows the same message.
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  await expect(
    mailbox
      .getByRole('listitem')
      .filter({ hasText: `To: ${phone}` })
      .filter({ hasText: title }),
  ).toBeVisible();
  await mailbox.close();

  // The renter's saved search counts the alert (more than one if another journey running at
  // the same time had an Accra listing with 2+ bedrooms approved).
  await page.goto('/account/saved-searches');
  await expect(
    page.getByRole('status').filter({ hasText: '1 of 20 saved searches' }),
  ).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: savedName });
  await expect(item).toContainText(/Last alert: .* [1-9]\d* alerts? sent/);

  // The listing's link, opened on a phone that is not signed in, shows the listing.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(listingLink!);
  await expect(visitorPage).toHaveURL(`${baseURL}/property/${propertyId}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.close();

  // The Stop link, in a fresh signed-out browser, opens a page that asks first: opening it
  // (as a mail scanner or a link preview would) changes nothing.
  const stranger = await browser.newContext({ baseURL });
  const stopPage = await stranger.newPage();
  await stopPage.goto(stopLink!);
  await expect(stopPage).toHaveURL(/\/alerts\/unsubscribe\?token=/);
  await expect(
    stopPage.getByRole('heading', { level: 1, name: 'Stop these alerts?' }),
  ).toBeVisible();
  await expect(stopPage.getByText(`alerts for “${savedName}”`)).toBeVisible();
  await checkPage(stopPage, 'saved-search-alerts-unsubscribe');
  const before = await page.request.get('/api/saved-searches');
  expect((await before.json()).savedSearches).toMatchObject([
    { name: savedName, frequency: 'instant' },
  ]);

  // Its button stops the alerts and says for which search.
  await stopPage.getByRole('button', { name: 'Stop alerts' }).click();
  await expect(stopPage.getByRole('heading', { level: 1, name: 'Alerts stopped' })).toBeVisible();
  await expect(
    stopPage.getByText(`You will no longer get alerts for “${savedName}”.`, { exact: true }),
  ).toBeVisible();
  await expect(stopPage.getByRole('button', { name: 'Undo' })).toBeVisible();
  await checkPage(stopPage, 'saved-search-alerts-stopped');
  await stranger.close();

  // Back as the renter: the saved search is kept, its alerts off.
  await page.goto('/account/saved-searches');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: '1 of 20 saved searches' }),
  ).toBeVisible();
  const kept = page.getByRole('listitem').filter({ hasText: savedName });
  await expect(kept.getByRole('combobox', { name: 'How often' })).toHaveValue('off');
  await checkPage(page, 'saved-searches-alerts-off-after-stop');
  const after = await page.request.get('/api/saved-searches');
  expect((await after.json()).savedSearches).toMatchObject([{ name: savedName, frequency: 'off' }]);
});
