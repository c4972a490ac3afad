import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileResult, User } from '#common/auth';
import { i18nReady, json, refusal, mockApi, renderRoute, router } from '../../testing/render';
import AccountSettingsPage from './account-settings-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ama: User = {
  id: '00000000-0000-4000-8000-bbbbbbbbbbbb',
  firstName: 'Ama',
  lastName: 'Owusu',
  email: 'ama@example.com',
  phone: '+233241234567',
  emailVerified: true,
  phoneVerified: false,
  isVerified: true,
  userType: 'renter',
  businessName: null,
  licenseNumber: null,
  profileImageUrl: null,
  isAdmin: false,
  plan: null,
  createdAt: '2026-11-21T12:00:00.000Z',
};

type Handlers = Parameters<typeof mockApi>[0];

function showPage({
  user = ama,
  extra = {},
  url = '/account-settings',
}: { user?: User | null; extra?: Handlers; url?: string } = {}) {
  const api = mockApi({
    ...(user ? { 'GET /api/auth/user': () => json(user) } : {}),
    ...extra,
  });
  const view = renderRoute(<AccountSettingsPage />, { path: '/account-settings', url });
  return { ...api, ...view };
}

const bodyOf = (fetch: ReturnType<typeof mockApi>['fetch'], method: string, path: string) => {
  const call = fetch.mock.calls.find(
    ([input, init]) =>
      new URL(input, 'http://localhost').pathname === path && init?.method === method,
  );
  return call ? (JSON.parse(String(call[1]!.body)) as unknown) : undefined;
};

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

const card = (heading: string) =>
  screen.getByRole('heading', { level: 2, name: heading }).closest('div.rounded-xl') as HTMLElement;

/** The value shown beside a label of the Account Summary. */
const summaryValue = (label: string, title = 'Account Summary') => {
  const summary = card(title);
  return within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
};

