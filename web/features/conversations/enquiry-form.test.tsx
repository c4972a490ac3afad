import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, json, mockApi, refusal, renderRoute, router } from '../../testing/render';
import { EnquiryForm } from './enquiry-form';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const propertyId = '00000000-0000-4000-8000-0000000000a1';
const conversationId = '00000000-0000-4000-8000-0000000000c1';

function show(answer: () => Response) {
  const api = mockApi({ [`POST /api/properties/${propertyId}/enquiries`]: answer });
  renderRoute(<EnquiryForm propertyId={propertyId} title="Sunny flat" />, {
    path: '/contact-landlord/:id',
    url: `/contact-landlord/${propertyId}`,
  });
  return api;
}

describe('the enquiry form', () => {
  it('offers the usual first questions, sends the message and opens the conversation', async () => {
    const user = userEvent.setup();
    const api = show(() =>
      json(
        {
          conversationId,
          message: {
            id: '00000000-0000-4000-8000-0000000000d1',
            body: 'x',
            event: null,
            sentAt: '2026-11-28T10:00:00.000Z',
            fromMe: true,
            readAt: null,
            warnings: [],
          },
        },
        201,
      ),
    );
    const group = screen.getByRole('group', { name: 'Suggested questions' });
    expect(group.querySelectorAll('button')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: /How many months of rent/ }));
    await user.click(screen.getByRole('button', { name: /When can I come to see it/ }));
    const box = screen.getByRole('textbox', { name: 'Your message' });
    expect((box as HTMLTextAreaElement).value).toBe(
      'How many months of rent do you ask in advance?\nWhen can I come to see it?',
    );
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(router.location?.pathname).toBe(`/messages/${conversationId}`));
    const init = api.fetch.mock.calls[0]![1];
    expect(JSON.parse(String(init!.body))).toEqual({
      message: 'How many months of rent do you ask in advance?\nWhen can I come to see it?',
    });
  });

  it('tells an unverified account why, with the way to verify', async () => {
    const user = userEvent.setup();
    show(() => refusal('enquiry_needs_verified_contact'));
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Available?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verify your email address or phone number');
    expect(screen.getByRole('link', { name: 'Verify your email or phone' })).toBeTruthy();
  });
});
