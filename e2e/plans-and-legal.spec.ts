import { checkPage, createAccount, expect, test, uniqueAccount } from './fixtures';

test('a visitor reads the privacy policy and the terms from the footer, and sees the plans', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const privacyHeadings = page.getByRole('heading', { level: 2 });
  await expect(privacyHeadings).toHaveCount(12);
  await expect(privacyHeadings.first()).toHaveText('1. Introduction');
  await expect(privacyHeadings.last()).toHaveText('12. Contact Us');
  await expect(page.getByText('July 26, 2025')).toHaveCount(2);
  await checkPage(page, 'privacy-policy');

  // The contents jump to a section, under the sticky header.
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: '6. Data Retention' })
    .click();
  await expect(page).toHaveURL(/\/privacy-policy#data-retention$/);
  await expect(page.getByRole('heading', { level: 2, name: '6. Data Retention' })).toBeInViewport();

  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  const termsHeadings = page.getByRole('heading', { level: 2 });
  await expect(termsHeadings).toHaveCount(20);
  await expect(termsHeadings.nth(12)).toHaveText('13. Dispute Resolution and Governing Law');
  await expect(termsHeadings.last()).toHaveText('20. Additional Provisions');
  await expect(page.getByText('July 25, 2025')).toHaveCount(2);
  await checkPage(page, 'terms-of-service');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Visitors see the plans; choosing one asks them to sign up first.
  await page.goto('/listing-payment');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Basic',
    'Premium',
    'Featured',
  ]);
  await checkPage(page, 'listing-plans-visitor');
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page).toHaveURL(/\/register\?action=list-property$/);
});

test('the legal pages arrive rendered by the server, naming the operator and Ghana’s laws (issue 51)', async ({
  request,
}) => {
  // What a reader without a script, a crawler or a slow phone gets: the HTML itself.
  const html = async (path: string) => {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    return response.text();
  };
  const privacy = await html('/privacy-policy');
  // The operator of the configuration (here its defaults, the specification's).
  expect(privacy).toContain('Abode is run by Abode LLC, registered in California, United States');
  expect(privacy).toContain('Data Protection Act, 2012 (Act\u00a0843)');
  expect(privacy).toContain('Data Protection Commission');
  const terms = await html('/terms-of-service');
  expect(terms).toContain('between you and Abode LLC, registered in California, United States');
  expect(terms).toContain('binding arbitration in Los Angeles County, California, United States');
  expect(terms).toContain('Rent Act, 1963 (Act\u00a0220), section 25');
});

test('a signed-in owner picks Premium and lands on the listing wizard with the plan', async ({
  page,
}) => {
  await createAccount(page.request, uniqueAccount({ firstName: 'Yaw' }), 'owner');
  // API requests, each with the page it was made from.
  const requests: { url: string; from: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      requests.push({ url: request.url(), from: page.url() });
    }
  });

  await page.goto('/listing-payment');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose Your Listing Plan' }),
  ).toBeVisible();
  const premium = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Premium' }),
  });
  await expect(premium.getByText('Most Popular')).toBeVisible();
  await expect(premium.getByText('$39.99')).toBeVisible();
  await checkPage(page, 'listing-plans');

  const before = requests.length;
  await premium.getByRole('button', { name: 'Choose Premium' }).click();
  await expect(premium.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose Basic' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose Featured' })).toBeDisabled();

  await expect(page).toHaveURL(/\/list-property\?plan=premium$/);
  await expect(page.getByText('Plan activated', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'List Your Property' })).toBeVisible();
  await expect(page.getByText('Plan: Premium', { exact: true })).toBeVisible();
  // No payment is taken: the one request from the plans page records the plan chosen, which
  // sets the photos a listing may carry (issue 15).
  expect(
    requests
      .slice(before)
      .filter((r) => r.from.includes('/listing-payment'))
      .map((r) => new URL(r.url).pathname),
  ).toEqual(['/api/account/plan']);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { plan: string };
  expect(me.plan).toBe('premium');
});
