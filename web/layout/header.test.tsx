import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubEventSource } from '../testing/event-source';
import { renter } from '../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../testing/render';
import { Header } from './header';

// The header's badge of what waits for a lister's answer (issue 51): on the account menu's
// button (wide screens) and the drawer's (phones), said in words to screen readers, listed
// in the menu, and kept live by the event stream.
beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const owner = { ...renter, firstName: 'Kofi', userType: 'owner' as const };

function showHeader(counts: { viewingRequests: number; unansweredEnquiries: number }) {
  let answer = counts;
  const api = mockApi({
    'GET /api/auth/user': () => json(owner),
    'GET /api/conversations/unread': () => json({ unread: 0 }),
    'GET /api/user/to-answer': () => json(answer),
  });
  renderRoute(<Header />, { path: '*', url: '/search' });
  return { ...api, answerNext: (next: typeof counts) => (answer = next) };
}

// Its name: the avatar's initial, what the button is, the first name.
const accountButton = (name: RegExp) => screen.findByRole('button', { name });

describe('the header’s count of what waits for an answer', () => {
  it('badges both buttons with the total and says both counts in words', async () => {
    showHeader({ viewingRequests: 2, unansweredEnquiries: 1 });
    const account = await accountButton(
      /Account menu, 2 viewing requests to answer and 1 enquiry waiting for your reply/,
    );
    expect(account.textContent).toContain('3');
    const drawer = screen.getByRole('button', {
      name: 'Open menu, 2 viewing requests to answer and 1 enquiry waiting for your reply',
    });
    expect(drawer.textContent).toBe('3');
  });

  it('lists each count in the account menu, as a way to answer it', async () => {
    showHeader({ viewingRequests: 1, unansweredEnquiries: 4 });
    await userEvent.click(await accountButton(/Account menu, 1 viewing request to answer/));
    const request = await screen.findByRole('menuitem', { name: '1 viewing request to answer' });
    expect(request.getAttribute('href')).toBe('/dashboard');
    expect(
      screen
        .getByRole('menuitem', { name: '4 enquiries waiting for your reply' })
        .getAttribute('href'),
    ).toBe('/messages');
  });

  it('shows no badge when nothing waits', async () => {
    const { calls } = showHeader({ viewingRequests: 0, unansweredEnquiries: 0 });
    await waitFor(() => expect(calls('GET', '/api/user/to-answer')).toHaveLength(1));
    const account = await accountButton(/Account menu ?Kofi/);
    expect(account.textContent).not.toMatch(/\d/);
    expect(screen.getByRole('button', { name: 'Open menu' }).textContent).toBe('');
  });

  it('reads the counts again when a viewing request arrives on the live stream', async () => {
    const sources = stubEventSource();
    const { answerNext } = showHeader({ viewingRequests: 0, unansweredEnquiries: 0 });
    await accountButton(/Account menu ?Kofi/);
    await waitFor(() => expect(sources.open()).toHaveLength(1));
    answerNext({ viewingRequests: 1, unansweredEnquiries: 0 });
    act(() =>
      sources.open()[0]!.emit('conversation.message', {
        conversationId: '00000000-0000-4000-8000-0000000000c1',
        unread: 0,
        message: {
          id: '00000000-0000-4000-8000-0000000000d1',
          body: '',
          fromMe: false,
          sentAt: new Date().toISOString(),
          readAt: null,
          warnings: [],
          event: {
            kind: 'viewing',
            step: 'requested',
            viewingId: '00000000-0000-4000-8000-0000000000b1',
            startsAt: '2036-12-06T10:30:00+00:00',
            timeZone: 'Africa/Accra',
            suggestedStartsAt: null,
            cause: null,
          },
        },
      }),
    );
    expect(await accountButton(/Account menu, 1 viewing request to answer ?Kofi/)).toBeTruthy();
  });
});
