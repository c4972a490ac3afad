import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import type { SavedSearch } from '#common/saved-searches';
import { clearToasts } from '../../lib/toast';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import { SaveSearchButton } from './save-search-button';

beforeAll(() => i18nReady);
beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

const query = {
  location: 'Accra',
  propertyType: 'apartment',
  bedrooms: '2',
  maxPrice: '3000',
  timePeriod: 'months',
  currency: 'GH₵',
};
const url = `/search?${new URLSearchParams(query)}`;

const answer = (body: { name: string; channel: string; frequency: string }): SavedSearch => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  query,
  createdAt: '2026-11-26T10:00:00.000Z',
  lastAlertAt: null,
  alertCount: 0,
  ...(body as Pick<SavedSearch, 'name' | 'channel' | 'frequency'>),
});

function show({ user = null, extra = {} }: { user?: User | null; extra?: Handlers } = {}) {
  const api = mockApi({ ...(user ? { 'GET /api/auth/user': () => json(user) } : {}), ...extra });
  renderRoute(<SaveSearchButton query={query} />, { path: '/search', url });
  return api;
}

const posted = (fetch: ReturnType<typeof mockApi>['fetch']) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Save this search' }));
  return screen.findByRole('dialog', { name: 'Save this search' });
}

describe('Save this search', () => {
  it('sends a visitor to sign in and back to the same search', async () => {
    show();
    const link = await screen.findByRole('link', { name: 'Save this search' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('next')).toBe(url);
  });

  it('names the search from its filters and offers e-mail, with SMS off until a phone is verified', async () => {
    const user = userEvent.setup();
    // A phone not verified yet (an account without one is told to add one: alert-channels.test).
    show({ user: { ...renter, phone: '+233241234567' } });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'Accra · Apartment · 2+ bedrooms · up to GH₵3,000/month',
    );
    const email = within(dialog).getByRole('radio', { name: 'Email' });
    const sms = within(dialog).getByRole('radio', { name: 'SMS' });
    expect(email.getAttribute('aria-checked')).toBe('true');
    expect(sms).toHaveProperty('disabled', true);
    expect(sms.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Verify your phone number to get alerts by SMS')).toBeTruthy();
    const settings = within(dialog).getByRole('link', { name: 'Account Settings' });
    expect(settings.getAttribute('href')).toBe('/account-settings');
    expect(
      within(dialog).getByRole('radio', { name: 'Instant' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('chooses SMS for an account whose only verified address is its phone', async () => {
    const user = userEvent.setup();
    show({
      user: { ...renter, emailVerified: false, phone: '+233241234567', phoneVerified: true },
    });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('radio', { name: 'SMS' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(dialog).getByRole('radio', { name: 'Email' })).toHaveProperty('disabled', true);
    expect(
      within(dialog).getByText('Verify your email address to get alerts by email'),
    ).toBeTruthy();
  });

  it('saves the search with its alert settings and links to the alerts from the toast', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: renter,
      extra: {
        'POST /api/saved-searches': (_, init) =>
          json(answer(JSON.parse(String(init!.body)) as Parameters<typeof answer>[0]), 201),
      },
    });
    const dialog = await openDialog(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Flats near work');
    await user.click(within(dialog).getByRole('radio', { name: 'Daily at 08:00 GMT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('region', { name: /Notifications/ });
    expect(
      await within(toast).findByText("Search saved. We'll tell you when a new place matches."),
    ).toBeTruthy();
    expect(posted(fetch)).toEqual([
      { name: 'Flats near work', query, channel: 'email', frequency: 'daily' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // jsdom lacks the pointer capture Radix Toast uses on a press: the link is read, not pressed.
    const manage = within(toast).getByRole('link', { name: 'Manage alerts' });
    expect(manage.getAttribute('href')).toBe('/account/saved-searches');
    expect(router.location?.pathname).toBe('/search');
  });

  it('saves a cleared name as the proposed one, in the reader’s language', async () => {
    const user = userEvent.setup();
    const { fetch } = show({
      user: renter,
      extra: {
        'POST /api/saved-searches': (_, init) =>
          json(answer(JSON.parse(String(init!.body)) as Parameters<typeof answer>[0]), 201),
      },
    });
    const dialog = await openDialog(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const proposed = (name as HTMLInputElement).value;
    expect(proposed).not.toBe('');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(fetch)).toHaveLength(1));
    expect(posted(fetch)[0]).toMatchObject({ name: proposed });
  });

  it('refuses a name that is too long before asking the server', async () => {
    const user = userEvent.setup();
    const { fetch } = show({ user: renter });
    const dialog = await openDialog(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    // maxLength stops typing at 80; a pasted longer name is still refused by the schema.
    name.removeAttribute('maxlength');
    await user.click(name);
    await user.paste('x'.repeat(81));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value is too long')).toBeTruthy();
    expect(posted(fetch)).toEqual([]);
  });

  it('shows the limit in the reader’s words when 20 searches are already saved', async () => {
    const user = userEvent.setup();
    show({
      user: renter,
      extra: {
        'POST /api/saved-searches': () => refusal('saved_searches_limit', { params: { max: 20 } }),
      },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You can save up to 20 searches. Delete one to save another.',
    );
    // The dialog stays open so the reader can go and delete one.
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('names the filters the server refused', async () => {
    const user = userEvent.setup();
    show({
      user: renter,
      extra: {
        'POST /api/saved-searches': () =>
          refusal('invalid_input', { fields: { 'query.bedrooms': 'invalidValue' } }),
      },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Some filters of this search can't be saved (bedrooms). Change them and try again.",
    );
  });
});
