import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage, ConversationSummary, MessagePage } from '#common/conversations';
import { renter } from '../../testing/properties';
import { stubEventSource } from '../../testing/event-source';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import MessagesPage from './messages-page';
import { useConversationUpdates } from './unread';
import { MessageText } from './message-text';
import { render } from '@testing-library/react';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const id = '00000000-0000-4000-8000-0000000000c1';
const summary: ConversationSummary = {
  id,
  property: {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Sunny flat',
    city: 'Accra',
    image: null,
    state: 'available',
  },
  otherParty: {
    firstName: 'Kofi',
    emailVerified: true,
    phoneVerified: false,
    identityVerified: true,
    licensedAgent: false,
  },
  asLister: false,
  lastMessage: {
    body: 'Send the viewing fee first',
    event: null,
    sentAt: '2026-11-28T10:05:00.000Z',
    fromMe: false,
  },
  unreadCount: 1,
  blockedByMe: false,
};
const mine: ConversationMessage = {
  id: '00000000-0000-4000-8000-0000000000d1',
  body: 'Is it still available?',
  event: null,
  sentAt: '2026-11-28T10:00:00.000Z',
  fromMe: true,
  readAt: '2026-11-28T10:04:00.000Z',
  warnings: [],
};
const scam: ConversationMessage = {
  id: '00000000-0000-4000-8000-0000000000d2',
  body: 'Yes. Send the viewing fee first to 024 123 4567',
  event: null,
  sentAt: '2026-11-28T10:05:00.000Z',
  fromMe: false,
  readAt: null,
  warnings: ['payment_before_viewing'],
};

function show(url: string, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(renter),
    'GET /api/conversations': () => json({ conversations: [summary], total: 1 }),
    'GET /api/conversations/unread': () => json({ unread: 0 }),
    [`GET /api/conversations/${id}`]: () => json(summary),
    [`GET /api/conversations/${id}/messages`]: () =>
      json({ messages: [scam, mine], hasMore: false } satisfies MessagePage),
    ...extra,
  });
  renderRoute(<MessagesPage />, { path: '/messages/:id?', url });
  return api;
}

