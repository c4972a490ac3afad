import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../lib/toast';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import ListingPlansPage from './listing-plans-page';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToasts();
  await i18next.changeLanguage('en');
});

const owner = { ...renter, userType: 'owner' as const };

function openPlans(
  signedIn = true,
  planAnswer = (plan: string) =>
    json({ message: 'Your plan has been saved', user: { ...owner, plan } }),
) {
  const api = mockApi(
    signedIn
      ? {
          'GET /api/auth/user': () => json(owner),
          'PUT /api/account/plan': (_url, init) =>
            planAnswer((JSON.parse(String(init?.body)) as { plan: string }).plan),
        }
      : {},
  );
  renderRoute(<ListingPlansPage />, { path: '/listing-payment', url: '/listing-payment' });
  return api;
}

/** The card of a plan, found by its heading. */
const planCard = async (name: string) =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

const planButtons = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.closest('section')) as HTMLButtonElement[];

describe('listing plans page', () => {
  it('shows the three monthly plans, their photo limits, and Premium as Most Popular', async () => {
    openPlans();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Choose Your Listing Plan' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Basic',
      'Premium',
      'Featured',
    ]);

    const basic = await planCard('Basic');
    expect(basic.getByText('$19.99')).toBeTruthy();
    expect(basic.getByText('Up to 10 photos per property')).toBeTruthy();
    expect(basic.getByText('Unlimited properties')).toBeTruthy();
    expect(basic.queryByText('Most Popular')).toBeNull();

    const premium = await planCard('Premium');
    expect(premium.getByText('$39.99')).toBeTruthy();
    expect(premium.getAllByText('/month')).toHaveLength(1);
    expect(premium.getByText('Up to 25 photos per property')).toBeTruthy();
    expect(premium.getByText('Most Popular')).toBeTruthy();

    const featured = await planCard('Featured');
    expect(featured.getByText('$59.99')).toBeTruthy();
    expect(featured.getByText('Unlimited photos per property')).toBeTruthy();
    expect(featured.getByText('Unlimited properties')).toBeTruthy();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(document.title).toBe('Choose Your Listing Plan · Abode');
  });

  it('simulates the purchase: 2 s of "Processing…", every plan disabled, a toast, then the wizard with ?plan=', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetch } = openPlans();
    const choose = await screen.findByRole('button', { name: 'Choose Premium' });
    await vi.waitFor(() => expect((choose as HTMLButtonElement).disabled).toBe(false));
    const requestsBefore = fetch.mock.calls.length;

    await user.click(choose);
    const processing = screen.getByRole('button', { name: 'Processing…' });
    expect((await planCard('Premium')).getByRole('button')).toBe(processing);
    expect(planButtons()).toHaveLength(3);
    expect(planButtons().every((button) => button.disabled)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Processing…');

    act(() => vi.advanceTimersByTime(1900));
    expect(router.location?.pathname).toBe('/listing-payment');
    expect(screen.queryByText('Plan activated')).toBeNull();

    act(() => vi.advanceTimersByTime(200));
    await vi.waitFor(() => expect(router.location?.pathname).toBe('/list-property'));
    expect(router.location?.search).toBe('?plan=premium');
    const toasts = within(screen.getByRole('region', { name: /Notifications/ }));
    expect(toasts.getByText('Plan activated')).toBeTruthy();
    expect(toasts.getByText('Your Premium plan is active. Now list your property.')).toBeTruthy();

    // No payment is taken (spec 4): the server only records the plan chosen, which sets the
    // photos per listing (issue 15).
    const calls = fetch.mock.calls.slice(requestsBefore);
    expect(calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ['/api/account/plan', 'PUT', JSON.stringify({ plan: 'premium' })],
    ]);
  });

  it('says so and stays on the plans when the choice cannot be saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openPlans(true, () => json({ message: 'Database unavailable' }, 503));
    const choose = await screen.findByRole('button', { name: 'Choose Basic' });
    await vi.waitFor(() => expect((choose as HTMLButtonElement).disabled).toBe(false));
    await user.click(choose);
    act(() => vi.advanceTimersByTime(2100));
    const toasts = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await toasts.findByText('Your plan could not be saved')).toBeTruthy();
    expect(router.location?.pathname).toBe('/listing-payment');
    await vi.waitFor(() => expect((choose as HTMLButtonElement).disabled).toBe(false));
  });

  it('marks the plan the user has', async () => {
    mockApi({ 'GET /api/auth/user': () => json({ ...owner, plan: 'featured' }) });
    renderRoute(<ListingPlansPage />, { path: '/listing-payment', url: '/listing-payment' });
    expect(await (await planCard('Featured')).findByText('Your plan')).toBeTruthy();
    expect((await planCard('Premium')).queryByText('Your plan')).toBeNull();
  });

  it('ignores a second choice while the first is processing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openPlans();
    const basic = await screen.findByRole('button', { name: 'Choose Basic' });
    await vi.waitFor(() => expect((basic as HTMLButtonElement).disabled).toBe(false));
    await user.click(basic);
    await user.click(screen.getByRole('button', { name: 'Choose Featured' }));
    act(() => vi.advanceTimersByTime(2100));
    await vi.waitFor(() => expect(router.location?.search).toBe('?plan=basic'));
  });

  it('lets visitors see the plans and sends them to sign up when they choose one', async () => {
    const user = userEvent.setup();
    const { fetch } = openPlans(false);
    expect(
      await screen.findByText(
        'New to Abode? Choosing a plan takes you to create a free account first.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Choose Featured' }));
    expect(router.location?.pathname).toBe('/register');
    expect(router.location?.search).toBe('?action=list-property');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user']);
  });

  it('formats the prices and texts for the reader', async () => {
    await i18next.changeLanguage('de');
    openPlans();
    const premium = await planCard('Premium');
    expect(premium.getByText('$39,99')).toBeTruthy();
    expect(premium.getByText('Am beliebtesten')).toBeTruthy();
    expect(premium.getByRole('button', { name: 'Tarif Premium wählen' })).toBeTruthy();
  });
});
