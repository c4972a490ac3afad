import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import ListingCheckPage from './listing-check-page';

// StrictMode around the root, as web/main.tsx has it (React runs effects twice only when it is
// there, not around a route's element): the answer must still be sent once.
beforeAll(() => {
  configure({ reactStrictMode: true });
  return i18nReady;
});
afterAll(() => configure({ reactStrictMode: false }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const confirmed = (answer: 'available' | 'rented') =>
  json({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Garden flat',
    answer,
    status: answer === 'rented' ? 'rented' : 'live',
    confirmedAt: '2026-03-29T12:00:00.000Z',
  });

/** /listing-check as the reminder's link opens it; `bodies` are the answers sent. */
function openLink(search: string, answer: () => Response | Promise<Response>) {
  const api = mockApi({ 'POST /api/listing-confirmations': answer });
  renderRoute(<ListingCheckPage />, { path: '/listing-check', url: `/listing-check${search}` });
  const bodies = () =>
    api.fetch.mock.calls
      .filter(([input]) => String(input).endsWith('/api/listing-confirmations'))
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { ...api, bodies };
}

const dashboardLink = () =>
  screen.getByRole('link', { name: 'Manage your listings' }).getAttribute('href');

describe('listing check page', () => {
  it('sends "still available" once, with a spinner meanwhile, and thanks the owner', async () => {
    let answer!: (response: Response) => void;
    const { bodies } = openLink(
      '?token=signed.token&answer=available',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    expect(screen.getByRole('heading', { name: 'Is your listing still available?' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Sending your answer…');
    answer(confirmed('available'));
    expect(
      await screen.findByText("Thanks — “Garden flat” stays on Abode. We'll ask again in 30 days."),
    ).toBeTruthy();
    // StrictMode runs the effect twice; the answer went once.
    expect(bodies()).toEqual([{ token: 'signed.token', answer: 'available' }]);
    expect(dashboardLink()).toBe('/dashboard');
    expect(document.title).toBe('Is your listing still available? · Abode');
  });

  it('marks the listing rented', async () => {
    const { bodies } = openLink('?token=signed.token&answer=rented', () => confirmed('rented'));
    expect(
      await screen.findByText(
        '“Garden flat” is marked rented. It has left search; its page tells visitors for 14 days.',
      ),
    ).toBeTruthy();
    expect(bodies()).toEqual([{ token: 'signed.token', answer: 'rented' }]);
    expect(dashboardLink()).toBe('/dashboard');
  });

  it('shows the server’s reason for a refused link, with the way to the dashboard', async () => {
    openLink('?token=forged&answer=available', () => refusal('confirmation_link_invalid'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is not valid. Open your dashboard to confirm or renew the listing.',
    );
    expect(dashboardLink()).toBe('/dashboard');
    // Trying the same link again would not help.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says so when the link has expired', async () => {
    openLink('?token=old&answer=rented', () => refusal('confirmation_link_expired'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired. Open your dashboard to confirm or renew the listing.',
    );
  });

  it.each([
    ['no token', '?answer=available'],
    ['no answer', '?token=signed.token'],
    ['an unknown answer', '?token=signed.token&answer=maybe'],
  ])('refuses a link with %s without asking the server', async (_case, search) => {
    const { bodies } = openLink(search, () => confirmed('available'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is not valid. Open your dashboard to confirm or renew the listing.',
    );
    expect(bodies()).toEqual([]);
    expect(dashboardLink()).toBe('/dashboard');
  });

  it('offers to try again when the answer could not be sent', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { bodies } = openLink('?token=signed.token&answer=available', () =>
      fail ? json({ message: 'Boom' }, 500) : confirmed('available'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your answer could not be sent. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/stays on Abode/)).toBeTruthy();
    expect(bodies()).toHaveLength(2);
  });
});
