import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { languageCodes } from '#common/languages';
import type { UnsubscribeTarget } from '#common/saved-searches';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import zh from '../../locales/zh.json';
import { paths } from '../../paths';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import AlertsUnsubscribePage from './alerts-unsubscribe-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const token = 'eyJzIjoiMSJ9.sig';
const search = (stopped: boolean): UnsubscribeTarget => ({
  kind: 'saved-search',
  name: 'Flats in Accra',
  stopped,
});

/** The page as the link opens it; the API answers the GET and the POSTs as given. */
function open(handlers: Parameters<typeof mockApi>[0], url = paths.alertsUnsubscribe(token)) {
  const api = mockApi(handlers);
  renderRoute(<AlertsUnsubscribePage />, { path: '/alerts/unsubscribe', url });
  const posts = (path: string) =>
    api.fetch.mock.calls
      .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { ...api, posts };
}
const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/alerts/unsubscribe', () => {
  it('says what will stop and changes nothing until the button is pressed; then stopped, with undo', async () => {
    let stopped = false;
    const { posts } = open({
      'GET /api/saved-searches/unsubscribe': (url) => {
        expect(url.searchParams.get('token')).toBe(token);
        return json(search(stopped));
      },
      'POST /api/saved-searches/unsubscribe': () => json(search((stopped = true))),
      'POST /api/saved-searches/resubscribe': () => json(search((stopped = false))),
    });
    expect(await screen.findByRole('heading', { name: 'Stop these alerts?' })).toBeTruthy();
    expect(
      await screen.findByText(
        'You will stop getting alerts for “Flats in Accra”. The saved search stays in your account, where you can turn its alerts on again.',
      ),
    ).toBeTruthy();
    // Opening the page sent nothing that changes anything.
    expect(posts('/api/saved-searches/unsubscribe')).toEqual([]);
    expect(hrefOf('Manage your alerts')).toBe('/account/saved-searches');

    await userEvent.click(screen.getByRole('button', { name: 'Stop alerts' }));
    expect(await screen.findByRole('heading', { name: 'Alerts stopped' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'You will no longer get alerts for “Flats in Accra”.',
    );
    expect(posts('/api/saved-searches/unsubscribe')).toEqual([{ token }]);
    expect(document.title).toBe('Alerts stopped · Abode');
    expect(hrefOf('Manage your alerts')).toBe('/account/saved-searches');

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Your alerts are on again.')).toBeTruthy();
    expect(posts('/api/saved-searches/resubscribe')).toEqual([{ token }]);
    expect(screen.getByRole('button', { name: 'Stop alerts' })).toBeTruthy();
  });

  it('names a listing for price alerts, and shows alerts already stopped as stopped', async () => {
    open({
      'GET /api/saved-searches/unsubscribe': () =>
        json({ kind: 'price-alerts', name: 'Garden flat in Osu', stopped: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Alerts stopped' })).toBeTruthy();
    expect(
      screen.getByText('You will no longer get price-drop alerts for “Garden flat in Osu”.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('says an expired link has expired and offers to sign in and manage alerts', async () => {
    const { posts } = open({
      'GET /api/saved-searches/unsubscribe': () => refusal('unsubscribe_link_expired'),
    });
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeTruthy();
    expect(
      screen.getByText('This unsubscribe link has expired. Sign in to manage your alerts.'),
    ).toBeTruthy();
    expect(hrefOf('Sign in to manage your alerts')).toBe('/login?next=%2Faccount%2Fsaved-searches');
    expect(screen.queryByRole('button', { name: 'Stop alerts' })).toBeNull();
    expect(posts('/api/saved-searches/unsubscribe')).toEqual([]);
  });

  it('says a link it cannot read is not valid, asking nothing without a token', async () => {
    const { fetch } = open({}, '/alerts/unsubscribe');
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeTruthy();
    expect(
      screen.getByText(
        'This unsubscribe link is not valid. Manage your alerts in your account settings.',
      ),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('unsubscribe'))).toBe(false);
  });

  it('refuses a forged link as not valid', async () => {
    open({ 'GET /api/saved-searches/unsubscribe': () => refusal('unsubscribe_link_invalid') });
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeTruthy();
  });

  it('has its texts in all five languages', () => {
    const locales = { en, fr, es, de, zh };
    expect(Object.keys(locales).sort()).toEqual([...languageCodes].sort());
    for (const [lang, locale] of Object.entries(locales)) {
      const texts = [
        ...Object.values(locale.savedSearches.unsubscribe),
        locale.savedSearches.stopped.title,
        locale.savedSearches.stopped.text,
        locale.savedSearches.stopped.priceText,
        locale.errors.unsubscribe_link_expired,
      ];
      expect(
        texts.every((text) => text.trim().length > 0),
        lang,
      ).toBe(true);
      if (lang !== 'en') {
        expect(locale.savedSearches.unsubscribe.confirm, lang).not.toBe(
          en.savedSearches.unsubscribe.confirm,
        );
      }
    }
  });
});
