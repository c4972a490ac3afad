import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportedListing } from '#common/reports';
import type { AdminVerification } from '#common/verifications';
import { adminUser } from '../../testing/admin';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import AdminPanelPage from './admin-panel-page';

/**
 * The panel composes the tabs of other features (admin-tabs.tsx): Reports and Verifications
 * read the panel's lists again after a change (afterListingChange), and say what they did even
 * when those lists answer after their own. Each tab's own behaviour is tested in its feature
 * (reports/reports-tab.test.tsx, verifications/verifications-tab.test.tsx).
 */

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const hidden: ReportedListing = {
  propertyId: '30000000-0000-4000-8000-000000000001',
  title: 'Villa with a viewing fee',
  location: 'East Legon, Accra',
  status: 'reported',
  hiddenForReports: true,
  count: 1,
  hideHeldUntil: null,
  reasons: { asked_for_money: 1 },
  reports: [
    {
      id: '10000000-0000-4000-8000-000000000001',
      reason: 'asked_for_money',
      note: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      reporter: {
        id: '20000000-0000-4000-8000-000000000001',
        name: 'Kofi Owusu',
        email: 'kofi@example.com',
        phone: null,
      },
      resolution: null,
      resolvedAt: null,
      conversationId: null,
    },
  ],
  lastReportedAt: '2026-11-20T10:00:00.000Z',
};

const kwame: AdminVerification = {
  id: '50000000-0000-4000-8000-000000000001',
  kind: 'identity',
  document: 'ghana_card',
  status: 'pending',
  reason: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  decidedAt: null,
  documentNumber: 'GHA-123456789-0',
  applicant: {
    id: '60000000-0000-4000-8000-000000000001',
    name: 'Kwame Boateng',
    email: 'kwame@example.com',
    phone: null,
    userType: 'owner',
    businessName: null,
  },
  fileUrl: '/api/admin/verifications/50000000-0000-4000-8000-000000000001/photo',
};

/** The panel's listings (its pending count), answered after `delay` ms. */
const slowListings = (delay: number) => async () => {
  await new Promise((resolve) => setTimeout(resolve, delay));
  return json({ properties: [], total: 0 });
};

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

describe('admin panel, the tabs of other features', () => {
  it('Reports: says so even when the restored listing leaves the open list before the rest reloads', async () => {
    const user = userEvent.setup();
    const open = [hidden];
    const { calls } = mockApi({
      'GET /api/auth/user': () => json(adminUser),
      'GET /api/admin/reports': () => json({ listings: open, total: open.length }),
      // The panel's other lists reload after a resolution too, some slower than the reports.
      'GET /api/admin/properties': slowListings(100),
      // As the server does: a listing whose reports are closed is no longer open.
      [`POST /api/admin/reports/${hidden.propertyId}/resolve`]: () => {
        open.splice(open.indexOf(hidden), 1);
        return json({ resolved: 1 });
      },
    });
    renderRoute(<AdminPanelPage />, { path: '/admin', url: '/admin?tab=reports' });
    expect(await screen.findByRole('tab', { name: 'Reports', selected: true })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: hidden.title })).toBeNull());
    expect(await toastWith(`“${hidden.title}” is public again`)).toBeTruthy();
    // The panel's listings were read again (its afterListingChange).
    expect(calls('GET', '/api/admin/properties').length).toBeGreaterThan(1);
  });

  it('Verifications: says so on the panel too, where the slower listings reload after the decision', async () => {
    const user = userEvent.setup();
    const waiting = [kwame];
    const { calls } = mockApi({
      'GET /api/auth/user': () => json(adminUser),
      'GET /api/admin/verifications': () => json({ verifications: waiting, total: waiting.length }),
      // The panel's listings reload after a decision too, slower than this list.
      'GET /api/admin/properties': slowListings(100),
      [`POST /api/admin/verifications/${kwame.id}/decision`]: () => {
        waiting.length = 0;
        return json({ status: 'approved' });
      },
    });
    renderRoute(<AdminPanelPage />, { path: '/admin', url: '/admin?tab=verifications' });
    expect(await screen.findByRole('tab', { name: 'Verifications', selected: true })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Approve Kwame Boateng' }));
    expect(await screen.findByText('No requests waiting.')).toBeTruthy();
    expect(await toastWith('Kwame Boateng is verified')).toBeTruthy();
    // An approval changes the badges of the lister's listings: the panel's lists are read again.
    expect(calls('GET', '/api/admin/properties').length).toBeGreaterThan(1);
  });
});
