import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser } from '../../testing/admin';
import { i18nReady, json, refusal, mockApi, renderRoute } from '../../testing/render';
import AdminPanelPage from './admin-panel-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

function showSettings(extra: Handlers = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/properties': () => json({ properties: [], total: 0 }),
    // The exchange rate card (exchange-rate/exchange-rate-card.test.tsx).
    'GET /api/exchange-rate': () => json({ ghsPerUsd: 15, setAt: '2026-11-02T12:00:00.000Z' }),
    ...extra,
  });
  renderRoute(<AdminPanelPage />, { path: '/admin', url: '/admin?tab=settings' });
  return api;
}

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await user.type(await screen.findByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('admin panel, Settings tab', () => {
  it('shows who is signed in, with the administrator role', async () => {
    showSettings();
    const info = (await screen.findByRole('heading', { level: 2, name: 'Account Information' }))
      .parentElement!;
    expect(within(info).getByText('Ama Mensah')).toBeTruthy();
    expect(within(info).getByText('admin@example.com')).toBeTruthy();
    expect(within(info).getByText('Administrator')).toBeTruthy();
  });

  it('holds the exchange rate card, with the rate in use', async () => {
    showSettings();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Exchange rate' }))
      .parentElement!;
    expect(await within(card).findByText('$1 = GH₵ 15.00, set Nov 2, 2026')).toBeTruthy();
    expect(within(card).getByLabelText('Cedis per US dollar')).toBeTruthy();
  });

  it('checks the new password: at least 8 characters, both the same', async () => {
    const { calls } = showSettings();
    await screen.findByLabelText('Current password');
    await fill('', 'short', 'short');
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill('old secret', 'long enough one', 'long enough two');
    expect(await screen.findByText('New passwords do not match')).toBeTruthy();
    expect(calls('POST', '/api/admin/change-password')).toHaveLength(0);
  });

  it('changes the password, sending the current and the new one', async () => {
    const { fetch } = showSettings({
      'POST /api/admin/change-password': () => json({ message: 'Password changed successfully' }),
    });
    await fill('old secret', 'a new long secret', 'a new long secret');
    expect(await toastWith('Password changed successfully')).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([input]) => input === '/api/admin/change-password')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      currentPassword: 'old secret',
      newPassword: 'a new long secret',
    });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('says so when the server refuses, showing why on the field', async () => {
    showSettings({
      'POST /api/admin/change-password': () =>
        refusal('current_password_wrong', { fields: { currentPassword: 'currentPasswordWrong' } }),
    });
    await fill('wrong one', 'a new long secret', 'a new long secret');
    expect(await toastWith('Failed to change password')).toBeTruthy();
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
  });
});
