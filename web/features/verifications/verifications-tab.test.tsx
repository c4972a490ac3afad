import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminVerification } from '#common/verifications';
import { formatDateTime } from '../../lib/dates';
import { adminUser } from '../../testing/admin';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import type { AfterListingChange } from './api';
import VerificationsTab from './verifications-tab';

beforeAll(() => i18nReady);
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

/** What the admin panel gives the tab: its lists and the public ones, read again. */
const afterListingChange = vi.fn<AfterListingChange>(() => Promise.resolve());

let sequence = 0;
function makeVerification(overrides: Partial<AdminVerification> = {}): AdminVerification {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    id: `50000000-0000-4000-8000-${n}`,
    kind: 'identity',
    document: 'ghana_card',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    decidedAt: null,
    documentNumber: 'GHA-123456789-0',
    applicant: {
      id: `60000000-0000-4000-8000-${n}`,
      name: `Lister ${sequence}`,
      email: `lister${sequence}@example.com`,
      phone: null,
      userType: 'owner',
      businessName: null,
    },
    fileUrl: `/api/admin/verifications/50000000-0000-4000-8000-${n}/photo`,
    ...overrides,
  };
}

const kwame = makeVerification({
  applicant: {
    id: '60000000-0000-4000-8000-00000000aaa1',
    name: 'Kwame Boateng',
    email: 'kwame@example.com',
    phone: '+233241234567',
    userType: 'owner',
    businessName: null,
  },
});
const efua = makeVerification({
  kind: 'agent_licence',
  document: null,
  documentNumber: 'REA/2026/0042',
  createdAt: '2026-11-21T12:00:00.000Z',
  applicant: {
    id: '60000000-0000-4000-8000-00000000aaa2',
    name: 'Efua Addo',
    email: null,
    phone: '+233242222222',
    userType: 'agent',
    businessName: 'Addo Realty',
  },
});

const listPath = '/api/admin/verifications';
const decisionPath = (request: AdminVerification) => `${listPath}/${request.id}/decision`;

