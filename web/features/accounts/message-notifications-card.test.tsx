import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { MessageNotificationsCard } from './message-notifications-card';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('message notifications (issue 37)', () => {
  it('shows each channel’s setting and saves a change of one', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/account/notifications': () => json({ messagesByEmail: true, messagesBySms: true }),
      'PUT /api/account/notifications': (_url, init) => json(JSON.parse(String(init!.body))),
    });
    renderRoute(<MessageNotificationsCard />, { path: '/', url: '/' });
    const email = await screen.findByRole('switch', { name: 'By email' });
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('true'));
    await user.click(email);
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('false'));
    const put = api.fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      messagesByEmail: false,
      messagesBySms: true,
    });
    expect(
      screen.getByRole('switch', { name: /By text message/ }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});
