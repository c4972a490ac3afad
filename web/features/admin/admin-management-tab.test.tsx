import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditActions, type Administrator } from '#common/admin';
import i18next from 'i18next';
import { adminUser, asAdministrator, makeAuditEntry } from '../../testing/admin';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import AdminPanelPage from './admin-panel-page';
import { auditActionLabels } from './audit-log';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

const kofi: Administrator = {
  id: '00000000-0000-4000-8000-0000000000b2',
  firstName: 'Kofi',
  lastName: 'Asante',
  email: 'kofi@example.com',
  phone: null,
  createdAt: '2026-02-01T00:00:00.000Z',
};

function showManagement({
  admins = [asAdministrator(adminUser), kofi],
  audit = [],
  extra = {},
}: {
  admins?: Administrator[];
  audit?: ReturnType<typeof makeAuditEntry>[];
  extra?: Handlers;
} = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/properties': () => json({ properties: [], total: 0 }),
    'GET /api/admin/admins': () => json(admins),
    'GET /api/admin/audit-log': () => json(audit),
    ...extra,
  });
  const view = renderRoute(<AdminPanelPage />, { path: '/admin', url: '/admin?tab=admins' });
  return { ...api, ...view };
}

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);
const adminRow = (name: string) => screen.getByText(name).closest('li')!;

