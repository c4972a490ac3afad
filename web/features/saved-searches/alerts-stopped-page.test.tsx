import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import AlertsStoppedPage from './alerts-stopped-page';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

function show(url: string) {
  // The page asks nothing of the API: a visitor's unsubscribe link must work signed out.
  const { fetch } = mockApi({});
  renderRoute(<AlertsStoppedPage />, { path: '/alerts/stopped', url });
  return fetch;
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/alerts/stopped', () => {
  it('names the saved search whose alerts stopped, with links to manage and to search', async () => {
    const fetch = show(`/alerts/stopped?${new URLSearchParams({ name: 'Flats in Accra' })}`);
    expect(await screen.findByRole('heading', { name: 'Alerts stopped' })).toBeTruthy();
    expect(screen.getByText('You will no longer get alerts for “Flats in Accra”.')).toBeTruthy();
    expect(hrefOf('Manage your alerts')).toBe('/account/saved-searches');
    expect(hrefOf('Search again')).toBe('/search');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a link it could not read is not valid, and offers the alerts page', async () => {
    show('/alerts/stopped?invalid=1');
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeTruthy();
    expect(
      screen.getByText(
        'This unsubscribe link is not valid. Manage your alerts in your account settings.',
      ),
    ).toBeTruthy();
    expect(hrefOf('Manage your alerts')).toBe('/account/saved-searches');
    expect(screen.queryByRole('link', { name: 'Search again' })).toBeNull();
  });
});
