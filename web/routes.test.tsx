import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult, User } from '#common/auth';
import { clearToasts } from './lib/toast';
import { paths } from './paths';
import { AppRoutes } from './routes';
import { renter } from './testing/properties';
import { i18nReady, json, mockApi, renderRoute, router } from './testing/render';

// The registration outcome through the whole route table (the register page, the visitors-only
// guard of /register and the code pages together), so it is a test of the app, not of auth.
beforeAll(() => i18nReady);
// The layout scrolls a new page to its top; jsdom does not scroll.
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const newAccount: User = {
  ...renter,
  email: 'kofi@example.com',
  firstName: 'Kofi',
  emailVerified: false,
  isVerified: false,
};

function signUpAnswering(result: AuthResult) {
  return mockApi({
    'POST /api/auth/register': () => json(result, 201),
    'GET /api/auth/sign-up-methods': () => json({ email: true, phone: true }),
  });
}

/** The whole route table, so the visitors-only guard of /register takes part. */
async function signUp(url: string, method: 'email' | 'phone' = 'email') {
  const user = userEvent.setup();
  renderRoute(<AppRoutes />, { path: '*', url });
  await user.type(await screen.findByLabelText('First name', {}, { timeout: 5000 }), 'Kofi');
  await user.type(screen.getByLabelText('Last name'), 'Boateng');
  if (method === 'phone') {
    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+233 24 123 4567');
  } else {
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'kofi@example.com');
  }
  await user.type(screen.getByLabelText('Password'), 'quiet harbour lantern');
  await user.type(screen.getByLabelText('Confirm password'), 'quiet harbour lantern');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

/** Lets the lazy page and any late redirect settle, then reads where the app is. */
async function settledLocation() {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return `${router.location?.pathname}${router.location?.search}`;
}

describe('registration outcome (spec 4)', () => {
  it('sends an account verified by email to /verify-email with an alert to check the inbox', async () => {
    signUpAnswering({ user: newAccount, requiresVerification: true, verificationMethod: 'email' });
    await signUp('/register');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('Check your email')).toBeTruthy();
    expect(
      screen.getByText('We sent a 6-digit verification code to kofi@example.com.'),
    ).toBeTruthy();
    expect(await settledLocation()).toBe('/verify-email');
  });

  it('sends an account verified by text message to /verify-phone', async () => {
    const account = { ...newAccount, email: null, phone: '+233241234567' };
    signUpAnswering({ user: account, requiresVerification: true, verificationMethod: 'phone' });
    await signUp('/register', 'phone');
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' })).toBeTruthy();
    expect(screen.queryByText('Check your email')).toBeNull();
    expect(await settledLocation()).toBe('/verify-phone');
  });

  it('carries the action through verification, and the guard does not skip the code page', async () => {
    signUpAnswering({ user: newAccount, requiresVerification: true, verificationMethod: 'email' });
    await signUp('/register?action=list-property');
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(await settledLocation()).toBe('/verify-email?next=%2Flist-property');
  });

  it('carries next and the contact action the same way', async () => {
    signUpAnswering({ user: newAccount, requiresVerification: true, verificationMethod: 'email' });
    await signUp('/register?action=contact&propertyId=p-1');
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(await settledLocation()).toBe('/verify-email?next=%2Fcontact-landlord%2Fp-1');
  });

  it('goes straight where the visitor was heading when no verification is asked', async () => {
    const verified = { ...newAccount, emailVerified: true, isVerified: true };
    signUpAnswering({ user: verified, requiresVerification: false, verificationMethod: null });
    await signUp('/register?next=/search');
    await waitFor(() => expect(router.location?.pathname).toBe('/search'));
    expect(screen.queryByText('Check your email')).toBeNull();
  });

  it('sends a signed-in but unverified account that opens /register to its code page', async () => {
    mockApi({ 'GET /api/auth/user': () => json(newAccount) });
    renderRoute(<AppRoutes />, { path: '*', url: '/register?action=list-property' });
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(await settledLocation()).toBe('/verify-email?next=%2Flist-property');
  });
});

describe('saved searches routes (issue 21)', () => {
  it('shows /alerts/unsubscribe to a visitor, since an alert’s unsubscribe link works signed out', async () => {
    mockApi({
      'GET /api/saved-searches/unsubscribe': () =>
        json({ kind: 'saved-search', name: 'Flats in Accra', stopped: false }),
    });
    renderRoute(<AppRoutes />, { path: '*', url: paths.alertsUnsubscribe('signed.token') });
    expect(
      await screen.findByRole('heading', { name: 'Stop these alerts?' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Stop alerts' })).toBeTruthy();
  });

  it('sends a visitor from /account/saved-searches to sign in and back', async () => {
    mockApi({});
    renderRoute(<AppRoutes />, { path: '*', url: '/account/saved-searches' });
    await waitFor(() => expect(router.location?.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.location?.search).toBe('?next=%2Faccount%2Fsaved-searches');
  });
});
