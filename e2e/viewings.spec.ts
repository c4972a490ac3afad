import type { APIRequestContext } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  createAccount,
  expect,
  listThroughApi,
  phone,
  test,
  uniqueAccount,
  verifyEmail,
} from './fixtures';

type OutboxMessage = {
  recipient: string;
  subject: string | null;
  textBody: string;
  attachments: { filename: string; content: string }[];
};

/** The dev outbox's messages to `recipient` whose subject starts with `subject`. */
async function mailTo(request: APIRequestContext, recipient: string, subject: string) {
  const response = await request.get('/api/dev/outbox?limit=200');
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((m) => m.recipient === recipient && m.subject?.startsWith(subject));
}

/**
 * Issue 38, viewings, on phones: an owner sets Saturday hours on the edit page; a verified
 * renter books 10:30 from the listing's page; the owner confirms from the dashboard (before the
 * request's notice, held 10 minutes, leaves: it never does); both get
 * the confirmation by e-mail, the renter's with the calendar file, in the dev mailbox; the
 * conversation shows each step; a second renter is no longer offered 10:30; and the evening
 * reminder goes out when the reminder scan's clock reaches 18:00 the day before, not earlier.
 */
test('a renter books a free viewing, the owner confirms it, both are told and reminded', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ baseURL, ...phone });
  const owner = await createAccount(
    ownerContext.request,
    uniqueAccount({ firstName: 'Kofi' }),
    'owner',
  );
  await verifyEmail(ownerContext.request, owner.email);
  const title = `Chamber and hall to view ${Date.now()}`;
  const propertyId = await listThroughApi(ownerContext.request, title, 'Accra');
  await approveAsAdmin(baseURL!, propertyId);

  // The owner publishes Saturday hours, 10:00 to 14:00, on the listing's edit page.
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/property/${propertyId}/edit`);
  await ownerPage.getByRole('button', { name: 'Add hours' }).click();
  await expect(ownerPage.getByRole('combobox', { name: 'Day' })).toHaveValue('6');
  await ownerPage.getByRole('button', { name: 'Save viewing hours' }).click();
  await expect(ownerPage.getByText('Viewing hours saved', { exact: true })).toBeVisible();

  // A verified renter books the first Saturday's 10:30, from the listing's page.
  const renterContext = await browser.newContext({ baseURL, ...phone });
  const renter = await createAccount(renterContext.request, uniqueAccount({ firstName: 'Esi' }));
  await verifyEmail(renterContext.request, renter.email);
  const renterPage = await renterContext.newPage();
  await renterPage.goto(`/property/${propertyId}`);
  await expect(renterPage.getByText(/Viewings booked on Abode are free/)).toBeVisible();
  await renterPage.getByRole('link', { name: 'Book a viewing' }).click();
  await expect(renterPage).toHaveURL(new RegExp(`/property/${propertyId}/book-viewing$`));
  await expect(renterPage.getByText(/Viewings booked on Abode are free/)).toBeVisible();
  const saturday = renterPage.getByRole('group', { name: /^Saturday/ }).first();
  await saturday.getByText('10:30 AM', { exact: true }).click();
  await renterPage.getByRole('textbox', { name: /A note for the lister/ }).fill('Two of us');
  await checkPage(renterPage, 'book-viewing');
  await renterPage.getByRole('button', { name: 'Request this time' }).click();
  await expect(renterPage).toHaveURL(/\/viewings\/[0-9a-f-]{36}$/);
  const viewingId = renterPage.url().split('/').pop()!;
  await expect(renterPage.getByText('Waiting for an answer')).toBeVisible();
  const viewing = (await (
    await renterContext.request.get(`/api/viewings/${viewingId}`)
  ).json()) as {
    startsAt: string;
    conversationId: string;
  };
  expect(viewing.startsAt).toMatch(/T10:30:00\+00:00$/);

  // The owner's header says a request waits (issue 51), and the dashboard shows it first: on
  // a 390 px phone, within the first screen and before the owner's listings.
  await ownerPage.goto('/dashboard');
  await expect(
    ownerPage.getByRole('button', { name: /^Open menu, 1 viewing request to answer$/ }),
  ).toBeVisible();
  const requests = ownerPage.getByRole('region', { name: '1 viewing request to answer' });
  const request = requests.getByRole('listitem').filter({ hasText: title });
  await expect(request.getByRole('button', { name: 'Confirm' })).toBeVisible();
  const box = (await request.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(phone.viewport.height);
  const listings = ownerPage.getByRole('heading', { level: 2, name: 'My Properties' });
  expect(box.y).toBeLessThan((await listings.boundingBox())!.y);
  await checkPage(ownerPage, 'dashboard-to-answer');

  // The request's own page says who asks; the owner confirms in place, from the dashboard.
  await request.getByRole('link', { name: new RegExp(title) }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/viewings/${viewingId}$`));
  await expect(ownerPage.getByText('Esi has not had a viewing on Abode before.')).toBeVisible();
  await checkPage(ownerPage, 'viewing-request');
  await ownerPage.goBack();
  await request.getByRole('button', { name: 'Confirm' }).click();
  await expect(ownerPage.getByText('Viewing confirmed', { exact: true })).toBeVisible();
  await expect(ownerPage.getByRole('region', { name: 'Upcoming' })).toContainText(title);
  await expect(ownerPage.getByRole('button', { name: /^Open menu$/ })).toBeVisible();
  await ownerPage.goto(`/viewings/${viewingId}`);
  await expect(ownerPage.getByText('Confirmed', { exact: true })).toBeVisible();

  // Both are told by e-mail; each confirmation carries the calendar file. The request's own
  // notice was held 10 minutes (issue 50) and is withdrawn: the owner answered before it left.
  for (const email of [renter.email, owner.email]) {
    await expect
      .poll(async () => (await mailTo(ownerContext.request, email, 'Viewing confirmed')).length)
      .toBe(1);
    const [confirmed] = await mailTo(ownerContext.request, email, 'Viewing confirmed');
    expect(confirmed!.attachments.map((file) => file.filename)).toEqual(['viewing.ics']);
    expect(confirmed!.attachments[0]!.content).toContain(`UID:viewing-${viewingId}@abode`);
  }
  expect(await mailTo(ownerContext.request, owner.email, 'Viewing request')).toEqual([]);
  await renterPage.goto('/dev/mailbox');
  await expect(renterPage.getByRole('link', { name: 'viewing.ics' }).first()).toBeVisible();

  // The conversation shows each step.
  await renterPage.goto(`/messages/${viewing.conversationId}`);
  const thread = renterPage.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(/^Viewing requested for Sat, .* 10:30 AM GMT$/)).toBeVisible();
  await expect(thread.getByText(/^Viewing confirmed for Sat, .* 10:30 AM GMT$/)).toBeVisible();
  await expect(thread.getByText('Two of us')).toBeVisible();
  await checkPage(renterPage, 'conversation-viewing');

  // A second renter is no longer offered that time.
  const otherContext = await browser.newContext({ baseURL, ...phone });
  await createAccount(otherContext.request, uniqueAccount({ firstName: 'Yaw' }));
  const slots = (await (
    await otherContext.request.get(`/api/properties/${propertyId}/viewing-slots`)
  ).json()) as { slots: { startsAt: string }[] };
  expect(slots.slots.length).toBeGreaterThan(0);
  expect(slots.slots.map((slot) => slot.startsAt)).not.toContain(viewing.startsAt);
  const otherPage = await otherContext.newPage();
  await otherPage.goto(`/property/${propertyId}/book-viewing`);
  await expect(otherPage.getByRole('group', { name: /^Saturday/ }).first()).toBeVisible();
  await expect(
    otherPage
      .getByRole('group', { name: /^Saturday/ })
      .first()
      .getByText('10:30 AM', { exact: true }),
  ).toHaveCount(0);

  // The evening before, at 18:00 in Accra (UTC all year): not a minute earlier.
  const day = new Date(viewing.startsAt);
  day.setUTCDate(day.getUTCDate() - 1);
  const evening = `${day.toISOString().slice(0, 10)}T18:00:00Z`;
  const scanAt = (at: string) =>
    ownerContext.request.post('/api/dev/viewing-reminders', { data: { at } });
  expect((await scanAt(evening.replace('18:00:00', '17:59:00'))).status()).toBe(200);
  expect(await mailTo(ownerContext.request, renter.email, 'Reminder: viewing')).toHaveLength(0);
  expect((await scanAt(evening)).status()).toBe(200);
  await expect
    .poll(
      async () => (await mailTo(ownerContext.request, renter.email, 'Reminder: viewing')).length,
    )
    .toBe(1);
  const [reminder] = await mailTo(ownerContext.request, renter.email, 'Reminder: viewing');
  expect(reminder!.textBody).toContain(`Tomorrow: your viewing of “${title}” with Kofi`);

  await Promise.all([ownerContext.close(), renterContext.close(), otherContext.close()]);
});