describe('admin panel, Admin Management tab', () => {
  it('lists the administrators; one cannot revoke oneself', async () => {
    showManagement();
    expect(await screen.findByRole('heading', { level: 2, name: 'Administrators' })).toBeTruthy();
    await screen.findByText('Kofi Asante');
    const self = adminRow('Ama Mensah');
    expect(within(self).getByText('You')).toBeTruthy();
    expect(within(self).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(self).getByText('You cannot revoke your own access.')).toBeTruthy();
    expect(
      within(adminRow('Kofi Asante')).getByRole('button', {
        name: 'Revoke administrator access of Kofi Asante',
      }),
    ).toBeTruthy();
  });

  it('revokes another administrator after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = showManagement({
      extra: { [`DELETE /api/admin/admins/${kofi.id}`]: () => new Response(null, { status: 204 }) },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Revoke administrator access of Kofi Asante' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Revoke administrator access?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Access' }));
    expect(await toastWith('Administrator access revoked for Kofi Asante')).toBeTruthy();
    expect(calls('DELETE', `/api/admin/admins/${kofi.id}`)).toHaveLength(1);
  });

  it("shows the server's refusal (the last administrator, oneself)", async () => {
    const user = userEvent.setup();
    showManagement({
      extra: {
        [`DELETE /api/admin/admins/${kofi.id}`]: () => refusal('last_administrator'),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Revoke administrator access of Kofi Asante' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke Access' }));
    expect(await toastWith('Failed to revoke administrator access')).toBeTruthy();
    expect(await toastWith('The last administrator cannot be revoked')).toBeTruthy();
  });

  it('grants access by email, checking the address first', async () => {
    const user = userEvent.setup();
    const { fetch } = showManagement({
      extra: {
        'POST /api/admin/admins': (_url, init) => {
          const { email } = JSON.parse(String(init!.body)) as { email: string };
          return email === 'nobody@example.com'
            ? refusal('no_account_for_email', { fields: { email: 'no_account_for_email' } })
            : json({ ...kofi, id: 'new', firstName: 'Efua', lastName: 'Owusu', email });
        },
      },
    });
    const email = await screen.findByLabelText('Email address');
    await user.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();

    await user.clear(email);
    await user.type(email, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(await screen.findByText('No account uses this email address')).toBeTruthy();

    await user.clear(email);
    await user.type(email, ' Efua@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(await toastWith('Efua Owusu is now an administrator.')).toBeTruthy();
    const bodies = fetch.mock.calls
      .filter(([input, init]) => String(input) === '/api/admin/admins' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(bodies.at(-1)).toEqual({ email: 'efua@example.com' });
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
  });

  it('shows the audit log newest first: who, what, when, on what', async () => {
    const listingId = '12345678-0000-4000-8000-000000000001';
    const { calls } = showManagement({
      audit: [
        makeAuditEntry({
          action: 'reject',
          targetId: listingId,
          details: { reason: 'Blurry photos' },
          createdAt: '2026-03-02T10:00:00.000Z',
          listing: { id: listingId, title: 'Garden flat in Osu', deleted: false },
          person: {
            id: 'owner-1',
            firstName: 'Nana',
            lastName: 'Ofori',
            email: null,
            phone: '+233241110000',
            deleted: false,
          },
        }),
        makeAuditEntry({
          action: 'grant-admin',
          targetType: 'user',
          targetId: kofi.id,
          details: { email: 'kofi@example.com' },
          createdAt: '2026-03-01T10:00:00.000Z',
          person: {
            id: kofi.id,
            firstName: 'Kofi',
            lastName: 'Asare',
            email: 'kofi@example.com',
            phone: null,
            deleted: false,
          },
        }),
        makeAuditEntry({
          action: 'delete',
          details: { title: 'Old shack' },
          actor: null,
          createdAt: '2026-02-28T10:00:00.000Z',
          listing: {
            id: '00000000-0000-4000-8000-000000000001',
            title: 'Old shack',
            deleted: true,
          },
        }),
        makeAuditEntry({ action: 'reorder', targetType: 'featured', targetId: null }),
        makeAuditEntry({
          action: 'revoke',
          targetType: 'service-provider',
          details: { businessName: 'Mensah Plumbing', from: 'approved', to: 'rejected' },
        }),
      ],
    });
    const log = (await screen.findByRole('heading', { level: 2, name: 'Audit Log' }))
      .parentElement!;
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(5));
    const [rejected, granted, deleted, reordered, revoked] = within(log).getAllByRole('listitem');
    expect(within(rejected!).getByText('Rejected')).toBeTruthy();
    // Named by title and lister, not by ids (issue 51).
    expect(
      within(rejected!).getByRole('link', { name: 'Garden flat in Osu' }).getAttribute('href'),
    ).toBe(`/property/${listingId}`);
    expect(rejected!.textContent).toContain('Lister: Nana Ofori (+233241110000)');
    expect(rejected!.textContent).not.toContain('12345678');
    expect(within(rejected!).getByText('Blurry photos')).toBeTruthy();
    expect(rejected!.textContent).toContain('by Ama Mensah (admin@example.com)');
    expect(
      within(rejected!)
        .getByText(/Mar 2, 2026/)
        .getAttribute('datetime'),
    ).toBe('2026-03-02T10:00:00.000Z');
    expect(granted!.textContent).toContain('Granted administrator access to');
    expect(granted!.textContent).toContain('Kofi Asare (kofi@example.com)');
    expect(deleted!.textContent).toContain('Deleted');
    expect(deleted!.textContent).toContain('Old shack (deleted listing)');
    expect(within(deleted!).queryByRole('link')).toBeNull();
    expect(deleted!.textContent).toContain('by a deleted account');
    expect(reordered!.textContent).toContain('Reordered');
    expect(reordered!.textContent).toContain('featured list');
    expect(revoked!.textContent).toContain('Revoked the approval of');
    expect(revoked!.textContent).toContain('Mensah Plumbing');
    expect(calls('GET', '/api/admin/audit-log')[0]!.searchParams.get('limit')).toBe('50');
  });

  it('names a message sent again, a verification, a review and the exchange rate in words (issues 34, 51)', async () => {
    showManagement({
      audit: [
        makeAuditEntry({
          action: 'retry-delivery',
          targetType: 'delivery',
          targetId: '7d4f4a52-2d39-4d2c-9a53-0b3f1d7e6a11',
          details: { kind: 'password-reset', channel: 'email' },
        }),
        makeAuditEntry({
          action: 'verification-approve',
          targetType: 'verification',
          targetId: '5a1b2c3d-0000-4000-8000-000000000009',
          details: { kind: 'identity' },
          person: {
            id: 'lister-1',
            firstName: 'Efua',
            lastName: 'Mensah',
            email: 'efua@example.com',
            phone: null,
            deleted: false,
          },
        }),
        makeAuditEntry({
          action: 'review-hide',
          targetType: 'review',
          targetId: '6a1b2c3d-0000-4000-8000-000000000010',
          details: { propertyId: '00000000-0000-4000-8000-000000000002' },
          listing: {
            id: '00000000-0000-4000-8000-000000000002',
            title: 'Bedsitter',
            deleted: false,
          },
        }),
        makeAuditEntry({
          action: 'inbox-reply',
          targetType: 'inbox-message',
          targetId: '8a1b2c3d-0000-4000-8000-000000000012',
          details: { subject: 'Upload stops', name: 'Esi Owusu', email: 'esi@example.com' },
        }),
        makeAuditEntry({
          action: 'revoke-admin',
          targetType: 'user',
          targetId: '7a1b2c3d-0000-4000-8000-000000000011',
          person: {
            id: '7a1b2c3d-0000-4000-8000-000000000011',
            firstName: null,
            lastName: null,
            email: null,
            phone: null,
            deleted: true,
          },
        }),
        makeAuditEntry({
          action: 'set_exchange_rate',
          targetType: 'exchange_rate',
          targetId: null,
          details: { ghsPerUsd: 15.4, previous: 15 },
        }),
      ],
    });
    const log = (await screen.findByText('Sent again')).closest('ol')!;
    expect(log.textContent).toContain('Sent againPassword reset link');
    expect(log.textContent).toContain('Approved the verification ofEfua Mensah (efua@example.com)');
    expect(log.textContent).toContain('Hid a reviewListing: Bedsitter');
    expect(log.textContent).toContain('Revoked administrator access ofa deleted account');
    expect(log.textContent).toContain('Answered by e-mailUpload stops');
    expect(log.textContent).toContain('From: Esi Owusu (esi@example.com)');
    expect(log.textContent).not.toMatch(/5a1b2c3d|6a1b2c3d|7a1b2c3d|8a1b2c3d|inbox-/);
    expect(log.textContent).toContain('Set the exchange rate$1 = GH₵15.40');
    expect(log.textContent).not.toMatch(
      /retry-delivery|password-reset|set_exchange_rate|exchange_rate|delivery 7d/,
    );
  });

  it('has a text for every action the server writes to the log', () => {
    // recordAudit(…) takes only the actions common/admin.ts lists.
    expect(Object.keys(auditActionLabels).sort()).toEqual([...auditActions].sort());
    for (const key of Object.values(auditActionLabels)) {
      expect(i18next.exists(key), key).toBe(true);
    }
  });
});