/** The tab alone; GET answers the list of the status asked for. */
function showTab({
  pending = [kwame, efua],
  approved = [],
  rejected = [],
  extra = {},
}: {
  pending?: AdminVerification[];
  approved?: AdminVerification[];
  rejected?: AdminVerification[];
  extra?: Handlers;
} = {}) {
  const lists = { pending, approved, rejected };
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    [`GET ${listPath}`]: (url) => {
      const status = (url.searchParams.get('status') ?? 'pending') as keyof typeof lists;
      const verifications = lists[status];
      return json({ verifications, total: verifications.length });
    },
    ...extra,
  });
  const view = renderRoute(<VerificationsTab afterListingChange={afterListingChange} />, {
    path: '/admin',
    url: '/admin?tab=verifications',
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

const titleOf = (request: AdminVerification) =>
  `${request.kind === 'identity' ? 'Identity' : 'Agent licence'} · ${request.applicant.name}`;
const card = (request: AdminVerification) =>
  screen.getByRole('article', { name: titleOf(request) });
const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

describe('admin panel, Verifications tab', () => {
  it('lists the waiting requests with applicant, contacts, number and photo', async () => {
    const { calls } = showTab();
    expect(await screen.findByRole('heading', { level: 3, name: titleOf(kwame) })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Verification requests' })).toBeTruthy();
    const asked = calls('GET', listPath)[0]!.searchParams;
    expect(asked.get('status')).toBe('pending');
    expect(asked.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Waiting' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const first = card(kwame);
    expect(within(first).getByText('Owner')).toBeTruthy();
    expect(within(first).getByText('kwame@example.com · +233241234567')).toBeTruthy();
    expect(within(first).getByText('Ghana Card:')).toBeTruthy();
    expect(within(first).getByText('GHA-123456789-0')).toBeTruthy();
    expect(within(first).getByText(`Sent ${formatDateTime(kwame.createdAt, 'en')}`)).toBeTruthy();
    const image = within(first).getByRole('img', {
      name: 'Document photo sent by Kwame Boateng',
    });
    expect(image.getAttribute('src')).toBe(kwame.fileUrl);
    const link = image.closest('a')!;
    expect(link.getAttribute('href')).toBe(kwame.fileUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(first).getByRole('button', { name: 'Approve Kwame Boateng' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Reject Kwame Boateng' })).toBeTruthy();

    const second = card(efua);
    expect(within(second).getByText('Agent')).toBeTruthy();
    expect(within(second).getByText('Addo Realty')).toBeTruthy();
    expect(within(second).getByText('+233242222222')).toBeTruthy();
    expect(within(second).getByText('Agent licence:')).toBeTruthy();
    expect(within(second).getByText('REA/2026/0042')).toBeTruthy();
    expect(
      within(second)
        .getByRole('img', { name: 'Document photo sent by Efua Addo' })
        .getAttribute('src'),
    ).toBe(efua.fileUrl);
  });

  it('approves a request, says so and reads the list again', async () => {
    const user = userEvent.setup();
    const { fetch, calls } = showTab({
      extra: { [`POST ${decisionPath(kwame)}`]: () => json({ status: 'approved' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Kwame Boateng' }));
    expect(await toastWith('Kwame Boateng is verified')).toBeTruthy();
    expect(bodiesOf(fetch, decisionPath(kwame))).toEqual([{ decision: 'approve' }]);
    await waitFor(() => expect(calls('GET', listPath).length).toBe(2));
    // The badges of the lister's listings changed: the panel's lists are read again too.
    expect(afterListingChange).toHaveBeenCalledTimes(1);
  });

  it('says so even when the approved request leaves the list on reload', async () => {
    const user = userEvent.setup();
    const waiting = [kwame, efua];
    const { fetch } = showTab({
      pending: waiting,
      extra: {
        // As the server does: a decided request is no longer waiting.
        [`POST ${decisionPath(kwame)}`]: () => {
          waiting.splice(waiting.indexOf(kwame), 1);
          return json({ status: 'approved' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Kwame Boateng' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: titleOf(kwame) })).toBeNull());
    expect(await toastWith('Kwame Boateng is verified')).toBeTruthy();
    expect(bodiesOf(fetch, decisionPath(kwame))).toEqual([{ decision: 'approve' }]);
    expect(card(efua)).toBeTruthy();
  });

  it('says so even when the other lists reload more slowly than this one', async () => {
    const user = userEvent.setup();
    const waiting = [kwame];
    // The panel's listings reload after a decision too, slower than this list (the panel
    // itself: admin-tabs.test.tsx).
    afterListingChange.mockImplementationOnce(
      () => new Promise<void>((resolve) => setTimeout(resolve, 100)),
    );
    showTab({
      pending: waiting,
      extra: {
        [`POST ${decisionPath(kwame)}`]: () => {
          waiting.length = 0;
          return json({ status: 'approved' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Kwame Boateng' }));
    expect(await screen.findByText('No requests waiting.')).toBeTruthy();
    expect(await toastWith('Kwame Boateng is verified')).toBeTruthy();
  });

  it('rejects a request only with a reason, sent with the decision', async () => {
    const user = userEvent.setup();
    const { fetch, calls } = showTab({
      extra: { [`POST ${decisionPath(efua)}`]: () => json({ status: 'rejected' }) },
    });
    await screen.findByRole('heading', { level: 3, name: titleOf(efua) });
    await user.click(
      within(card(efua)).getByRole('button', { name: `Reject ${efua.applicant.name}` }),
    );

    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this request?' });
    expect(
      within(dialog).getByText('Efua Addo is told why and may send a new request.'),
    ).toBeTruthy();
    // No reason: nothing is sent, the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    const field = within(dialog).getByRole('textbox', { name: 'Reason for the applicant' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(bodiesOf(fetch, decisionPath(efua))).toEqual([]);

    await user.type(field, 'The licence number does not match the photo.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await toastWith('The request of Efua Addo was rejected')).toBeTruthy();
    expect(bodiesOf(fetch, decisionPath(efua))).toEqual([
      { decision: 'reject', reason: 'The licence number does not match the photo.' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Reject this request?' })).toBeNull(),
    );
    await waitFor(() => expect(calls('GET', listPath).length).toBe(2));
  });

  it('asks for the approved and the rejected requests, shown without actions', async () => {
    const user = userEvent.setup();
    const approved = makeVerification({
      status: 'approved',
      decidedAt: '2026-11-21T12:00:00.000Z',
      applicant: { ...kwame.applicant, name: 'Yaw Darko' },
    });
    const rejected = makeVerification({
      status: 'rejected',
      decidedAt: '2026-11-22T12:00:00.000Z',
      reason: 'The photo is too blurry to read the number.',
      applicant: { ...kwame.applicant, name: 'Akosua Mensah' },
    });
    const { calls } = showTab({ pending: [], approved: [approved], rejected: [rejected] });
    expect(await screen.findByText('No requests waiting.')).toBeTruthy();

    const approvedButton = screen.getByRole('button', { name: 'Approved' });
    await user.click(approvedButton);
    expect(await screen.findByRole('heading', { level: 3, name: titleOf(approved) })).toBeTruthy();
    expect(approvedButton.getAttribute('aria-pressed')).toBe('true');
    expect(calls('GET', listPath).at(-1)!.searchParams.get('status')).toBe('approved');
    expect(
      within(card(approved)).getByText(
        `Sent ${formatDateTime(approved.createdAt, 'en')} · approved ${formatDateTime(approved.decidedAt!, 'en')}`,
      ),
    ).toBeTruthy();
    expect(within(card(approved)).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByRole('heading', { level: 3, name: titleOf(rejected) })).toBeTruthy();
    expect(calls('GET', listPath).at(-1)!.searchParams.get('status')).toBe('rejected');
    const item = card(rejected);
    expect(item.textContent).toContain('Reason: The photo is too blurry to read the number.');
    expect(within(item).getByText(/· rejected /)).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('says when the photo was deleted', async () => {
    const gone = makeVerification({
      status: 'approved',
      decidedAt: '2026-10-01T12:00:00.000Z',
      fileUrl: null,
    });
    showTab({ pending: [gone] });
    await screen.findByRole('heading', { level: 3, name: titleOf(gone) });
    expect(
      within(card(gone)).getByText('The photo was deleted 30 days after the decision.'),
    ).toBeTruthy();
    expect(within(card(gone)).queryByRole('img')).toBeNull();
    expect(within(card(gone)).queryByRole('link')).toBeNull();
  });

  it('says when the requests could not be loaded', async () => {
    mockApi({
      'GET /api/auth/user': () => json(adminUser),
      [`GET ${listPath}`]: () => refusal('internal_error'),
    });
    renderRoute(<VerificationsTab afterListingChange={afterListingChange} />, {
      path: '/admin',
      url: '/admin?tab=verifications',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The requests could not be loaded.',
    );
  });

  it('says why a decision was refused, or that it failed', async () => {
    const user = userEvent.setup();
    showTab({
      extra: {
        [`POST ${decisionPath(kwame)}`]: () => refusal('verification_decided'),
        [`POST ${decisionPath(efua)}`]: () => refusal('internal_error'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve Kwame Boateng' }));
    expect((await within(card(kwame)).findByRole('alert')).textContent).toBe(
      'This request has already been decided',
    );
    await user.click(within(card(efua)).getByRole('button', { name: 'Approve Efua Addo' }));
    expect((await within(card(efua)).findByRole('alert')).textContent).toBe(
      'The decision could not be saved. Please try again.',
    );
  });

  it('pages through more than one page of requests', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 21 }, () => makeVerification());
    const { calls } = mockApi({
      'GET /api/auth/user': () => json(adminUser),
      [`GET ${listPath}`]: (url) => {
        const page = Number(url.searchParams.get('page'));
        return json({ verifications: many.slice((page - 1) * 20, page * 20), total: 21 });
      },
    });
    renderRoute(<VerificationsTab afterListingChange={afterListingChange} />, {
      path: '/admin',
      url: '/admin?tab=verifications',
    });
    const pages = await screen.findByRole('navigation', {
      name: 'Pages of verification requests',
    });
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { level: 3, name: titleOf(many[20]!) })).toBeTruthy();
    expect(calls('GET', listPath).at(-1)!.searchParams.get('page')).toBe('2');
  });
});
