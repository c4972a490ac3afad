import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminReport, ReportedListing } from '#common/reports';
import { adminUser } from '../../testing/admin';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import type { AfterListingChange } from './api';
import ReportsTab from './reports-tab';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

/** What the admin panel gives the tab: its lists and the public ones, read again. */
const afterListingChange = vi.fn<AfterListingChange>(() => Promise.resolve());

let sequence = 0;
function makeReport(overrides: Partial<AdminReport> = {}): AdminReport {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    id: `10000000-0000-4000-8000-${n}`,
    reason: 'not_available',
    note: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    reporter: {
      id: `20000000-0000-4000-8000-${n}`,
      name: `Renter ${sequence}`,
      email: `renter${sequence}@example.com`,
      phone: null,
    },
    resolution: null,
    resolvedAt: null,
    conversationId: null,
    ...overrides,
  };
}

function makeReported(overrides: Partial<ReportedListing> = {}): ReportedListing {
  sequence += 1;
  const reports = overrides.reports ?? [makeReport()];
  return {
    propertyId: `30000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Reported flat ${sequence}`,
    location: 'Osu, Accra',
    status: 'live',
    hiddenForReports: false,
    count: reports.length,
    hideHeldUntil: null,
    reasons: { not_available: reports.length },
    reports,
    lastReportedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const hidden = makeReported({
  title: 'Villa with a viewing fee',
  location: 'East Legon, Accra',
  status: 'reported',
  hiddenForReports: true,
  count: 3,
  reasons: { asked_for_money: 2, fake_lister: 1 },
  reports: [
    makeReport({
      reason: 'asked_for_money',
      note: 'The agent wanted GH₵200 by mobile money first.',
      reporter: {
        id: '20000000-0000-4000-8000-00000000aaa1',
        name: 'Kofi Owusu',
        email: 'kofi@example.com',
        phone: '+233241111111',
      },
    }),
    makeReport({
      reason: 'asked_for_money',
      reporter: {
        id: '20000000-0000-4000-8000-00000000aaa2',
        name: 'Efua Addo',
        email: null,
        phone: '+233242222222',
      },
    }),
    makeReport({
      reason: 'fake_lister',
      reporter: {
        id: '20000000-0000-4000-8000-00000000aaa3',
        name: 'Yaw Darko',
        email: 'yaw@example.com',
        phone: null,
      },
    }),
  ],
});
const visible = makeReported({ title: 'Quiet room in Tema' });

function showReports({
  open = [hidden, visible],
  resolved = [],
  extra = {},
}: {
  open?: ReportedListing[];
  resolved?: ReportedListing[];
  extra?: Handlers;
} = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/reports': (url) => {
      const listings = url.searchParams.get('status') === 'resolved' ? resolved : open;
      return json({ listings, total: listings.length });
    },
    ...extra,
  });
  const view = renderRoute(<ReportsTab afterListingChange={afterListingChange} />, {
    path: '/admin',
    url: '/admin?tab=reports',
  });
  return { ...api, ...view };
}

const bodiesOf = (fetch: ReturnType<typeof mockApi>['fetch'], path: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) =>
        new URL(input, 'http://localhost').pathname === path && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const card = (title: string) => screen.getByRole('article', { name: title });
const resolvePath = (listing: ReportedListing) =>
  `/api/admin/reports/${listing.propertyId}/resolve`;
const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

