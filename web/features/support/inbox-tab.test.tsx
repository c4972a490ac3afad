import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '#common/inbox';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import InboxTab from './inbox-tab';

beforeAll(() => i18nReady);
afterEach(() => vi.unstubAllGlobals());

const messages: InboxMessage[] = [
  {
    id: 'm2',
    source: 'contact',
    name: 'Kojo Asante',
    email: null,
    phone: '+233 24 765 4321',
    contactMethod: 'phone',
    userType: 'landlord',
    category: null,
    subject: 'Call me',
    message: 'About three flats.\nThanks',
    forwarded: false,
    createdAt: '2026-11-21T10:00:00Z',
  },
  {
    id: 'm1',
    source: 'support',
    name: '',
    email: 'esi@example.com',
    phone: null,
    contactMethod: null,
    userType: null,
    category: 'technical',
    subject: 'Upload stops',
    message: 'At 50 %.',
    forwarded: true,
    createdAt: '2026-11-20T10:00:00Z',
  },
];

describe('Messages tab', () => {
  it('lists both forms newest first, says which copy did not leave, and filters by form', async () => {
    const api = mockApi({ 'GET /api/admin/messages': () => json({ messages, total: 2 }) });
    renderRoute(<InboxTab />, { path: '/admin', url: '/admin?tab=messages' });
    expect(await screen.findByRole('heading', { name: 'Call me' })).toBeTruthy();
    expect(screen.getByText('Not forwarded')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+233 24 765 4321' }).getAttribute('href')).toBe(
      'tel:+233 24 765 4321',
    );
    expect(screen.getByRole('link', { name: 'esi@example.com' }).getAttribute('href')).toContain(
      'mailto:esi@example.com?subject=Re%3A%20Upload%20stops',
    );
    expect(screen.getByText(/Technical/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Support' }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/admin/messages').at(-1)!.searchParams.get('source')).toBe(
        'support',
      ),
    );
  });
});
