import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { SaveSearchButton } from './save-search-button';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

async function openDialogAs(user: typeof renter) {
  const person = userEvent.setup();
  mockApi({ 'GET /api/auth/user': () => json(user) });
  renderRoute(<SaveSearchButton query={{ location: 'Accra' }} />, {
    path: '/search',
    url: '/search?location=Accra',
  });
  await person.click(await screen.findByRole('button', { name: 'Save this search' }));
  return screen.findByRole('dialog', { name: 'Save this search' });
}

describe('alert channels an account cannot use (issue 34)', () => {
  it('tells a phone-only account to add an e-mail address, not to verify one', async () => {
    const dialog = await openDialogAs({
      ...renter,
      email: null,
      emailVerified: false,
      phone: '+233241234567',
      phoneVerified: true,
    });
    expect(
      within(dialog).getByText('Add an email address to your account to get alerts by email'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Verify your email/)).toBeNull();
  });

  it('tells an e-mail-only account to add a phone number for SMS', async () => {
    const dialog = await openDialogAs({ ...renter, phone: null, phoneVerified: false });
    expect(
      within(dialog).getByText('Add a phone number to your account to get alerts by SMS'),
    ).toBeTruthy();
  });
});