describe('account settings, visitors', () => {
  it('asks a visitor to sign in and come back', async () => {
    showPage({ user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication Required' }),
    ).toBeTruthy();
    expect(screen.getByText('Please sign in to access your account settings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?next=%2Faccount-settings',
    );
    expect(screen.queryByRole('heading', { name: 'Profile Information' })).toBeNull();
  });

  it('shows a spinner while the user loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    showPage({
      user: null,
      extra: { 'GET /api/auth/user': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    answer(json(ama));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
  });
});

describe('account settings, the cards', () => {
  it('shows the title, subtitle and the profile filled in', async () => {
    showPage({ user: { ...ama, businessName: 'Owusu Homes', licenseNumber: 'GH-123' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(
      screen.getByText('Manage your profile information and account preferences'),
    ).toBeTruthy();
    expect(document.title).toBe('Account Settings · Abode');
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('First Name')).toBe('Ama');
    expect(value('Last Name')).toBe('Owusu');
    expect(value('Email Address')).toBe('ama@example.com');
    expect(value('Phone Number')).toBe('+233241234567');
    expect(screen.getByRole('heading', { level: 3, name: /Business Information/ })).toBeTruthy();
    expect(value('Business Name')).toBe('Owusu Homes');
    expect(value('License Number')).toBe('GH-123');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeTruthy();
  });

  it('summarises a renter: verified, Renter, no role, the long date, channels', async () => {
    showPage();
    await screen.findByRole('heading', { name: 'Account Summary' });
    expect(summaryValue('Account Status')).toBe('Verified');
    expect(summaryValue('Account Type')).toBe('Renter');
    expect(within(card('Account Summary')).queryByText('Role')).toBeNull();
    expect(screen.queryByText('Administrator')).toBeNull();
    expect(summaryValue('Member since')).toBe('November 21, 2026');

    const summary = card('Account Summary');
    expect(within(summary).getByText('ama@example.com')).toBeTruthy();
    expect(within(summary).queryByRole('link', { name: 'Verify email' })).toBeNull();
    expect(within(summary).getByText('Not verified')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Verify phone' }).getAttribute('href')).toBe(
      '/verify-phone?next=%2Faccount-settings',
    );
  });

  it('marks an administrator, an unverified account and a missing date', async () => {
    showPage({
      user: { ...ama, isAdmin: true, isVerified: false, userType: 'agent', createdAt: '' },
    });
    await screen.findByRole('heading', { name: 'Account Summary' });
    expect(summaryValue('Account Status')).toBe('Unverified');
    expect(summaryValue('Account Type')).toBe('Agent');
    expect(summaryValue('Role')).toBe('Administrator');
    expect(summaryValue('Member since')).toBe('N/A');
  });

  it('offers List New Property to owners, agents and owner-renters, not to renters', async () => {
    const links = () =>
      within(card('Quick Actions'))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);

    for (const userType of ['owner', 'agent', 'both'] as const) {
      const view = showPage({ user: { ...ama, userType } });
      await screen.findByRole('heading', { name: 'Quick Actions' });
      expect(links()).toEqual([
        ['Go to Dashboard', '/dashboard'],
        ['List New Property', '/list-property'],
        ['Saved Searches', '/account/saved-searches'],
        ['Contact Support', '/support'],
      ]);
      view.unmount();
    }
    for (const userType of ['renter'] as const) {
      const view = showPage({ user: { ...ama, userType } });
      await screen.findByRole('heading', { name: 'Quick Actions' });
      expect(links()).toEqual([
        ['Go to Dashboard', '/dashboard'],
        ['Saved Searches', '/account/saved-searches'],
        ['Contact Support', '/support'],
      ]);
      view.unmount();
    }
  });

  it('writes member since in the reader language', async () => {
    const i18n = (await import('../../lib/i18n')).default;
    await i18n.changeLanguage('fr');
    try {
      showPage();
      await screen.findByRole('heading', { name: 'Résumé du compte' });
      expect(summaryValue('Membre depuis', 'Résumé du compte')).toBe('21 novembre 2026');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('account settings, profile', () => {
  const saved = (user: User, extra: Partial<ProfileResult> = {}): ProfileResult => ({
    message: 'Profile updated successfully',
    verificationRequired: false,
    verificationMethods: [],
    user,
    ...extra,
  });

  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = showPage();
    await user.clear(await screen.findByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('Email Address'));
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter an email address or a phone number')).toBeTruthy();
    expect(calls('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('shows a renter no business fields unless the account already has some', async () => {
    const view = showPage();
    await screen.findByLabelText('First Name');
    expect(screen.queryByLabelText('Business Name')).toBeNull();
    expect(screen.queryByLabelText('License Number')).toBeNull();
    view.unmount();
    showPage({ user: { ...ama, licenseNumber: 'GH-9' } });
    expect(((await screen.findByLabelText('License Number')) as HTMLInputElement).value).toBe(
      'GH-9',
    );
  });

  it('saves the profile, updates the page and says so', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const { fetch } = showPage({
      user: { ...ama, userType: 'owner' },
      extra: {
        'PUT /api/auth/profile': async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return json(
            saved({ ...ama, firstName: 'Akua', businessName: 'Akua Homes', phone: null }),
          );
        },
      },
    });
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    await user.type(first, ' Akua ');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Business Name'), 'Akua Homes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(bodyOf(fetch, 'PUT', '/api/auth/profile')).toEqual({
      firstName: 'Akua',
      lastName: 'Owusu',
      email: 'ama@example.com',
      phone: null,
      businessName: 'Akua Homes',
      licenseNumber: null,
    });
    release();
    expect(await toastWith('Profile updated')).toBeTruthy();
    expect(await toastWith('Profile updated successfully')).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Akua');
    expect(within(card('Account Summary')).getByText('Not set')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('falls back to its own success text when the server sends none', async () => {
    const user = userEvent.setup();
    showPage({ extra: { 'PUT /api/auth/profile': () => json(saved(ama, { message: '' })) } });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Your account information has been saved successfully')).toBeTruthy();
  });

  it('gives other readers the success text in their language, not the server English', async () => {
    const i18n = (await import('../../lib/i18n')).default;
    await i18n.changeLanguage('es');
    try {
      const user = userEvent.setup();
      showPage({ extra: { 'PUT /api/auth/profile': () => json(saved(ama)) } });
      await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
      expect(await toastWith('Perfil actualizado')).toBeTruthy();
      expect(
        await toastWith('La información de tu cuenta se ha guardado correctamente'),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks to verify a new email and phone, with links to both code pages', async () => {
    const user = userEvent.setup();
    const changed: User = {
      ...ama,
      email: 'new@example.com',
      phone: '+233209999999',
      emailVerified: false,
      phoneVerified: false,
    };
    showPage({
      extra: {
        'PUT /api/auth/profile': () =>
          json(
            saved(changed, {
              verificationRequired: true,
              verificationMethods: ['email', 'phone'],
            }),
          ),
      },
    });
    await user.clear(await screen.findByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'new@example.com');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '+233209999999');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await toastWith('Verification Required')).toBeTruthy();
    expect(
      await toastWith('Please check your email and phone for verification instructions.'),
    ).toBeTruthy();
    const profile = card('Profile Information');
    const notice = within(profile).getByRole('status');
    expect(within(notice).getByRole('link', { name: 'Verify email' }).getAttribute('href')).toBe(
      '/verify-email?next=%2Faccount-settings',
    );
    expect(within(notice).getByRole('link', { name: 'Verify phone' }).getAttribute('href')).toBe(
      '/verify-phone?next=%2Faccount-settings',
    );
    const summary = card('Account Summary');
    expect(within(summary).getAllByText('Not verified')).toHaveLength(2);
    expect(within(summary).getByText('new@example.com')).toBeTruthy();

    await user.click(within(notice).getByRole('link', { name: 'Verify email' }));
    expect(router.location?.pathname).toBe('/verify-email');
  });

  // Issue 51: a renter sent here to add a phone for a review goes on to the review, verified.
  it('carries where the reader was heading (next) to the code page, and only a path of the app', async () => {
    const user = userEvent.setup();
    const withPhone: User = { ...ama, phone: '+233209999999', phoneVerified: false };
    showPage({
      user: { ...ama, phone: null, phoneVerified: false },
      url: '/account-settings?next=%2Fviewings%2Fv1%2Freview',
      extra: {
        'PUT /api/auth/profile': () =>
          json(saved(withPhone, { verificationRequired: true, verificationMethods: ['phone'] })),
      },
    });
    await user.type(await screen.findByLabelText('Phone Number'), '+233209999999');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const notice = await within(card('Profile Information')).findByRole('status');
    expect(within(notice).getByRole('link', { name: 'Verify phone' }).getAttribute('href')).toBe(
      '/verify-phone?next=%2Fviewings%2Fv1%2Freview',
    );
    cleanup();

    // Another site's address is no place to send anyone.
    showPage({ user: withPhone, url: '/account-settings?next=https%3A%2F%2Fevil.example' });
    const summary = await waitFor(() => card('Account Summary'));
    expect(
      within(summary)
        .getByRole('link', { name: /Verify/ })
        .getAttribute('href'),
    ).toBe('/verify-phone?next=%2Faccount-settings');
  });

  it('shows a conflict on the field it concerns, with the error toast', async () => {
    const user = userEvent.setup();
    showPage({
      extra: {
        'PUT /api/auth/profile': () => refusal('email_taken', { fields: { email: 'email_taken' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Error')).toBeTruthy();
    expect(await toastWith('Failed to update profile. Please try again.')).toBeTruthy();
    const email = screen.getByLabelText('Email Address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Another account already uses this email address',
    );
  });

  it('translates a server validation message it knows', async () => {
    const user = userEvent.setup();
    showPage({
      extra: {
        'PUT /api/auth/profile': () =>
          refusal('invalid_input', { fields: { phone: 'phoneRequired' }, message: 'Invalid body' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    expect(screen.getByLabelText('Phone Number').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('account settings, password', () => {
  const openForm = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    return within(card('Security'));
  };

  it('reveals the form with three password fields, each with show/hide', async () => {
    const user = userEvent.setup();
    showPage();
    const security = await openForm(user);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(security.getByLabelText(label).getAttribute('type')).toBe('password');
    }
    expect(document.activeElement).toBe(security.getByLabelText('Current Password'));
    expect(security.getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
    await user.click(security.getAllByRole('button', { name: 'Show password' })[1]!);
    expect(security.getByLabelText('New Password').getAttribute('type')).toBe('text');
  });

  it('checks the fields: required, at least 8 characters, matching', async () => {
    const user = userEvent.setup();
    const { calls } = showPage();
    const security = await openForm(user);
    await user.click(security.getByRole('button', { name: 'Change Password' }));
    expect(await security.findByText('Current password is required')).toBeTruthy();
    expect(security.getByText('Password is required')).toBeTruthy();
    expect(security.getByText('Please confirm your password')).toBeTruthy();

    await user.type(security.getByLabelText('Current Password'), 'old-secret');
    await user.type(security.getByLabelText('New Password'), 'short');
    await user.type(security.getByLabelText('Confirm New Password'), 'shorter');
    await user.click(security.getByRole('button', { name: 'Change Password' }));
    expect(await security.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(security.getByText("Passwords don't match")).toBeTruthy();
    expect(security.getByLabelText('Confirm New Password').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(calls('PUT', '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes the password, then resets and closes the form', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const { fetch } = showPage({
      extra: {
        'PUT /api/auth/change-password': async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return json({ message: 'Password changed successfully' });
        },
      },
    });
    const security = await openForm(user);
    await user.type(security.getByLabelText('Current Password'), 'old-secret');
    await user.type(security.getByLabelText('New Password'), 'a new long one');
    await user.type(security.getByLabelText('Confirm New Password'), 'a new long one');
    await user.click(security.getByRole('button', { name: 'Change Password' }));

    expect(await security.findByRole('button', { name: 'Changing...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(bodyOf(fetch, 'PUT', '/api/auth/change-password')).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'a new long one',
      confirmPassword: 'a new long one',
    });
    release();
    expect(await toastWith('Password changed')).toBeTruthy();
    expect(await toastWith('Your password has been updated successfully')).toBeTruthy();
    await waitFor(() => expect(security.queryByLabelText('Current Password')).toBeNull());

    await user.click(security.getByRole('button', { name: 'Change Password' }));
    expect((security.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
    expect((security.getByLabelText('New Password') as HTMLInputElement).value).toBe('');
  });

  it('keeps the form open on a wrong current password, with the error toast', async () => {
    const user = userEvent.setup();
    showPage({
      extra: {
        'PUT /api/auth/change-password': () =>
          refusal('current_password_wrong', {
            fields: { currentPassword: 'currentPasswordWrong' },
          }),
      },
    });
    const security = await openForm(user);
    await user.type(security.getByLabelText('Current Password'), 'wrong-one');
    await user.type(security.getByLabelText('New Password'), 'a new long one');
    await user.type(security.getByLabelText('Confirm New Password'), 'a new long one');
    await user.click(security.getByRole('button', { name: 'Change Password' }));

    expect(await toastWith('Error')).toBeTruthy();
    expect(
      await toastWith('Failed to change password. Please check your current password.'),
    ).toBeTruthy();
    expect(await security.findByText('The current password is not correct')).toBeTruthy();
    expect((security.getByLabelText('New Password') as HTMLInputElement).value).toBe(
      'a new long one',
    );
  });

  it('asks the reader to wait after too many wrong passwords', async () => {
    const user = userEvent.setup();
    showPage({
      extra: {
        'PUT /api/auth/change-password': () =>
          new Response(JSON.stringify({ message: 'Too many requests' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '600' },
          }),
      },
    });
    const security = await openForm(user);
    await user.type(security.getByLabelText('Current Password'), 'wrong-one');
    await user.type(security.getByLabelText('New Password'), 'a new long one');
    await user.type(security.getByLabelText('Confirm New Password'), 'a new long one');
    await user.click(security.getByRole('button', { name: 'Change Password' }));
    expect(await toastWith('Too many attempts. Please try again in 10 minutes.')).toBeTruthy();
  });

  it('hides and resets the form on Cancel', async () => {
    const user = userEvent.setup();
    const { calls } = showPage();
    const security = await openForm(user);
    await user.type(security.getByLabelText('Current Password'), 'typed');
    await user.click(security.getByRole('button', { name: 'Change Password' }));
    expect(await security.findByText('Password is required')).toBeTruthy();
    await user.click(security.getByRole('button', { name: 'Cancel' }));
    expect(security.queryByLabelText('Current Password')).toBeNull();

    await user.click(security.getByRole('button', { name: 'Change Password' }));
    expect((security.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
    expect(security.queryByText('Password is required')).toBeNull();
    expect(calls('PUT', '/api/auth/change-password')).toHaveLength(0);
  });
});