describe('admin panel, Reports tab', () => {
  it('says until when reports of a restored listing wait for review without hiding it', async () => {
    const restored = makeReported({
      title: 'Restored flat',
      hideHeldUntil: '2026-12-24T10:00:00.000Z',
    });
    showReports({ open: [hidden, restored] });
    expect(await screen.findByRole('heading', { level: 3, name: 'Restored flat' })).toBeTruthy();
    expect(
      within(card('Restored flat')).getByText(
        /^Restored by an administrator: until .*2026, new reports wait here for review/,
      ),
    ).toBeTruthy();
    expect(within(card(hidden.title)).queryByText(/Restored by an administrator/)).toBeNull();
  });

  it('lists the reported listings with count, reasons, notes and reporters', async () => {
    const { calls } = showReports();
    expect(await screen.findByRole('heading', { level: 3, name: hidden.title })).toBeTruthy();
    expect(calls('GET', '/api/admin/reports')[0]!.searchParams.get('status')).toBe('open');

    const villa = card(hidden.title);
    expect(within(villa).getByRole('link', { name: hidden.title }).getAttribute('href')).toBe(
      `/property/${hidden.propertyId}`,
    );
    expect(within(villa).getByText('East Legon, Accra')).toBeTruthy();
    expect(within(villa).getByText('Hidden by reports')).toBeTruthy();
    expect(within(villa).getByText('3 reports')).toBeTruthy();
    expect(
      within(villa).getByText(
        'Asked for money before a viewing × 2 · Not the real owner or agent × 1',
      ),
    ).toBeTruthy();
    expect(
      within(villa).getByText('“The agent wanted GH₵200 by mobile money first.”'),
    ).toBeTruthy();
    // Each reporter with whatever contact they have.
    expect(
      within(villa).getByText(/Kofi Owusu \(kofi@example\.com, \+233241111111\)/),
    ).toBeTruthy();
    expect(within(villa).getByText(/Efua Addo \(\+233242222222\)/)).toBeTruthy();
    expect(within(villa).getByText(/Yaw Darko \(yaw@example\.com\)/)).toBeTruthy();

    const room = card(visible.title);
    expect(within(room).getByText('1 report')).toBeTruthy();
    expect(within(room).queryByText('Hidden by reports')).toBeNull();
    expect(within(room).getByText('Live')).toBeTruthy();
  });

  it('offers Restore for a hidden listing and Dismiss for a visible one', async () => {
    showReports();
    await screen.findByRole('heading', { level: 3, name: hidden.title });
    const villa = card(hidden.title);
    expect(within(villa).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(within(villa).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(villa).getByRole('button', { name: 'Remove' })).toBeTruthy();
    const room = card(visible.title);
    expect(within(room).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(within(room).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(room).getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('restores a hidden listing, says so and asks for the list again', async () => {
    const user = userEvent.setup();
    const { fetch, calls } = showReports({
      extra: { [`POST ${resolvePath(hidden)}`]: () => json({ resolved: 3 }) },
    });
    await screen.findByRole('heading', { level: 3, name: hidden.title });
    await user.click(within(card(hidden.title)).getByRole('button', { name: 'Restore' }));
    expect(await toastWith(`“${hidden.title}” is public again`)).toBeTruthy();
    expect(bodiesOf(fetch, resolvePath(hidden))).toEqual([{ action: 'restore' }]);
    await waitFor(() => expect(calls('GET', '/api/admin/reports').length).toBe(2));
    // The listing is public again: the lists it is in are read again too.
    expect(afterListingChange).toHaveBeenCalledWith(expect.anything(), hidden.propertyId);
  });

  it('dismisses the reports of a visible listing and asks for the list again', async () => {
    const user = userEvent.setup();
    const { fetch, calls } = showReports({
      extra: { [`POST ${resolvePath(visible)}`]: () => json({ resolved: 1 }) },
    });
    await screen.findByRole('heading', { level: 3, name: visible.title });
    await user.click(within(card(visible.title)).getByRole('button', { name: 'Dismiss' }));
    expect(await toastWith(`Reports of “${visible.title}” dismissed`)).toBeTruthy();
    expect(bodiesOf(fetch, resolvePath(visible))).toEqual([{ action: 'dismiss' }]);
    await waitFor(() => expect(calls('GET', '/api/admin/reports').length).toBe(2));
  });

  it('says so even when the restored listing leaves the open list before the rest reloads', async () => {
    const user = userEvent.setup();
    const open = [hidden, visible];
    // The panel's other lists reload after a resolution too, some slower than the reports (the
    // panel itself: admin-tabs.test.tsx).
    afterListingChange.mockImplementationOnce(
      () => new Promise<void>((resolve) => setTimeout(resolve, 100)),
    );
    showReports({
      open,
      extra: {
        // As the server does: a listing whose reports are closed is no longer open.
        [`POST ${resolvePath(hidden)}`]: () => {
          open.splice(open.indexOf(hidden), 1);
          return json({ resolved: 3 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: hidden.title })).toBeNull());
    expect(await toastWith(`“${hidden.title}” is public again`)).toBeTruthy();
  });

  it('removes a listing only with a reason, sent with the action', async () => {
    const user = userEvent.setup();
    const { fetch, calls } = showReports({
      extra: { [`POST ${resolvePath(hidden)}`]: () => json({ resolved: 3 }) },
    });
    await screen.findByRole('heading', { level: 3, name: hidden.title });
    await user.click(within(card(hidden.title)).getByRole('button', { name: 'Remove' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this listing?' });
    expect(within(dialog).getByText(new RegExp(`“${hidden.title}” leaves Abode`))).toBeTruthy();
    // No reason: nothing is sent, the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    const field = within(dialog).getByRole('textbox', { name: 'Reason for the owner' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(bodiesOf(fetch, resolvePath(hidden))).toEqual([]);

    await user.type(field, 'The lister asked renters for a viewing fee.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    expect(await toastWith(`“${hidden.title}” was removed`)).toBeTruthy();
    expect(bodiesOf(fetch, resolvePath(hidden))).toEqual([
      { action: 'remove', reason: 'The lister asked renters for a viewing fee.' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Remove this listing?' })).toBeNull(),
    );
    await waitFor(() => expect(calls('GET', '/api/admin/reports').length).toBe(2));
  });

  it('shows the resolved reports, with their outcome and no actions', async () => {
    const user = userEvent.setup();
    const closed = makeReported({
      title: 'Closed case in Kumasi',
      reports: [makeReport({ resolution: 'dismiss', resolvedAt: '2026-11-22T10:00:00.000Z' })],
    });
    const { calls } = showReports({ open: [], resolved: [closed] });
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    const resolvedButton = screen.getByRole('button', { name: 'Resolved' });
    expect(resolvedButton.getAttribute('aria-pressed')).toBe('false');
    await user.click(resolvedButton);
    expect(await screen.findByRole('heading', { level: 3, name: closed.title })).toBeTruthy();
    expect(resolvedButton.getAttribute('aria-pressed')).toBe('true');
    expect(calls('GET', '/api/admin/reports').at(-1)!.searchParams.get('status')).toBe('resolved');
    const item = card(closed.title);
    expect(within(item).getByText(/dismissed/)).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('reads the conversation a report was sent from only when asked, oldest first', async () => {
    const user = userEvent.setup();
    const conversationId = '40000000-0000-4000-8000-000000000001';
    const fromConversation = makeReport({ reason: 'asked_for_money', conversationId });
    const listing = makeReported({ title: 'Flat with a MoMo fee', reports: [fromConversation] });
    const conversationPath = `/api/admin/reports/${fromConversation.id}/conversation`;
    const { fetch } = showReports({
      open: [listing, hidden],
      extra: {
        [`GET ${conversationPath}`]: () =>
          json({
            conversationId,
            renter: { id: '20000000-0000-4000-8000-00000000bbb1', name: 'Ama Mensah' },
            lister: { id: '20000000-0000-4000-8000-00000000bbb2', name: 'Kojo Fake' },
            messages: [
              {
                id: '50000000-0000-4000-8000-000000000002',
                body: 'Send 200 cedis viewing fee by MoMo to 024 555 0101',
                event: null,
                sentAt: '2026-11-20T10:05:00.000Z',
                from: 'lister',
                readAt: null,
                warnings: ['payment_before_viewing'],
              },
              {
                id: '50000000-0000-4000-8000-000000000001',
                body: 'Is it still available?',
                event: null,
                sentAt: '2026-11-20T10:00:00.000Z',
                from: 'renter',
                readAt: '2026-11-20T10:01:00.000Z',
                warnings: [],
              },
            ],
            hasMore: false,
          }),
      },
    });
    const article = await screen.findByRole('article', { name: 'Flat with a MoMo fee' });
    expect(within(article).getByText('Each reading is recorded in the audit log.')).toBeTruthy();
    const read = () =>
      fetch.mock.calls.filter(
        ([input]) => new URL(input, 'http://localhost').pathname === conversationPath,
      );
    // Not read until the administrator asks: each reading is audit-logged.
    expect(read()).toHaveLength(0);
    await user.click(within(article).getByRole('button', { name: 'Read the conversation' }));
    const messages = await within(article).findByRole('list', {
      name: 'Messages of the reported conversation',
    });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Renter: Ama Mensah.*Is it still available\?$/),
      expect.stringMatching(
        /^Lister: Kojo Fake.*024 555 0101Warned: asks for money before a viewing$/,
      ),
    ]);
    expect(read()).toHaveLength(1);
    // A report without a conversation offers none.
    expect(
      within(card('Villa with a viewing fee')).queryByRole('button', {
        name: 'Read the conversation',
      }),
    ).toBeNull();
  });

  it('says when the reports could not be loaded', async () => {
    mockApi({
      'GET /api/auth/user': () => json(adminUser),
      'GET /api/admin/reports': () => refusal('internal_error'),
    });
    renderRoute(<ReportsTab afterListingChange={afterListingChange} />, {
      path: '/admin',
      url: '/admin?tab=reports',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The reports could not be loaded.');
  });

  it('says why closing reports was refused, or that it failed', async () => {
    const user = userEvent.setup();
    showReports({
      extra: {
        [`POST ${resolvePath(hidden)}`]: () => refusal('no_open_reports'),
        [`POST ${resolvePath(visible)}`]: () => refusal('internal_error'),
      },
    });
    await screen.findByRole('heading', { level: 3, name: hidden.title });
    await user.click(within(card(hidden.title)).getByRole('button', { name: 'Restore' }));
    expect((await within(card(hidden.title)).findByRole('alert')).textContent).toBe(
      'This listing has no open reports',
    );
    await user.click(within(card(visible.title)).getByRole('button', { name: 'Dismiss' }));
    expect((await within(card(visible.title)).findByRole('alert')).textContent).toBe(
      'The reports could not be closed. Please try again.',
    );
  });
});
