import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, refusal, mockApi, renderRoute } from '../../testing/render';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const neutral = 'If an account exists for that address, we sent a link to reset its password.';

type Fetch = ReturnType<typeof mockApi>['fetch'];
/** The bodies the page sent to `path` (the page also asks which methods the server offers). */
const sentTo = (fetch: Fetch, path: string) =>
  fetch.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);

describe('forgot password page', () => {
  const show = (handlers: Parameters<typeof mockApi>[0] = {}) => {
    const api = mockApi({
      'GET /api/auth/sign-up-methods': () => json({ email: true, phone: true }),
      ...handlers,
    });
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password', url: '/forgot-password' });
    return api;
  };

  it('sends the address and shows the same neutral answer whatever it is', async () => {
    const user = userEvent.setup();
    const { fetch } = show({ 'POST /api/auth/forgot-password': () => json({ message: neutral }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Kofi@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('status')).textContent).toBe(neutral);
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(sentTo(fetch, '/api/auth/forgot-password')).toEqual([{ email: 'kofi@example.com' }]);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('checks the address before sending', async () => {
    const user = userEvent.setup();
    const { fetch } = show();
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(sentTo(fetch, '/api/auth/forgot-password')).toEqual([]);
  });

  it("shows the server's reason it knows, else the fallback, and how long to wait", async () => {
    const user = userEvent.setup();
    let answer = () => refusal('message_not_sent');
    show({ 'POST /api/auth/forgot-password': () => answer() });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'kofi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not send the message. Please try again shortly.',
    );

    // Text the app does not know would be English in every language: the page's own instead.
    answer = () => json({ message: 'Mail is not available right now' }, 400);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to send reset email'),
    );

    answer = () => json({ message: 'Internal Server Error' }, 500);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to send reset email'),
    );

    answer = () =>
      new Response('{"message":"Too many requests"}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '120' },
      });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Please try again in 2 minutes.',
      ),
    );
  });
});

describe('reset password page', () => {
  const show = (url: string, handlers: Parameters<typeof mockApi>[0] = {}) => {
    const api = mockApi({
      // The link is checked first; a live one unless the test says otherwise.
      'POST /api/auth/reset-password/check': () => json({ valid: true }),
      ...handlers,
    });
    renderRoute(<ResetPasswordPage />, { path: '/reset-password', url });
    return api;
  };
  /** The calls that try to set the password (the link's check is not one). */
  const resets = (fetch: ReturnType<typeof show>['fetch']) =>
    fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/reset-password'));

  async function choose(password: string, confirm = password) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    return user;
  }

  it('explains a link without a token and leads to a new one', async () => {
    show('/reset-password');
    expect(await screen.findByText(/This reset link is incomplete/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('sets the new password and leads to sign in', async () => {
    const { fetch } = show('/reset-password?token=abc123', {
      'POST /api/auth/reset-password': () => json({ message: 'Password reset' }),
    });
    await choose('quiet harbour lantern');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been reset. Sign in with the new one.',
    );
    expect(JSON.parse(resets(fetch)[0]![1]!.body as string)).toEqual({
      token: 'abc123',
      password: 'quiet harbour lantern',
      confirmPassword: 'quiet harbour lantern',
    });
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('applies the password rules before sending', async () => {
    const { fetch } = show('/reset-password?token=abc123');
    await choose('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(resets(fetch)).toHaveLength(0);
  });

  it("shows the server's verdict on a common password beside the field, in the reader's words", async () => {
    show('/reset-password?token=abc123', {
      'POST /api/auth/reset-password': () =>
        refusal('invalid_input', {
          fields: { password: 'passwordTooCommon' },
          message: 'Invalid input',
        }),
    });
    await choose('password123');
    const field = await screen.findByLabelText('New password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('This password is too common. Choose one that is harder to guess.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says at once that a used or expired link no longer works, and offers a new one', async () => {
    const { fetch } = show('/reset-password?token=used', {
      'POST /api/auth/reset-password/check': () => json({ valid: false }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeTruthy();
    expect(screen.getByText(/already been used or has expired/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ token: 'used' });
  });

  it('shows why an expired link failed and offers a new one', async () => {
    show('/reset-password?token=old', {
      'POST /api/auth/reset-password': () => refusal('reset_link_invalid'),
    });
    await choose('quiet harbour lantern');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link is invalid or has expired',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the show/hide toggle on both fields', async () => {
    show('/reset-password?token=abc123');
    await screen.findByLabelText('New password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
  });
});
