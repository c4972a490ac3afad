import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import RegisterPage from './register-page';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

// A production server without an SMS provider takes no phone numbers (issue 18): the form says
// so on the Phone tab before anyone types a number, instead of failing after the submit.
describe('sign-up by phone when the server cannot send text messages', () => {
  const show = (phone: boolean) => {
    const api = mockApi({
      'GET /api/auth/user': () => json({ message: 'Not signed in', code: 'unauthenticated' }, 401),
      'GET /api/auth/sign-up-methods': () => json({ email: true, phone }),
    });
    renderRoute(<RegisterPage />, { path: '/register', url: '/register' });
    return api;
  };

  it('says why on the Phone tab and disables the box', async () => {
    const user = userEvent.setup();
    show(false);
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    const box = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(true));
    const notice = screen.getByText(/Text messages cannot be sent yet/);
    expect(box.getAttribute('aria-describedby')).toContain(notice.id);
    // E-mail stays open.
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('leaves the Phone tab as it is when the server can send them', async () => {
    const user = userEvent.setup();
    const { fetch } = show(true);
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/sign-up-methods'))).toBe(true),
    );
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText(/Text messages cannot be sent yet/)).toBeNull();
  });
});
