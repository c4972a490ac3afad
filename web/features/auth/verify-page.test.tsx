import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import i18next from '../../lib/i18n';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import { currentUserKey } from './api';
import { markCodeSent } from './code-sent';
import VerifyPage from './verify-page';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18next.changeLanguage('en');
});

const unverified: User = {
  ...renter,
  email: 'kofi@example.com',
  phone: '+233241234567',
  emailVerified: false,
  phoneVerified: false,
  isVerified: false,
};

type Handlers = Parameters<typeof mockApi>[0];

function show(
  method: 'email' | 'phone',
  {
    url,
    user = unverified,
    handlers = {},
  }: { url?: string; user?: User | null; handlers?: Handlers } = {},
) {
  const api = mockApi({
    'GET /api/auth/user': () => (user ? json(user) : json({ message: 'Not signed in' }, 401)),
    'GET /api/auth/code-delivery': () => json({ status: 'sent' }),
    ...handlers,
  });
  const view = renderRoute(<VerifyPage method={method} />, {
    path: `/verify-${method}`,
    url: url ?? `/verify-${method}`,
  });
  return { ...api, ...view };
}

const codeBox = () => screen.findByRole('textbox', { name: 'Verification code' });
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

describe('verification pages', () => {
  afterEach(() => sessionStorage.clear());

  // Issue 51: a review needs a verified phone; a renter without one adds it in the settings and
  // is led back to the review, not left there.
  it('sends an account without a phone to add one, keeping where it was heading', async () => {
    show('phone', {
      url: '/verify-phone?next=%2Fviewings%2Fv1%2Freview',
      user: { ...unverified, phone: null },
    });
    const link = await screen.findByRole('link', { name: 'Account Settings' });
    expect(link.getAttribute('href')).toBe('/account-settings?next=%2Fviewings%2Fv1%2Freview');
  });

  it('right after a code was sent, Resend Code starts disabled and counts down the minute', async () => {
    markCodeSent('phone', Date.now() - 2_000);
    const { calls } = show('phone');
    const resend = await screen.findByRole('button', { name: /Resend code in 0:5[78]/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(calls('POST', '/api/auth/resend-phone-verification')).toHaveLength(0);
  });

  it('offers Resend Code at once when no code went out in the last minute', async () => {
    markCodeSent('email', Date.now() - 61_000);
    show('email');
    const resend = await screen.findByRole('button', { name: 'Resend Code' });
    expect((resend as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a visitor to sign in first, then back here', async () => {
    show('email', { url: '/verify-email?next=/list-property', user: null });
    await waitFor(() => expect(router.location?.pathname).toBe('/login'));
    expect(router.location?.search).toBe(
      `?next=${encodeURIComponent('/verify-email?next=/list-property')}`,
    );
  });

  it('says where the code went, and offers the one-time code to the phone', async () => {
    show('email');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your email' }),
    ).toBeTruthy();
    expect(screen.getByText(/We sent a 6-digit code to kofi@example\.com/)).toBeTruthy();
    const box = await codeBox();
    expect(box.getAttribute('inputmode')).toBe('numeric');
    expect(box.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('keeps digits only, six at most, and enables Verify at six digits', async () => {
    const user = userEvent.setup();
    show('phone');
    expect(
      await screen.findByText(/We sent a 6-digit code by text message to \+233241234567/),
    ).toBeTruthy();
    const box = (await codeBox()) as HTMLInputElement;
    await user.type(box, '12a-3 4');
    expect(box.value).toBe('1234');
    expect((verifyButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, '5');
    expect((verifyButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, '6789');
    expect(box.value).toBe('123456');
    expect((verifyButton() as HTMLButtonElement).disabled).toBe(false);
    await user.clear(box);
    await user.paste('code: 654 321');
    expect(box.value).toBe('654321');
  });

  it('verifies, updates the current user, and goes to the carried destination after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const verified = { ...unverified, emailVerified: true, isVerified: true };
    const { calls, queryClient } = show('email', {
      url: '/verify-email?next=/list-property',
      handlers: {
        'POST /api/auth/verify-email-code': () =>
          json({ message: 'Email verified successfully', user: verified }),
      },
    });
    await user.type(await codeBox(), '123456');
    await user.click(verifyButton());
    expect(await screen.findByText(/Your email address is verified/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Taking you on in 3 seconds');
    expect(calls('POST', '/api/auth/verify-email-code')).toHaveLength(1);
    expect(queryClient.getQueryData(currentUserKey)).toEqual(verified);
    act(() => vi.advanceTimersByTime(2900));
    expect(router.location?.pathname).toBe('/verify-email');
    act(() => vi.advanceTimersByTime(200));
    expect(router.location?.pathname).toBe('/list-property');
  });

  it('goes home after verifying when no destination was carried', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    show('phone', {
      handlers: {
        'POST /api/auth/verify-phone-code': () =>
          json({
            message: 'Phone verified',
            user: { ...unverified, phoneVerified: true, isVerified: true },
          }),
      },
    });
    await user.type(await codeBox(), '123456');
    await user.click(verifyButton());
    await screen.findByText(/Your phone number is verified/);
    act(() => vi.advanceTimersByTime(3000));
    expect(router.location?.pathname).toBe('/');
  });

  it("shows the server's reason for a refused code, and the fallbacks", async () => {
    const user = userEvent.setup();
    let answer = () => refusal('code_expired');
    show('email', { handlers: { 'POST /api/auth/verify-email-code': () => answer() } });
    await user.type(await codeBox(), '123456');
    await user.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code has expired. Request a new one.',
    );

    answer = () => json({ message: '' }, 400);
    await user.click(verifyButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Invalid verification code'),
    );

    answer = () => json({ message: 'Internal server error' }, 500);
    await user.click(verifyButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('An error occurred during verification.'),
    );

    // No answer at all (issue 22): the form says it needs a connection.
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(verifyButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "You're offline: this needs a connection. Try again when you're back online.",
      ),
    );
  });

  it("shows a refusal the app knows in the reader's language", async () => {
    await i18next.changeLanguage('fr');
    const user = userEvent.setup();
    show('email', {
      handlers: {
        'POST /api/auth/verify-email-code': () => refusal('code_expired'),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Code de vérification' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce code a expiré. Demandez-en un nouveau.',
    );
  });

  it('says how long to wait after too many tries, and holds Verify until then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    show('email', {
      handlers: {
        'POST /api/auth/verify-email-code': () =>
          new Response(JSON.stringify({ message: 'Too many attempts' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '600' },
          }),
      },
    });
    await user.type(await codeBox(), '123456');
    await user.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Request a new code, or try again in 10 minutes.',
    );
    expect(screen.getByText('You can try again in 10:00.')).toBeTruthy();
    expect((verifyButton() as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(600_000));
    expect((verifyButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('resends a code, counts down the minute, and after a 429 counts down its wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let answer = () => json({ message: 'A new code has been sent to your phone' });
    const { calls } = show('phone', {
      handlers: { 'POST /api/auth/resend-phone-verification': () => answer() },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'A new code was sent to your phone number.',
    );
    expect(calls('POST', '/api/auth/resend-phone-verification')).toHaveLength(1);
    // One code a minute: the button waits out the minute after a code went.
    expect(
      (screen.getByRole('button', { name: /Resend code in (1:00|0:59)/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    act(() => vi.advanceTimersByTime(61_000));

    // Past the address's hourly budget the server says how long to wait.
    answer = () =>
      new Response(JSON.stringify({ message: 'Please wait' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '45' },
      });
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please wait 45 seconds before requesting another code.',
    );
    const button = screen.getByRole('button', { name: 'Resend code in 0:45' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('button', { name: 'Resend code in 0:30' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(
      (screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('resends an email code too, with its own fallback when that fails', async () => {
    const user = userEvent.setup();
    const { calls } = show('email', {
      handlers: {
        'POST /api/auth/resend-email-verification': () =>
          json({ message: 'Internal Server Error' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to resend verification code.',
    );
    expect(calls('POST', '/api/auth/resend-email-verification')).toHaveLength(1);
  });

  it('uses the phone fallback for a failed phone resend', async () => {
    const user = userEvent.setup();
    show('phone', {
      handlers: {
        'POST /api/auth/resend-phone-verification': () =>
          json({ message: 'Internal server error' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to resend code.');
  });

  it('tells an already verified account so, with a link on', async () => {
    show('email', {
      url: '/verify-email?next=/dashboard',
      user: { ...unverified, emailVerified: true, isVerified: true },
    });
    expect(await screen.findByText('Your email address is already verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('ignores a destination off this site', async () => {
    show('email', {
      url: '/verify-email?next=//evil.example',
      user: { ...unverified, emailVerified: true, isVerified: true },
    });
    expect((await screen.findByRole('link', { name: 'Continue' })).getAttribute('href')).toBe('/');
  });

  it('says when the code could not be sent, and asks again after a resend', async () => {
    let status = 'failed';
    const { calls } = show('phone', {
      handlers: {
        'GET /api/auth/code-delivery': () => json({ status }),
        'POST /api/auth/resend-phone-verification': () => {
          status = 'queued';
          return json({ message: 'A new code was sent to your phone number' });
        },
      },
    });
    expect(
      await screen.findByText(
        'We could not send the code. Check the number, then try again with Resend Code.',
      ),
    ).toBeTruthy();
    expect(calls('GET', '/api/auth/code-delivery')[0]!.searchParams.get('channel')).toBe('phone');
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(
        screen.queryByText(
          'We could not send the code. Check the number, then try again with Resend Code.',
        ),
      ).toBeNull(),
    );
  });

  it('says sending takes longer while the provider fails and we retry', async () => {
    show('email', {
      handlers: { 'GET /api/auth/code-delivery': () => json({ status: 'retrying' }) },
    });
    expect(
      await screen.findByText('Sending the code is taking longer than usual; we keep trying.'),
    ).toBeTruthy();
  });
});
