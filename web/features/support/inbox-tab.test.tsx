import { screen, waitFor, within } from '@testing-library/react';
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
    status: 'open',
    handledAt: null,
    handledBy: null,
    replies: [],
    canReply: false,
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
    status: 'open',
    handledAt: null,
    handledBy: null,
    replies: [],
    canReply: true,
  },
];

const admin = { id: 'a1', firstName: 'Ama', lastName: 'Mensah' };

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

  // Issue 51: marked handled, answered by e-mail, or why not.
  it('marks a message handled and open again', async () => {
    const user = userEvent.setup();
    const list = structuredClone(messages);
    const api = mockApi({
      'GET /api/admin/messages': () => json({ messages: list, total: 2 }),
      'PATCH /api/admin/messages/m1/handled': (_url, init) => {
        const { isHandled } = JSON.parse(String(init!.body)) as { isHandled: boolean };
        Object.assign(list[1]!, {
          status: isHandled ? 'handled' : 'open',
          handledAt: isHandled ? '2026-11-22T09:00:00Z' : null,
          handledBy: isHandled ? admin : null,
        });
        return json(list[1]);
      },
    });
    renderRoute(<InboxTab />, { path: '/admin', url: '/admin?tab=messages' });
    const card = await screen.findByRole('article', { name: 'Upload stops' });
    expect(within(card).getByText('Open')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Mark handled: Upload stops' }));
    expect(await within(card).findByText(/Handled by Ama Mensah on/)).toBeTruthy();
    expect(
      JSON.parse(
        String(api.fetch.mock.calls.find(([u]) => String(u).endsWith('/handled'))![1]!.body),
      ),
    ).toEqual({ isHandled: true });
    await user.click(within(card).getByRole('button', { name: 'Open again: Upload stops' }));
    await waitFor(() => expect(within(card).queryByText(/Handled by/)).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Handled' }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/admin/messages').at(-1)!.searchParams.get('status')).toBe(
        'handled',
      ),
    );
  });

  it('answers by e-mail: the text goes to the server, the answer is shown with who sent it', async () => {
    const user = userEvent.setup();
    const list = structuredClone(messages);
    const api = mockApi({
      'GET /api/admin/messages': () => json({ messages: list, total: 2 }),
      'POST /api/admin/messages/m1/reply': (_url, init) => {
        const { message } = JSON.parse(String(init!.body)) as { message: string };
        Object.assign(list[1]!, {
          status: 'handled',
          handledAt: '2026-11-22T09:00:00Z',
          handledBy: admin,
          replies: [
            {
              id: 'r1',
              message,
              to: 'esi@example.com',
              createdAt: '2026-11-22T09:00:00Z',
              admin,
              sent: false,
            },
          ],
        });
        return json(list[1], 201);
      },
    });
    renderRoute(<InboxTab />, { path: '/admin', url: '/admin?tab=messages' });
    const card = await screen.findByRole('article', { name: 'Upload stops' });
    await user.click(within(card).getByRole('button', { name: 'Reply by e-mail: Upload stops' }));
    const box = within(card).getByLabelText('Your answer to esi@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByText('This field is required')).toBeTruthy();
    expect(api.calls('POST', '/api/admin/messages/m1/reply')).toHaveLength(0);
    await user.type(box, 'Try a smaller photo.');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByText('Try a smaller photo.')).toBeTruthy();
    expect(
      within(card).getByText(/Answered by Ama Mensah on .*, to esi@example.com:/),
    ).toBeTruthy();
    expect(within(card).getByText('Not sent yet')).toBeTruthy();
    expect(within(card).getByText('Handled')).toBeTruthy();
    const body = api.fetch.mock.calls.find(([u]) => String(u).endsWith('/reply'))![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ message: 'Try a smaller photo.' });
  });

  it('says why a message without an e-mail cannot be answered by e-mail, and offers no reply', async () => {
    mockApi({ 'GET /api/admin/messages': () => json({ messages, total: 2 }) });
    renderRoute(<InboxTab />, { path: '/admin', url: '/admin?tab=messages' });
    const card = await screen.findByRole('article', { name: 'Call me' });
    expect(
      within(card).getByText(
        'No e-mail address was given, so this message cannot be answered by e-mail. Call +233 24 765 4321 instead.',
      ),
    ).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Reply by e-mail/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Mark handled: Call me' })).toBeTruthy();
  });

  it('shows the server’s refusal of an answer in words (too many answers)', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/messages': () => json({ messages, total: 2 }),
      'POST /api/admin/messages/m1/reply': () =>
        new Response(
          JSON.stringify({
            message: 'Too many attempts.',
            code: 'rate_limited',
            params: { minutes: 30 },
          }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1800' } },
        ),
    });
    renderRoute(<InboxTab />, { path: '/admin', url: '/admin?tab=messages' });
    const card = await screen.findByRole('article', { name: 'Upload stops' });
    await user.click(within(card).getByRole('button', { name: /Reply by e-mail/ }));
    await user.type(within(card).getByLabelText('Your answer to esi@example.com'), 'Hello');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByText(/30 minutes/)).toBeTruthy();
  });
});
