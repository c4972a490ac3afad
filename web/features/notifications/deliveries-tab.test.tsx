import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '#common/deliveries';
import { i18nReady, json, mockApi, refusal, renderRoute } from '../../testing/render';
import DeliveriesTab from './deliveries-tab';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const failed: Delivery = {
  id: '7d4f4a52-2d39-4d2c-9a53-0b3f1d7e6a11',
  channel: 'sms',
  kind: 'phone-verification',
  to: '+233241234567',
  status: 'failed',
  attempts: 8,
  reason: 'HTTP 503 from the provider',
  createdAt: '2026-11-21T10:00:00Z',
  at: '2026-11-21T10:40:00Z',
};

describe('Deliveries tab', () => {
  it('shows failed messages with the reason, and sends one again', async () => {
    const api = mockApi({
      'GET /api/admin/deliveries': () => json({ deliveries: [failed], total: 1 }),
      [`POST /api/admin/deliveries/${failed.id}/retry`]: () =>
        json({ ...failed, status: 'retrying' }),
    });
    renderRoute(<DeliveriesTab />, { path: '/admin', url: '/admin?tab=deliveries' });
    expect(await screen.findByRole('heading', { name: 'Phone verification code' })).toBeTruthy();
    expect(screen.getByText('+233241234567')).toBeTruthy();
    expect(screen.getByText('HTTP 503 from the provider')).toBeTruthy();
    expect(screen.getByText(/8 tries/)).toBeTruthy();
    expect(api.calls('GET', '/api/admin/deliveries')[0]!.searchParams.get('status')).toBe('failed');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(api.calls('POST', `/api/admin/deliveries/${failed.id}/retry`)).toHaveLength(1),
    );
    // The list is asked again once the retry is taken.
    await waitFor(() => expect(api.calls('GET', '/api/admin/deliveries').length).toBe(2));
  });

  it('shows the queued and sent groups on request, without a retry button', async () => {
    const api = mockApi({
      'GET /api/admin/deliveries': (url) =>
        url.searchParams.get('status') === 'sent'
          ? json({ deliveries: [{ ...failed, status: 'sent', reason: null }], total: 1 })
          : json({ deliveries: [], total: 0 }),
    });
    renderRoute(<DeliveriesTab />, { path: '/admin', url: '/admin?tab=deliveries' });
    expect(await screen.findByText('No failed deliveries.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sent' }));
    expect(await screen.findByRole('heading', { name: 'Phone verification code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(api.calls('GET', '/api/admin/deliveries').at(-1)!.searchParams.get('status')).toBe(
      'sent',
    );
  });

  it('says why a retry was refused', async () => {
    mockApi({
      'GET /api/admin/deliveries': () => json({ deliveries: [failed], total: 1 }),
      [`POST /api/admin/deliveries/${failed.id}/retry`]: () => refusal('delivery_not_failed'),
    });
    renderRoute(<DeliveriesTab />, { path: '/admin', url: '/admin?tab=deliveries' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Only a message that failed can be sent again')).toBeTruthy();
  });
});
