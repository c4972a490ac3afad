import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import ForgotPasswordPage from './forgot-password-page';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

// Issue 34: a phone-only account resets its password with a code texted to its number.
const codeSent = 'If an account has that number, we sent it a code to reset its password.';

type Fetch = ReturnType<typeof mockApi>['fetch'];
const sentTo = (fetch: Fetch, path: string) =>
  fetch.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);

function show(handlers: Parameters<typeof mockApi>[0] = {}, phone = true) {
  const api = mockApi({
    'GET /api/auth/sign-up-methods': () => json({ email: true, phone }),
    'POST /api/auth/forgot-password': () => json({ message: codeSent }),
    ...handlers,
  });
  renderRoute(<ForgotPasswordPage />, { path: '/forgot-password', url: '/forgot-password' });
  return api;
}

/** Opens the Phone tab, sends the number and waits for the code step. */
async function askForCode(number = ' 024 123 4567 ') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Phone' }));
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), number);
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
  return user;
}

async function enterCode(user: ReturnType<typeof userEvent.setup>, code: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: 'Code from the text message' }), code);
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('forgot password page, Phone tab', () => {
  it('has Email and Phone tabs like sign-up, Email first', async () => {
    show();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Email', 'Phone']);
    expect(screen.getByRole('tablist', { name: 'Reset with' })).toBeTruthy();
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('texts a code, then sets the new password with it and leads to sign in', async () => {
    const { fetch } = show({
      'POST /api/auth/reset-password': () => json({ message: 'Password reset' }),
    });
    const user = await askForCode();
    expect(sentTo(fetch, '/api/auth/forgot-password')).toEqual([{ phone: '024 123 4567' }]);
    // The same words whether or not the number has an account.
    expect(screen.getByRole('status').textContent).toBe(codeSent);

    await enterCode(user, '123456', 'quiet harbour lantern');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been reset. Sign in with the new one.',
    );
    expect(sentTo(fetch, '/api/auth/reset-password')).toEqual([
      {
        phone: '024 123 4567',
        code: '123456',
        password: 'quiet harbour lantern',
        confirmPassword: 'quiet harbour lantern',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('checks the number before sending', async () => {
    const user = userEvent.setup();
    const { fetch } = show();
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(
      await screen.findByText('Enter a valid phone number, for example +233 24 123 4567'),
    ).toBeTruthy();
    expect(sentTo(fetch, '/api/auth/forgot-password')).toEqual([]);
  });

  it('shows the server’s refusal of a number beside the box', async () => {
    const user = userEvent.setup();
    show({
      'POST /api/auth/forgot-password': () =>
        refusal('phone_invalid', { fields: { phone: 'phoneInvalid' } }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    const box = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(box, '+233 11 111 1111');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('Enter a valid phone number, for example +233 24 123 4567'),
    ).toBeTruthy();
  });

  it('says why on the Phone tab when the server cannot send text messages', async () => {
    const user = userEvent.setup();
    show({}, false);
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    const box = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(true));
    const notice = screen.getByText(/Text messages cannot be sent yet/);
    expect(box.getAttribute('aria-describedby')).toContain(notice.id);
  });

  it('checks the code and the passwords before sending', async () => {
    const { fetch } = show();
    const user = await askForCode();
    await user.type(screen.getByRole('textbox', { name: 'Code from the text message' }), '12a3');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Please enter a valid 6-digit code')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(sentTo(fetch, '/api/auth/reset-password')).toEqual([]);
  });

  it.each([
    ['code_invalid', 'Invalid verification code'],
    ['code_expired', 'This code has expired. Request a new one.'],
    ['code_attempts_exceeded', 'Too many wrong codes. Request a new code.'],
  ] as const)('shows %s beside the code box, in the reader’s words', async (code, text) => {
    show({ 'POST /api/auth/reset-password': () => refusal(code) });
    const user = await askForCode();
    await enterCode(user, '654321', 'quiet harbour lantern');
    const box = screen.getByRole('textbox', { name: 'Code from the text message' });
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull();
  });

  it('goes back for a new code with the number kept', async () => {
    const { fetch } = show();
    const user = await askForCode('0241234567');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    const box = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    expect(box.value).toBe('0241234567');
    expect(screen.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(sentTo(fetch, '/api/auth/forgot-password')).toHaveLength(2);
  });
});
