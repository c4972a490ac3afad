import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import i18next from '../../lib/i18n';
import { clearToasts } from '../../lib/toast';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import { ReportListing } from './report-listing';

beforeAll(() => i18nReady);
beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

const propertyId = '00000000-0000-4000-8000-0000000000f1';
const title = 'Sunny flat in Osu';
const reportsPath = `/api/properties/${propertyId}/reports`;
const created = (hidden = false) => json({ id: '00000000-0000-4000-8000-0000000000c1', hidden });

function show({
  user = null,
  isOwn = false,
  reportedAt = null,
  extra = {},
}: { user?: User | null; isOwn?: boolean; reportedAt?: string | null; extra?: Handlers } = {}) {
  const api = mockApi({
    ...(user ? { 'GET /api/auth/user': () => json(user) } : {}),
    ...extra,
  });
  const listing = (
    <ReportListing propertyId={propertyId} title={title} isOwn={isOwn} reportedAt={reportedAt} />
  );
  const view = renderRoute(listing, {
    path: '/property/:id',
    url: `/property/${propertyId}`,
  });
  return { ...api, ...view };
}

const bodies = (fetch: ReturnType<typeof mockApi>['fetch']) =>
  fetch.mock.calls
    .filter(
      ([input, init]) =>
        new URL(input, 'http://localhost').pathname === reportsPath && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

/** Opens the dialog as a signed-in user. */
async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
  return screen.findByRole('dialog', { name: 'Report this listing' });
}

describe('Report this listing', () => {
  it('sends a visitor to sign in and come back', async () => {
    show();
    const link = await screen.findByRole('link', { name: 'Report this listing' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('next')).toBe(`/property/${propertyId}`);
  });

  it('shows nothing to the owner of the listing', async () => {
    const { fetch } = show({ user: renter, isOwn: true });
    // Nothing to wait for: the owner's view renders nothing at once.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Report this listing' })).toBeNull();
  });

  it('asks an account without a verified e-mail or phone to verify first', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: {
        ...renter,
        email: 'abena@example.com',
        phone: '+233241234567',
        emailVerified: false,
        phoneVerified: false,
        isVerified: false,
      },
    });
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByText(`Tell us what is wrong with “${title}”.`, { exact: false }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Verify your email address or phone number before reporting a listing',
    );
    const email = within(dialog).getByRole('link', { name: 'Verify my email' });
    const phone = within(dialog).getByRole('link', { name: 'Verify my phone' });
    expect(new URL(email.getAttribute('href')!, 'http://localhost').pathname).toBe('/verify-email');
    expect(new URL(phone.getAttribute('href')!, 'http://localhost').pathname).toBe('/verify-phone');
    // No form to send.
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send report' })).toBeNull();
    expect(bodies(fetch)).toEqual([]);
  });

  it('offers only the way the account has: e-mail without a phone', async () => {
    const user = userEvent.setup();
    show({ user: { ...renter, phone: null, emailVerified: false, isVerified: false } });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('link', { name: 'Verify my email' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Verify my phone' })).toBeNull();
  });

  it('requires a reason, then sends it without a note and thanks the renter', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: renter,
      extra: { [`POST ${reportsPath}`]: () => created(false) },
    });
    const dialog = await openDialog(user);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what is wrong.')).toBeTruthy();
    expect(bodies(fetch)).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /Not available for rent/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await toastWith('Thank you for your report')).toBeTruthy();
    expect(
      await toastWith('Our team will review it. We will tell you what we decide.'),
    ).toBeTruthy();
    expect(bodies(fetch)).toEqual([{ reason: 'not_available' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The button gives way to when they reported it (issue 34).
    expect(
      screen.getByText(/^You reported this listing on .+\. Our team reviews every report\.$/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull();
  });

  it('tells a reader who reported it already when, instead of the form (issue 34)', async () => {
    show({ user: renter, reportedAt: '2026-11-20T10:00:00.000Z' });
    expect(
      await screen.findByText(
        'You reported this listing on Nov 20, 2026. Our team reviews every report.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull();
  });

  it('says it in the reader’s language (issue 34)', async () => {
    await i18next.changeLanguage('fr');
    try {
      show({ user: renter, reportedAt: '2026-11-20T10:00:00.000Z' });
      expect(await screen.findByText(/^Vous avez signalé cette annonce le .*2026/)).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('requires a note for "Something else", and says when the report hid the listing', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: { ...renter, emailVerified: false, phone: '+233241234567', phoneVerified: true },
      extra: { [`POST ${reportsPath}`]: () => created(true) },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: /Something else/ }));
    const note = within(dialog).getByRole('textbox', { name: 'What happened' });
    expect(note.getAttribute('aria-required')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(bodies(fetch)).toEqual([]);

    await user.type(note, 'The photos are of another house.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await toastWith(
        'Several renters reported this listing, so it is now hidden while our team reviews the reports.',
      ),
    ).toBeTruthy();
    expect(bodies(fetch)).toEqual([{ reason: 'other', note: 'The photos are of another house.' }]);
  });

  it('sends the optional note with another reason', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: renter,
      extra: { [`POST ${reportsPath}`]: () => created(false) },
    });
    const dialog = await openDialog(user);
    await user.click(
      within(dialog).getByRole('radio', { name: /Asked for money before a viewing/ }),
    );
    const note = within(dialog).getByRole('textbox', { name: 'What happened (optional)' });
    expect(note.getAttribute('aria-required')).toBe('false');
    await user.type(note, 'GH₵200 by mobile money');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await toastWith('Thank you for your report')).toBeTruthy();
    expect(bodies(fetch)).toEqual([{ reason: 'asked_for_money', note: 'GH₵200 by mobile money' }]);
  });

  it('says that the renter already reported it (409 report_exists)', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: renter,
      extra: { [`POST ${reportsPath}`]: () => refusal('report_exists') },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: /Duplicate listing/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have already reported this listing',
    );
    expect(bodies(fetch)).toEqual([{ reason: 'duplicate' }]);
    // The dialog stays open, no thanks.
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeTruthy();
    expect(screen.queryByText('Thank you for your report')).toBeNull();
  });

  it('says it in the reader’s language, from the code, not the server’s English', async () => {
    await i18next.changeLanguage('fr');
    try {
      const user = userEvent.setup();
      show({
        user: renter,
        extra: { [`POST ${reportsPath}`]: () => refusal('report_exists') },
      });
      await user.click(await screen.findByRole('button', { name: 'Signaler cette annonce' }));
      const dialog = await screen.findByRole('dialog', { name: 'Signaler cette annonce' });
      await user.click(within(dialog).getByRole('radio', { name: /Annonce en double/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Vous avez déjà signalé cette annonce. Notre équipe va l’examiner.',
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('cancels without sending anything', async () => {
    const user = userEvent.setup();
    const { fetch } = show({ user: renter });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fetch)).toEqual([]);
  });
});
