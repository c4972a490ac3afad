import {
  approveAsAdmin,
  createAccount,
  expect,
  listThroughApi,
  photoFile,
  signInAsAdmin,
  test,
  uniqueAccount,
  type Account,
} from './fixtures';

test('an agent sends a licence, an administrator approves it, and the badge shows on search and the listing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Compound flat ${Date.now()} in Kumasi`;

  // An agent with a live listing, signed in in a browser of their own.
  const agentContext = await browser.newContext({ baseURL });
  const agent = {
    ...uniqueAccount({ firstName: 'Kojo', lastName: 'Mensah' }),
    businessName: 'Kojo Homes',
  };
  await createAccount(agentContext.request, agent as Account, 'agent');
  const propertyId = await listThroughApi(agentContext.request, title, 'Kumasi');
  await approveAsAdmin(baseURL!, propertyId);
  await page.goto(`/search?location=${encodeURIComponent(title)}`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Licensed agent')).toHaveCount(0);

  // The agent sends the licence from Account Settings.
  const agentPage = await agentContext.newPage();
  await agentPage.goto('/account-settings');
  const verification = agentPage.getByRole('region', { name: 'Verified lister' });
  await verification.getByRole('radio', { name: 'Agent licence' }).check();
  await verification.getByLabel('Licence number').fill('REA/2026/0042');
  const licence = await photoFile('licence.png', 'png', '#1d4ed8');
  await verification.getByLabel('Photo of the document').setInputFiles(licence);
  await verification.getByRole('button', { name: 'Send for review' }).click();
  await expect(agentPage.getByText('Sent for review', { exact: true })).toBeVisible();
  await expect(verification.getByText(/Waiting for review since/)).toBeVisible();
  await agentContext.close();

  // An administrator approves it in the Verifications tab, with the photo in view.
  const adminContext = await browser.newContext({ baseURL });
  await signInAsAdmin(adminContext.request);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Verifications' }).click();
  const request = adminPage.getByRole('article', { name: 'Agent licence · Kojo Mensah' }).filter({
    hasText: 'REA/2026/0042',
  });
  await expect(request).toBeVisible();
  await expect(
    request.getByRole('img', { name: 'Document photo sent by Kojo Mensah' }),
  ).toBeVisible();
  await request.getByRole('button', { name: 'Approve Kojo Mensah' }).click();
  await expect(
    adminPage.getByRole('region', { name: /Notifications/ }).getByText('Kojo Mensah is verified'),
  ).toBeVisible();
  await adminContext.close();

  // Renters see the badge on the search card and on the listing's page, with what it means.
  await page.reload();
  await expect(card.getByText('Licensed agent')).toBeVisible();
  await page.goto(`/property/${propertyId}`);
  const lister = page.getByRole('region', { name: 'About the lister' });
  await expect(lister.getByText('Licensed agent', { exact: true })).toBeVisible();
  await expect(lister.getByText('Our team checked the agent’s licence.')).toBeVisible();
});
