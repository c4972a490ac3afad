import type { APIRequestContext } from '@playwright/test';
import {
  approveAsAdmin,
  checkPage,
  codeSentTo,
  createAccount,
  expect,
  listThroughApi,
  phone,
  test,
  uniqueAccount,
  verifyEmail,
} from './fixtures';

/** A renter who signed up with a phone number and verified it: the one kind who may review. */
async function phoneRenter(request: APIRequestContext, firstName: string): Promise<string> {
  const local = `24${String(Date.now()).slice(-7)}`;
  const e164 = `+233${local}`;
  const signUp = await request.post('/api/auth/register', {
    data: {
      registrationMethod: 'phone',
      phone: `0${local}`,
      password: 'blue kettle morning',
      firstName,
      lastName: 'Mensah',
      userType: 'renter',
    },
    headers: { 'X-Forwarded-For': `10.${process.pid % 250}.252.${Date.now() % 250}` },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const verified = await request.post('/api/auth/verify-phone-code', {
    data: { code: await codeSentTo(request, e164) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return e164;
}

/**
 * Issue 40, reviews, on phones: a renter books a viewing and the owner confirms it; the test's
 * clock passes the viewing time; the invitation reaches the renter (by SMS: they signed up
 * with their phone) in the dev mailbox; they rate 4, "mostly as described"; the listing's page
 * and the lister's page show it with the day of the viewing; the owner answers from the
 * dashboard; a renter without a viewing is refused.
 */
test('a renter who came to a viewing reviews it, the lister answers, nobody else can', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext({ baseURL, ...phone });
  const owner = await createAccount(
    ownerContext.request,
    uniqueAccount({ firstName: 'Kofi', lastName: 'Boateng' }),
    'owner',
  );
  await verifyEmail(ownerContext.request, owner.email);
  const title = `Self-contained to review ${Date.now()}`;
  const propertyId = await listThroughApi(ownerContext.request, title, 'Accra');
  await approveAsAdmin(baseURL!, propertyId);
  const hours = await ownerContext.request.put(`/api/properties/${propertyId}/viewing-hours`, {
    data: {
      slotMinutes: 30,
      windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
      blockedDates: [],
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);

  // The renter books the first free time from the listing's page; the owner confirms it.
  const renterContext = await browser.newContext({ baseURL, ...phone });
  const renterPhone = await phoneRenter(renterContext.request, 'Ama');
  const renterPage = await renterContext.newPage();
  await renterPage.goto(`/property/${propertyId}/book-viewing`);
  await renterPage.getByRole('group').first().getByRole('radio').first().check({ force: true });
  await renterPage.getByRole('button', { name: 'Request this time' }).click();
  await expect(renterPage).toHaveURL(/\/viewings\/[0-9a-f-]{36}$/);
  const viewingId = renterPage.url().split('/').pop()!;
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/viewings/${viewingId}`);
  await ownerPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(ownerPage.getByText('Confirmed', { exact: true })).toBeVisible();

  // Before its time the review page says so.
  await renterPage.goto(`/viewings/${viewingId}/review`);
  await expect(renterPage.getByText(/once the viewing has taken place/)).toBeVisible();

  // The test's clock passes the viewing time: the viewing moves to yesterday, and the
  // invitation scan runs at 09:00 today, the morning after.
  const { startsAt } = (await (
    await renterContext.request.get(`/api/viewings/${viewingId}`)
  ).json()) as { startsAt: string };
  const hoursAhead = Math.ceil((Date.parse(startsAt) - Date.now()) / 3_600_000);
  const moved = await renterContext.request.post(`/api/dev/viewings/${viewingId}/earlier`, {
    data: { hours: hoursAhead + 24 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const morning = new Date();
  morning.setUTCHours(23, 59, 0, 0);
  const scan = await renterContext.request.post('/api/dev/review-invitations', {
    data: { at: morning.toISOString() },
  });
  expect(scan.status(), await scan.text()).toBe(200);
  expect(((await scan.json()) as { invited: number }).invited).toBeGreaterThan(0);

  // The invitation, an SMS with a short link, in the dev mailbox.
  let link = '';
  await expect
    .poll(async () => {
      const response = await renterContext.request.get('/api/dev/outbox?limit=200');
      const { messages } = (await response.json()) as {
        messages: { recipient: string; textBody: string }[];
      };
      const invitation = messages.find(
        (m) => m.recipient === renterPhone && m.textBody.includes('how was your viewing'),
      );
      // The short link, without its scheme on a public address (SMS length).
      link = /(\S+\/l\/\S+)$/.exec(invitation?.textBody ?? '')?.[1] ?? '';
      return link;
    })
    .toBeTruthy();
  await renterPage.goto('/dev/mailbox');
  await expect(renterPage.getByText(/how was your viewing/).first()).toBeVisible();
  await renterPage.goto(link.startsWith('http') ? link : `http://${link}`);
  await expect(renterPage).toHaveURL(new RegExp(`/viewings/${viewingId}/review$`));

  // Four stars, mostly as described, nobody asked for money.
  // The choices are radios inside their labels (the stars are pictures of them).
  await renterPage.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await renterPage.getByRole('radio', { name: 'Mostly', exact: true }).check({ force: true });
  await renterPage.getByRole('radio', { name: 'No, nobody asked' }).check({ force: true });
  await renterPage
    .getByRole('textbox', { name: /In your own words/ })
    .fill('Bright rooms; the kitchen is smaller than in the photos.');
  await checkPage(renterPage, 'review-form');
  await renterPage.getByRole('button', { name: 'Send my review' }).click();
  await expect(renterPage.getByText('Your review:')).toBeVisible();

  // The listing's page and the lister's page show it, with the day of the viewing.
  const visitor = await browser.newContext({ baseURL, ...phone });
  const listingPage = await visitor.newPage();
  await listingPage.goto(`/property/${propertyId}`);
  await expect(listingPage.getByText('4.0 from 1 viewing')).toBeVisible();
  await expect(listingPage.getByText(/Viewed on/)).toBeVisible();
  await expect(listingPage.getByText('Mostly as described')).toBeVisible();
  await listingPage.getByRole('link', { name: /the lister’s page/ }).click();
  await expect(listingPage).toHaveURL(/\/listers\/kofi-[0-9a-f]{8}$/);
  await expect(listingPage.getByRole('heading', { level: 1, name: 'Kofi B.' })).toBeVisible();
  await expect(listingPage.getByText(/kitchen is smaller/)).toBeVisible();
  await expect(listingPage.getByText(/Viewed on/)).toBeVisible();
  await checkPage(listingPage, 'lister-page');

  // The owner answers from the dashboard's Reviews.
  await ownerPage.goto('/dashboard');
  await ownerPage.getByRole('tab', { name: 'Reviews' }).click();
  await ownerPage.getByRole('button', { name: 'Answer' }).click();
  await ownerPage.getByRole('textbox', { name: 'Your answer' }).fill('Thank you for coming, Ama!');
  await ownerPage.getByRole('button', { name: 'Send answer' }).click();
  await expect(ownerPage.getByText('Thank you for coming, Ama!')).toBeVisible();
  await listingPage.goto(`/property/${propertyId}`);
  await expect(listingPage.getByText('Thank you for coming, Ama!')).toBeVisible();

  // A second renter, who had no viewing, is refused.
  const otherContext = await browser.newContext({ baseURL, ...phone });
  await phoneRenter(otherContext.request, 'Yaw');
  const refused = await otherContext.request.post(`/api/viewings/${viewingId}/review`, {
    data: { rating: 1, asDescribed: 'no', askedForMoney: false },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('review_not_allowed');

  await Promise.all([
    ownerContext.close(),
    renterContext.close(),
    visitor.close(),
    otherContext.close(),
  ]);
});
