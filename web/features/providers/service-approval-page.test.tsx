import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceProvider } from '#common/providers';
import { clearToasts } from '../../lib/toast';
import { adminUser } from '../../testing/admin';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { renter } from '../../testing/properties';
import ServiceApprovalPage from './service-approval-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const provider = (overrides: Partial<ServiceProvider>): ServiceProvider => ({
  id: 'p1',
  categoryId: 'plumber',
  businessName: 'Osu Pipes',
  contactPerson: 'Kwame',
  email: 'pipes@example.com',
  phone: '+233241234567',
  businessAddress: 'Accra',
  serviceArea: 'Greater Accra',
  yearsExperience: 4,
  servicesOffered: 'Leaks',
  emergencyAvailable: false,
  description: null,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const list = [
  provider({ id: 'p1', businessName: 'Osu Pipes' }),
  provider({
    id: 'p2',
    businessName: 'Bright Sparks',
    status: 'approved',
    categoryId: 'electrician',
  }),
  provider({ id: 'p3', businessName: 'Wet Paint', status: 'rejected', categoryId: 'painter' }),
];

const show = (patch: () => Response, user = adminUser) => {
  const api = mockApi({
    'GET /api/auth/user': () => json(user),
    'GET /api/service-providers': () => json(list),
    'PATCH /api/service-providers/p1/status': patch,
    'PATCH /api/service-providers/p2/status': patch,
  });
  renderRoute(<ServiceApprovalPage />, {
    path: '/admin/service-approval',
    url: '/admin/service-approval',
  });
  return api;
};

describe('/admin/service-approval', () => {
  it('shows Pending, Approved and Rejected with counts and the actions each allows', async () => {
    const api = show(() => json(provider({ status: 'approved' })));
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Pending1', 'Approved1', 'Rejected1']),
    );
    const pending = screen.getByRole('article', { name: 'Osu Pipes' });
    expect(within(pending).getByRole('button', { name: 'Reject: Osu Pipes' })).toBeTruthy();
    await userEvent.click(within(pending).getByRole('button', { name: 'Approve: Osu Pipes' }));
    await waitFor(() =>
      expect(api.calls('PATCH', '/api/service-providers/p1/status')).toHaveLength(1),
    );
    const [, init] = api.fetch.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(JSON.parse(String(init!.body))).toEqual({ status: 'approved' });

    fireEvent.mouseDown(screen.getByRole('tab', { name: /Approved/ }));
    const approved = await screen.findByRole('article', { name: 'Bright Sparks' });
    expect(
      within(approved)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Revoke Approval']);
  });

  it('asks before revoking an approval, then says it is done', async () => {
    const api = show(() => json(provider({ id: 'p2', status: 'rejected' })));
    fireEvent.mouseDown(await screen.findByRole('tab', { name: /Approved/ }));
    const approved = await screen.findByRole('article', { name: 'Bright Sparks' });
    await userEvent.click(
      within(approved).getByRole('button', { name: 'Revoke Approval: Bright Sparks' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Revoke the approval of Bright Sparks?')).toBeTruthy();
    // Nothing is sent until the administrator confirms; Cancel sends nothing at all.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('PATCH', '/api/service-providers/p2/status')).toHaveLength(0);

    await userEvent.click(
      within(approved).getByRole('button', { name: 'Revoke Approval: Bright Sparks' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Revoke Approval',
      }),
    );
    await waitFor(() =>
      expect(api.calls('PATCH', '/api/service-providers/p2/status')).toHaveLength(1),
    );
    const [, init] = api.fetch.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(JSON.parse(String(init!.body))).toEqual({ status: 'rejected' });
    expect(await screen.findByText('Approval of Bright Sparks revoked')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps "Failed to update status" beside the buttons when a revoke is refused', async () => {
    show(() => json({ message: 'Failed' }, 500));
    fireEvent.mouseDown(await screen.findByRole('tab', { name: /Approved/ }));
    const approved = await screen.findByRole('article', { name: 'Bright Sparks' });
    await userEvent.click(
      within(approved).getByRole('button', { name: 'Revoke Approval: Bright Sparks' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Revoke Approval',
      }),
    );
    expect((await within(approved).findByRole('alert')).textContent).toBe(
      'Failed to update status',
    );
    expect(screen.queryByText('Approval of Bright Sparks revoked')).toBeNull();
  });

  it('says "Failed to update status" beside the buttons when the change is refused', async () => {
    show(() => json({ message: 'A approved service provider cannot become approved' }, 409));
    const pending = await screen.findByRole('article', { name: 'Osu Pipes' });
    await userEvent.click(within(pending).getByRole('button', { name: 'Approve: Osu Pipes' }));
    expect((await within(pending).findByRole('alert')).textContent).toBe('Failed to update status');
  });

  it('turns away non-administrators', async () => {
    show(() => json({}), renter);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });
});
