import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangeRate } from '#common/money';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import { ExchangeRateCard } from './exchange-rate-card';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type Handlers = Parameters<typeof mockApi>[0];

// Midday UTC: the same calendar day in every time zone the tests may run in.
const current: ExchangeRate = { ghsPerUsd: 15, setAt: '2026-11-02T12:00:00.000Z' };

/** The card as the admin panel's Settings tab shows it (the tab: settings-tab.test.tsx). */
function showSettings(extra: Handlers = {}) {
  const api = mockApi({
    'GET /api/exchange-rate': () => json(current),
    ...extra,
  });
  const view = renderRoute(<ExchangeRateCard />, { path: '/admin', url: '/admin?tab=settings' });
  return { ...api, queryClient: view.queryClient };
}

const rateCard = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Exchange rate' })).parentElement!;

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

async function saveRate(value: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText<HTMLInputElement>('Cedis per US dollar');
  // The field starts at the rate in use; the administrator replaces it.
  await waitFor(() => expect(input.value).toBe(String(current.ghsPerUsd)));
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'Save rate' }));
}

const invalidText = 'Enter a rate above 0 and at most 1,000, with up to four decimals';

describe('admin panel, Settings tab: exchange rate', () => {
  it('shows the rate in use and when it was set, and what it does', async () => {
    showSettings();
    const card = await rateCard();
    expect(await within(card).findByText('$1 = GH₵ 15.00, set Nov 2, 2026')).toBeTruthy();
    expect(within(card).getByText(/re-ranks dollar listings at once/)).toBeTruthy();
  });

  it('starts the field at the rate in use (issue 34)', async () => {
    showSettings();
    const input = await screen.findByLabelText<HTMLInputElement>('Cedis per US dollar');
    await waitFor(() => expect(input.value).toBe('15'));
  });

  it('saves a valid rate, shows it at once and shares it with the renters’ pages', async () => {
    const saved: ExchangeRate = { ghsPerUsd: 15.4, setAt: '2026-11-24T12:00:00.000Z' };
    const { fetch, calls, queryClient } = showSettings({
      'PUT /api/admin/exchange-rate': () => json(saved),
    });
    const card = await rateCard();
    await within(card).findByText('$1 = GH₵ 15.00, set Nov 2, 2026');
    await saveRate('15.40');

    expect(await toastWith('Exchange rate saved')).toBeTruthy();
    expect(await within(card).findByText('$1 = GH₵ 15.40, set Nov 24, 2026')).toBeTruthy();
    expect(calls('PUT', '/api/admin/exchange-rate')).toHaveLength(1);
    const [, init] = fetch.mock.calls.find(([input]) => input === '/api/admin/exchange-rate')!;
    expect(JSON.parse(String(init!.body))).toEqual({ ghsPerUsd: 15.4 });
    // The renters' pages read the same cache entry (properties' exchangeRateKey).
    expect(queryClient.getQueryData(['/api/exchange-rate'])).toEqual(saved);
    // The field then holds the rate now in use.
    await waitFor(() =>
      expect(Number((screen.getByLabelText('Cedis per US dollar') as HTMLInputElement).value)).toBe(
        15.4,
      ),
    );
  });

  it.each(['0', '1001', '15.12345', ''])(
    'refuses %j with the rule, sending nothing',
    async (value) => {
      const { calls } = showSettings();
      await within(await rateCard()).findByText('$1 = GH₵ 15.00, set Nov 2, 2026');
      await saveRate(value);
      expect(await screen.findByText(invalidText)).toBeTruthy();
      expect(screen.getByLabelText('Cedis per US dollar').getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(calls('PUT', '/api/admin/exchange-rate')).toHaveLength(0);
    },
  );

  it('shows the message in the reader’s language', async () => {
    await i18next.changeLanguage('fr');
    try {
      showSettings();
      const card = (await screen.findByRole('heading', { level: 2, name: 'Taux de change' }))
        .parentElement!;
      expect(await within(card).findByText('1 $ = 15,00 GH₵, fixé le 2 nov. 2026')).toBeTruthy();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Cedis par dollar américain'), '1001');
      await user.click(screen.getByRole('button', { name: 'Enregistrer le taux' }));
      expect(
        await screen.findByText(
          /^Saisissez un taux supérieur à 0 et d’au plus 1\s000, avec quatre décimales au maximum$/,
        ),
      ).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows the server’s field message beside the input when it refuses the rate', async () => {
    const { calls } = showSettings({
      'PUT /api/admin/exchange-rate': () =>
        refusal('invalid_input', { fields: { ghsPerUsd: 'invalidValue' } }),
    });
    await within(await rateCard()).findByText('$1 = GH₵ 15.00, set Nov 2, 2026');
    await saveRate('15.4');
    expect(await toastWith('Failed to save the exchange rate')).toBeTruthy();
    const message = await screen.findByText(invalidText);
    expect(screen.getByLabelText('Cedis per US dollar').getAttribute('aria-describedby')).toBe(
      message.id,
    );
    expect(calls('PUT', '/api/admin/exchange-rate')).toHaveLength(1);
    // The rate in use stays as it was.
    expect(screen.getByText('$1 = GH₵ 15.00, set Nov 2, 2026')).toBeTruthy();
  });

  it('asks to wait when changes come too fast', async () => {
    showSettings({
      'PUT /api/admin/exchange-rate': () => refusal('rate_limited', { params: { minutes: 1 } }),
    });
    await saveRate('15.4');
    expect(await toastWith(/Too many attempts/)).toBeTruthy();
  });

  it('disables the input while the rate is being saved', async () => {
    let answer: (response: Response) => void = () => undefined;
    showSettings({
      'PUT /api/admin/exchange-rate': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await saveRate('16');
    const input = screen.getByLabelText('Cedis per US dollar') as HTMLInputElement;
    await waitFor(() => expect(input.disabled).toBe(true));
    expect(screen.getByRole('button', { name: /Saving/ })).toBeTruthy();
    answer(json({ ghsPerUsd: 16, setAt: '2026-11-24T12:00:00.000Z' }));
    await waitFor(() => expect(input.disabled).toBe(false));
  });
});
