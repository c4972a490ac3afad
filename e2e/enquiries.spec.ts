import type { Page } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  createAccount,
  expect,
  listThroughApi,
  phone,
  readOutbox,
  test,
  uniqueAccount,
  verifyEmail,
} from './fixtures';

/** The messages of the open conversation (the list beside it repeats the last one). */
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

/**
 * Issue 37, enquiries: a verified renter on a phone messages a lister from the listing's page;
 * the lister, on a phone too, sees the unread badge appear without reloading, opens the
 * conversation and answers; the renter sees the answer without reloading. A message asking for
 * a viewing fee shows the renter a warning, never its sender; a third account is told the
 * conversation does not exist.
 */
test('a renter and a lister talk inside Abode, live, and a viewing fee is flagged', async ({
  browser,
  baseURL,
}) => {
  const ownerContext = await browser.newContext({ baseURL, ...phone });
  const owner = await createAccount(
    ownerContext.request,
    uniqueAccount({ firstName: 'Kofi' }),
    'owner',
  );
  // Reminders of unread messages go to verified addresses only.
  await verifyEmail(ownerContext.request, owner.email);
  const title = `Chamber and hall ${Date.now()}`;
  const propertyId = await listThroughApi(ownerContext.request, title, 'Tema');
  await approveAsAdmin(baseURL!, propertyId);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/dashboard');
  const ownerInbox = ownerPage.getByRole('link', { name: /^Messages/ }).first();
  await expect(ownerInbox).toHaveAccessibleName('Messages');

  const renterContext = await browser.newContext({ baseURL, ...phone });
  const renter = await createAccount(renterContext.request, uniqueAccount({ firstName: 'Esi' }));
  await verifyEmail(renterContext.request, renter.email);
  const renterPage = await renterContext.newPage();
  await renterPage.goto(`/property/${propertyId}`);
  await renterPage.getByRole('link', { name: 'Message the lister' }).click();
  await expect(renterPage).toHaveURL(new RegExp(`/contact-landlord/${propertyId}$`));
  await renterPage.getByRole('button', { name: /Is it still available/ }).click();
  await checkPage(renterPage, 'enquiry-form');
  await renterPage.getByRole('button', { name: 'Send message' }).click();
  await expect(renterPage).toHaveURL(/\/messages\/[0-9a-f-]+$/);
  const conversationUrl = new URL(renterPage.url()).pathname;
  await expect(
    thread(renterPage).getByText('Is it still available? From when can I move in?'),
  ).toBeVisible();

  // The lister's header counts it, without a reload.
  await expect(ownerInbox).toHaveAccessibleName('Messages, 1 unread', { timeout: 10_000 });
  // Left unread, it is told by e-mail, with a link straight to the conversation (the e2e server
  // waits 2 s instead of 5 minutes: MESSAGE_REMINDER_SECONDS).
  const reminderLink = await readOutbox(
    ownerContext.request,
    owner.email,
    /(\/messages\/[0-9a-f-]{36})/,
  );
  expect(reminderLink).toBe(conversationUrl);
  await ownerInbox.click();
  await expect(ownerPage).toHaveURL(/\/messages$/);
  await checkPage(ownerPage, 'inbox');
  await ownerPage.getByRole('link', { name: /Esi/ }).click();
  await expect(
    thread(ownerPage).getByText('Is it still available? From when can I move in?'),
  ).toBeVisible();
  await expect(ownerInbox).toHaveAccessibleName('Messages');
  const answer = ownerPage.getByRole('textbox', { name: 'Your answer to Esi' });
  await answer.fill('Yes, from 1 December. Come on Saturday at 10.');
  await ownerPage.getByRole('button', { name: 'Send' }).click();
  await expect(answer).toHaveValue('');

  // The renter sees it without a reload, read as it arrives: no unread count on that page.
  await expect(
    thread(renterPage).getByText('Yes, from 1 December. Come on Saturday at 10.'),
  ).toBeVisible({ timeout: 10_000 });
  await expect(renterPage.getByRole('link', { name: /^Messages/ }).first()).toHaveAccessibleName(
    'Messages',
  );

  // A request for money before a viewing: a warning for the renter, none for its sender.
  await answer.fill('Send the viewing fee to 024 123 4567 first, then we talk.');
  await ownerPage.getByRole('button', { name: 'Send' }).click();
  const warning = thread(renterPage).getByRole('note').filter({ hasText: 'Never pay before' });
  await expect(warning).toBeVisible({ timeout: 10_000 });
  await checkPage(renterPage, 'conversation-warned');
  await expect(
    thread(ownerPage).getByText('Send the viewing fee to 024 123 4567 first'),
  ).toBeVisible();
  await expect(thread(ownerPage).getByRole('note')).toHaveCount(0);

  // Anyone else is told it does not exist.
  const strangerContext = await browser.newContext({ baseURL, ...phone });
  await createAccount(strangerContext.request);
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(conversationUrl);
  await expect(
    strangerPage.getByText('This conversation does not exist or is not yours.'),
  ).toBeVisible();
  expect(
    (
      await strangerContext.request.get(
        `/api/conversations${conversationUrl.slice('/messages'.length)}`,
      )
    ).status(),
  ).toBe(404);

  await Promise.all([ownerContext.close(), renterContext.close(), strangerContext.close()]);
});