describe('the inbox', () => {
  it('lists conversations with the other party, the listing, the last message and unread', async () => {
    show('/messages');
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const item = within(list).getByRole('link', { name: /Kofi/ });
    expect(item.getAttribute('href')).toBe(`/messages/${id}`);
    expect(item.textContent).toContain('Sunny flat');
    expect(item.textContent).toContain('1 unread message');
  });

  it('shows a conversation oldest first, warns of money asked before a viewing, and answers', async () => {
    const user = userEvent.setup();
    const sent: ConversationMessage = {
      ...mine,
      id: '00000000-0000-4000-8000-0000000000d3',
      body: 'I will not pay before I see it.',
      sentAt: '2026-11-28T10:06:00.000Z',
      readAt: null,
    };
    const api = show(`/messages/${id}`, {
      [`POST /api/conversations/${id}/messages`]: () => json({ message: sent }, 201),
    });
    const messages = await screen.findByRole('list', { name: 'Messages' });
    const bubbles = within(messages).getAllByRole('listitem');
    expect(bubbles.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Is it still available?'),
      expect.stringContaining('Send the viewing fee first'),
    ]);
    expect(within(bubbles[0]!).getByText('Read')).toBeTruthy();
    const warning = within(bubbles[1]!).getByRole('note');
    expect(warning.textContent).toMatch(/Never pay before you have seen the place/);
    expect(within(bubbles[0]!).queryByRole('note')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Your answer to Kofi' }), sent.body);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem').at(-1)!.textContent).toContain(sent.body),
    );
    const [call] = api.fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ message: sent.body });
    expect(screen.getByRole('textbox', { name: 'Your answer to Kofi' })).toHaveProperty(
      'value',
      '',
    );
  });

  it('shows a viewing’s steps as lines, at the place’s time, with the note and that viewings are free', async () => {
    const viewingId = '00000000-0000-4000-8000-0000000000e1';
    const event = {
      kind: 'viewing' as const,
      viewingId,
      startsAt: '2026-12-05T10:30:00+00:00',
      timeZone: 'Africa/Accra',
      suggestedStartsAt: null,
      cause: null,
    };
    const requested: ConversationMessage = {
      ...mine,
      id: '00000000-0000-4000-8000-0000000000e2',
      body: 'Can I bring my sister?',
      event: { ...event, step: 'requested' },
    };
    const declined: ConversationMessage = {
      ...scam,
      id: '00000000-0000-4000-8000-0000000000e3',
      body: 'Pay the viewing fee of 50 cedis first',
      sentAt: '2026-11-28T10:07:00.000Z',
      event: { ...event, step: 'declined', suggestedStartsAt: '2026-12-05T12:00:00+00:00' },
    };
    show(`/messages/${id}`, {
      [`GET /api/conversations/${id}/messages`]: () =>
        json({ messages: [declined, requested], hasMore: false } satisfies MessagePage),
    });
    const messages = await screen.findByRole('list', { name: 'Messages' });
    const [first, second] = within(messages).getAllByRole('listitem');
    expect(first!.textContent).toContain('Viewing requested for Sat, Dec 5, 10:30 AM GMT');
    expect(first!.textContent).toContain('Can I bring my sister?');
    expect(first!.textContent).toContain('Viewings booked on Abode are free.');
    expect(second!.textContent).toContain('Viewing request for Sat, Dec 5, 10:30 AM GMT declined');
    expect(second!.textContent).toContain('Another time offered: Sat, Dec 5, 12:00 PM GMT');
    // The words with a step are read for money requests like any message.
    expect(within(second!).getByRole('note').textContent).toMatch(/Never pay before/);
  });

  it('says so when the conversation is not the reader’s, and says why a send was refused', async () => {
    show(`/messages/${id}`, {
      [`GET /api/conversations/${id}`]: () => refusal('conversation_not_found'),
    });
    expect(
      await screen.findByText('This conversation does not exist or is not yours.'),
    ).toBeTruthy();

    const user = userEvent.setup();
    show(`/messages/${id}`, {
      [`POST /api/conversations/${id}/messages`]: () => refusal('conversation_blocked'),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Your answer to Kofi' }), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot send messages in this conversation',
    );
  });

  it('shows where the listing stands, and changes it when the stream says it was rented', async () => {
    const sources = stubEventSource();
    let state: ConversationSummary['property']['state'] = 'available';
    const now = () => ({ ...summary, property: { ...summary.property, state } });
    mockApi({
      'GET /api/auth/user': () => json(renter),
      'GET /api/conversations': () => json({ conversations: [now()], total: 1 }),
      [`GET /api/conversations/${id}`]: () => json(now()),
      [`GET /api/conversations/${id}/messages`]: () =>
        json({ messages: [mine], hasMore: false } satisfies MessagePage),
    });
    // The header keeps the caches current on every page; here, beside the inbox.
    function WithUpdates() {
      useConversationUpdates(true);
      return <MessagesPage />;
    }
    renderRoute(<WithUpdates />, { path: '/messages/:id?', url: `/messages/${id}` });
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.queryByText('This place has been rented.')).toBeNull();

    state = 'rented';
    await waitFor(() => expect(sources.open().length).toBeGreaterThan(0));
    act(() =>
      sources.open()[0]!.emit('conversation.listing', {
        listingId: summary.property.id,
        state: 'rented',
      }),
    );
    expect((await screen.findByText('This place has been rented.')).getAttribute('role')).toBe(
      'status',
    );
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expect(await within(list).findByText('Rented')).toBeTruthy();
  });

  it('lets the renter report the conversation, with the listing’s report reasons', async () => {
    const user = userEvent.setup();
    const api = show(`/messages/${id}`, {
      [`POST /api/conversations/${id}/reports`]: () =>
        json({ id: '00000000-0000-4000-8000-0000000000e1', hidden: false }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    expect(dialog.textContent).toContain('“Sunny flat” is reported with this conversation');
    await user.click(within(dialog).getByRole('radio', { name: /Asked for money/ }));
    await user.type(within(dialog).getByRole('textbox'), 'Viewing fee by MoMo');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText(/You reported this conversation\. Our team will read it/),
    ).toBeTruthy();
    const [call] = api.fetch.mock.calls.filter(([input]) =>
      String(input).endsWith(`/api/conversations/${id}/reports`),
    );
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      reason: 'asked_for_money',
      note: 'Viewing fee by MoMo',
    });
  });

  it('offers the lister no Report (their own listing), only Block', async () => {
    show(`/messages/${id}`, {
      [`GET /api/conversations/${id}`]: () => json({ ...summary, asLister: true }),
    });
    expect(await screen.findByRole('button', { name: 'Block Kofi' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('sends visitors to sign in', async () => {
    mockApi({
      'GET /api/auth/user': () => json({ message: 'Not signed in', code: 'unauthenticated' }, 401),
    });
    renderRoute(<MessagesPage />, { path: '/messages', url: '/messages' });
    await waitFor(() => expect(router.location?.pathname).toBe('/login'));
  });
});

describe('a message’s text', () => {
  it('keeps line breaks and shows addresses as links that are never fetched', () => {
    const { container } = render(
      <MessageText
        body={'Line one\nSee www.example.com/flat. Or <b>this</b> https://x.test/a?b=1'}
      />,
    );
    const links = container.querySelectorAll('a');
    expect([...links].map((a) => [a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['https://www.example.com/flat', 'noopener nofollow ugc'],
      ['https://x.test/a?b=1', 'noopener nofollow ugc'],
    ]);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>this</b>');
    expect(container.querySelector('p')!.className).toContain('whitespace-pre-line');
  });
});
