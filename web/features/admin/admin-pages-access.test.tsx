import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import AdminPanelPage from './admin-panel-page';
import ImageApprovalPage from './image-approval-page';

// The admin panel's pages behind auth's guard (features/auth/admin-access.tsx): nothing is
// asked of the admin API before it lets the reader in.
beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const pages = [
  {
    name: 'the admin panel',
    element: <AdminPanelPage />,
    path: '/admin',
    url: '/admin?tab=featured',
  },
  {
    name: 'the approval queue',
    element: <ImageApprovalPage />,
    path: '/admin/image-approval',
    url: '/admin/image-approval',
  },
  {
    name: 'the approval queue (other spelling)',
    element: <ImageApprovalPage />,
    path: '/admin-image-approval',
    url: '/admin-image-approval?page=2',
  },
];

describe.each(pages)('access to $name', ({ element, path, url }) => {
  it('asks a visitor to sign in and come back', async () => {
    const { calls } = mockApi({});
    renderRoute(element, { path, url });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Access Required' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(url)}`,
    );
    expect(calls('GET', '/api/admin/properties')).toHaveLength(0);
  });

  it('tells a signed-in user who is not an administrator that access is denied', async () => {
    const { calls } = mockApi({ 'GET /api/auth/user': () => json(renter) });
    renderRoute(element, { path, url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(calls('GET', '/api/admin/properties')).toHaveLength(0);
    expect(calls('GET', '/api/admin/featured-properties')).toHaveLength(0);
  });
});
