import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser } from '../../testing/admin';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { AccessDenied, AdminOnly } from './admin-access';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The door on its own; the admin panel's own pages are checked behind it in
// features/admin/admin-pages-access.test.tsx.
const guarded = <AdminOnly>{(admin) => <h1>Admin area of {admin.firstName}</h1>}</AdminOnly>;
const route = { path: '/admin/videos', url: '/admin/videos?tab=approved' };

describe('AdminOnly', () => {
  it('asks a visitor to sign in and come back', async () => {
    mockApi({});
    renderRoute(guarded, route);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Access Required' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(route.url)}`,
    );
    expect(screen.queryByText(/Admin area/)).toBeNull();
  });

  it('tells a signed-in user who is not an administrator that access is denied', async () => {
    mockApi({ 'GET /api/auth/user': () => json(renter) });
    renderRoute(guarded, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByText(/Admin area/)).toBeNull();
  });

  it('lets an administrator in, with the signed-in user', async () => {
    mockApi({ 'GET /api/auth/user': () => json(adminUser) });
    renderRoute(guarded, route);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Admin area of ${adminUser.firstName}`,
      }),
    ).toBeTruthy();
  });
});

describe('AccessDenied', () => {
  it('offers Try again only when given a retry, at the heading level asked for', async () => {
    const onRetry = vi.fn();
    renderRoute(<AccessDenied onRetry={onRetry} level={2} />, route);
    expect(await screen.findByRole('heading', { level: 2, name: 'Access Denied' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Try again without a retry', async () => {
    renderRoute(<AccessDenied />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
