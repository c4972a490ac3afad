import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { supportCategories } from '#common/inbox';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import ContactPage from './contact-page';
import SupportPage from './support-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

const bodyOf = (api: ReturnType<typeof mockApi>, path: string) => {
  const call = api.fetch.mock.calls.find(
    ([input, init]) =>
      new URL(input, 'http://localhost').pathname === path && init?.method === 'POST',
  );
  return call ? (JSON.parse(String(call[1]!.body)) as Record<string, unknown>) : undefined;
};

describe('/support', () => {
  const show = (answer = () => json({ message: 'Message sent', id: 'm1' }, 201)) => {
    const api = mockApi({ 'POST /api/support/message': answer });
    renderRoute(<SupportPage />, { path: '/support', url: '/support' });
    return api;
  };

  it('asks for email, subject and message before sending anything', async () => {
    const api = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(
      await toastWith('Please fill in all required fields (email, subject, and message).'),
    ).toBeTruthy();
    expect(bodyOf(api, '/api/support/message')).toBeUndefined();
  });

  // Issue 51: the specification's categories, the two that could mislead saying what they cover
  // (Abode takes no rent: "Payment" is its listing plans, "Booking" its viewings).
  it('offers the specification’s categories, saying what booking and payment cover', async () => {
    show();
    const select = await screen.findByLabelText('Category (optional)');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value).filter(Boolean)).toEqual([
      ...supportCategories,
    ]);
    expect(within(select).getByRole('option', { name: 'Viewings and bookings' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Listing plans and payments' })).toBeTruthy();
  });

  it('sends the form, says so and clears it', async () => {
    const api = show();
    await userEvent.type(await screen.findByLabelText('Email'), 'esi@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Category (optional)'), 'technical');
    await userEvent.type(screen.getByLabelText('Subject'), 'Upload stops');
    await userEvent.type(screen.getByLabelText('Message'), 'At 50 %.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await toastWith('Message Sent Successfully')).toBeTruthy();
    expect(bodyOf(api, '/api/support/message')).toEqual({
      email: 'esi@example.com',
      category: 'technical',
      subject: 'Upload stops',
      message: 'At 50 %.',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(''),
    );
  });

  it('keeps what was typed when sending fails', async () => {
    show(() => json({ message: 'Unavailable' }, 503));
    await userEvent.type(await screen.findByLabelText('Email'), 'esi@example.com');
    await userEvent.type(screen.getByLabelText('Subject'), 'Help');
    await userEvent.type(screen.getByLabelText('Message'), 'Please');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await toastWith('Failed to Send Message')).toBeTruthy();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Help');
  });
});

describe('/contact', () => {
  const show = (answer = () => json({ message: 'Message sent', id: 'm1' }, 201)) => {
    const api = mockApi({ 'POST /api/contact/message': answer });
    renderRoute(<ContactPage />, { path: '/contact', url: '/contact' });
    return api;
  };

  async function fillRequired() {
    await userEvent.type(await screen.findByLabelText('First name'), 'Kojo');
    await userEvent.type(screen.getByLabelText('Last name'), 'Asante');
    await userEvent.selectOptions(screen.getByLabelText('I am a'), 'landlord');
    await userEvent.type(screen.getByLabelText('Subject'), 'Three flats');
    await userEvent.type(screen.getByLabelText('Message'), 'Can you help?');
  }

  it('shows the cards: mail links and social links opening in a new tab', async () => {
    show();
    const [support] = await screen.findAllByRole('link', { name: 'support@abode.example' });
    expect(support!.getAttribute('href')).toBe('mailto:support@abode.example');
    const tiktok = screen.getByRole('link', { name: /TikTok/ });
    expect(tiktok.getAttribute('target')).toBe('_blank');
    expect(tiktok.getAttribute('rel')).toContain('noopener');
  });

  it('checks the required fields, then the chosen method’s field, before any call', async () => {
    const api = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await toastWith('Missing Required Fields')).toBeTruthy();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await toastWith('Email Required')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(screen.queryByLabelText('Email address')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await toastWith('Phone Required')).toBeTruthy();
    expect(bodyOf(api, '/api/contact/message')).toBeUndefined();
  });

  it('sends both contact fields, thanks the sender and resets to email', async () => {
    const api = show();
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Email address'), 'kojo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await toastWith('Message Sent Successfully')).toBeTruthy();
    expect(bodyOf(api, '/api/contact/message')).toEqual({
      firstName: 'Kojo',
      lastName: 'Asante',
      contactMethod: 'email',
      email: 'kojo@example.com',
      phone: '',
      userType: 'landlord',
      subject: 'Three flats',
      message: 'Can you help?',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe(''),
    );
    expect(
      (screen.getByRole('radio', { name: 'Email' }) as HTMLElement).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('keeps the values and shows the destructive toast when sending fails', async () => {
    show(() => json({ message: 'Too many' }, 429));
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Email address'), 'kojo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      await toastWith('Failed to send message. Please try again or contact us directly via email.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Kojo');
  });
});
