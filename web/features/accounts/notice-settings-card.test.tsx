import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { NoticeSettingsCard } from './notice-settings-card';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('notification settings (issue 50)', () => {
  it('shows each kind’s choice of four and saves the three at once', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/account/notification-settings': () =>
        json({ enquiries: 'both', viewings: 'sms', reviews: 'both' }),
      'PUT /api/account/notification-settings': (_url, init) =>
        json(JSON.parse(String(init!.body))),
    });
    renderRoute(<NoticeSettingsCard />, { path: '/', url: '/' });
    const enquiries = await screen.findByLabelText<HTMLSelectElement>(
      'Enquiries and unread messages',
    );
    const viewings = screen.getByLabelText<HTMLSelectElement>(
      'Viewing requests, changes and reminders',
    );
    const reviews = screen.getByLabelText<HTMLSelectElement>('Review invitations');
    await waitFor(() => expect(viewings.value).toBe('sms'));
    expect(enquiries.value).toBe('both');
    expect(
      Array.from(enquiries.options).map((option) => [option.value, option.textContent]),
    ).toEqual([
      ['email', 'Email only'],
      ['sms', 'Text message only'],
      ['both', 'Both: email, or a text message when you have no verified email'],
      ['none', 'None: only in Abode'],
    ]);
    expect(screen.getByText(/everything stays in Abode/)).toBeTruthy();

    await user.selectOptions(enquiries, 'none');
    await user.selectOptions(reviews, 'email');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = api.fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put![0])).toContain('/api/account/notification-settings');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      enquiries: 'none',
      viewings: 'sms',
      reviews: 'email',
    });
  });

  it('says so when the choice could not be saved', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/account/notification-settings': () =>
        json({ enquiries: 'both', viewings: 'both', reviews: 'both' }),
      'PUT /api/account/notification-settings': () =>
        json({ code: 'internal_error', message: 'no' }, 500),
    });
    renderRoute(<NoticeSettingsCard />, { path: '/', url: '/' });
    const enquiries = await screen.findByLabelText<HTMLSelectElement>(
      'Enquiries and unread messages',
    );
    await waitFor(() => expect(enquiries.disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(
      await screen.findByText('Your choice could not be saved. Please try again.'),
    ).toBeTruthy();
  });
});
