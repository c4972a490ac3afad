import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import type { Verification } from '#common/verifications';
import { formatDate } from '../../lib/dates';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { installFakeUploads, photo, type FakeXhr } from '../../testing/uploads';
import { VerificationCard } from './verification-card';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const owner: User = {
  ...renter,
  id: '00000000-0000-4000-8000-0000000000b1',
  firstName: 'Kwame',
  lastName: 'Boateng',
  userType: 'owner',
};
const agent: User = { ...owner, userType: 'agent', businessName: 'Boateng Homes' };

let sequence = 0;
function makeRequest(overrides: Partial<Verification> = {}): Verification {
  sequence += 1;
  return {
    id: `40000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'identity',
    document: 'ghana_card',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

const listPath = '/api/account/verifications';

/**
 * The card for `user`; GET answers each list of `lists` in turn (the last one from then on).
 */
function showCard(user: User, lists: Verification[][] = [[]]) {
  let reads = 0;
  const api = mockApi({
    [`GET ${listPath}`]: () => json(lists[Math.min(reads++, lists.length - 1)]),
  });
  const view = renderRoute(<VerificationCard user={user} />, {
    path: '/account-settings',
    url: '/account-settings',
  });
  return { ...api, ...view };
}

const date = (iso: string) => formatDate(iso, 'en');
const sendButton = () => screen.getByRole('button', { name: 'Send for review' });
const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

/** The status line of one kind ("Identity", "Agent licence"). */
const statusOf = (kind: string) =>
  screen.getByText(kind, { selector: 'li p.font-medium' }).closest('li') as HTMLElement;

describe('verification card, who sees what', () => {
  it('shows renters nothing and asks the server for nothing', async () => {
    const { container, fetch } = showCard(renter);
    await i18nReady;
    expect(screen.queryByRole('heading', { name: 'Verified lister' })).toBeNull();
    expect(container.querySelector('form')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an owner Identity, not verified yet, and the form without a licence choice', async () => {
    const { calls } = showCard(owner);
    expect(await screen.findByRole('heading', { level: 2, name: 'Verified lister' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Ask to be verified' }),
    ).toBeTruthy();
    expect(within(statusOf('Identity')).getByText('Not verified yet')).toBeTruthy();
    expect(screen.queryByText('Agent licence')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'What to verify' })).toBeNull();
    const documents = screen.getByRole('radiogroup', { name: 'Document' });
    expect(
      within(documents).getByRole('radio', { name: 'Ghana Card' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(documents).getByRole('radio', { name: 'Passport' })).toBeTruthy();
    expect(screen.getByLabelText('Ghana Card number').getAttribute('placeholder')).toBe(
      'GHA-123456789-0',
    );
    expect(screen.getByLabelText('Photo of the document').getAttribute('type')).toBe('file');
    expect(sendButton()).toBeTruthy();
    expect(calls('GET', listPath)).toHaveLength(1);
  });

  it('offers an agent both kinds, and the licence without a document choice', async () => {
    const user = userEvent.setup();
    showCard(agent);
    const kinds = await screen.findByRole('radiogroup', { name: 'What to verify' });
    expect(within(kinds).getAllByRole('radio')).toHaveLength(2);
    expect(within(kinds).getByRole('radio', { name: 'Identity' })).toBeTruthy();
    expect(within(statusOf('Identity')).getByText('Not verified yet')).toBeTruthy();
    expect(within(statusOf('Agent licence')).getByText('Not verified yet')).toBeTruthy();

    await user.click(within(kinds).getByRole('radio', { name: 'Agent licence' }));
    expect(screen.queryByRole('radiogroup', { name: 'Document' })).toBeNull();
    expect(screen.getByLabelText('Licence number')).toBeTruthy();
  });
});

describe('verification card, where each request stands', () => {
  it('shows a pending request with its date and hides the form for that kind', async () => {
    const waiting = makeRequest({ createdAt: '2026-11-20T12:00:00.000Z' });
    showCard(owner, [[waiting]]);
    expect(
      await screen.findByText(`Waiting for review since ${date(waiting.createdAt)}`),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ask to be verified' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('keeps the form for an agent’s other kind while one waits', async () => {
    showCard(agent, [[makeRequest()]]);
    expect(await screen.findByLabelText('Licence number')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'What to verify' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Document' })).toBeNull();
    expect(within(statusOf('Identity')).getByText(/^Waiting for review since/)).toBeTruthy();
  });

  it('shows an approved request with the day it was decided', async () => {
    const approved = makeRequest({
      status: 'approved',
      createdAt: '2026-11-18T12:00:00.000Z',
      decidedAt: '2026-11-19T12:00:00.000Z',
    });
    showCard(owner, [[approved]]);
    expect(await screen.findByText(`Verified on ${date(approved.decidedAt!)}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('shows a rejection with its reason, and the form again', async () => {
    const rejected = makeRequest({
      status: 'rejected',
      reason: 'The photo is too blurry to read the number.',
      decidedAt: '2026-11-21T12:00:00.000Z',
    });
    showCard(owner, [[rejected]]);
    expect(await screen.findByText(`Not approved on ${date(rejected.decidedAt!)}`)).toBeTruthy();
    const status = statusOf('Identity');
    expect(within(status).getByText('Reason:')).toBeTruthy();
    expect(status.textContent).toContain('Reason: The photo is too blurry to read the number.');
    expect(screen.getByRole('heading', { name: 'Ask to be verified' })).toBeTruthy();
    expect(sendButton()).toBeTruthy();
  });
});

describe('verification card, sending a request', () => {
  it('asks for a photo and sends nothing without one', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    showCard(owner);
    await user.type(await screen.findByLabelText('Ghana Card number'), 'GHA-123456789-0');
    await user.click(sendButton());
    expect(await screen.findByText('Choose a photo of the document.')).toBeTruthy();
    const input = screen.getByLabelText('Photo of the document');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(Xhr.sent).toHaveLength(0);

    // Choosing one clears the message.
    await user.upload(input, photo('card.jpg'));
    expect(screen.queryByText('Choose a photo of the document.')).toBeNull();
  });

  it('says a Ghana Card number is not valid and sends nothing', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    showCard(owner);
    const number = await screen.findByLabelText('Ghana Card number');
    await user.type(number, 'GHA-12345');
    await user.upload(screen.getByLabelText('Photo of the document'), photo('card.jpg'));
    await user.click(sendButton());
    expect(await screen.findByText('This value is not valid')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(Xhr.sent).toHaveLength(0);
  });

  it('sends the fields and the photo, says so and reads the list again', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    const sent = makeRequest({ createdAt: '2026-11-22T12:00:00.000Z' });
    const { calls } = showCard(owner, [[], [sent]]);
    await user.type(await screen.findByLabelText('Ghana Card number'), 'gha-123456789-0');
    const card = photo('ghana-card.jpg');
    await user.upload(screen.getByLabelText('Photo of the document'), card);
    await user.click(sendButton());

    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    const xhr: FakeXhr = Xhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(listPath);
    expect(xhr.body).toBeInstanceOf(FormData);
    const body = xhr.body!;
    expect(body.get('kind')).toBe('identity');
    expect(body.get('document')).toBe('ghana_card');
    expect(body.get('documentNumber')).toBe('GHA-123456789-0');
    const file = body.get('photo') as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('ghana-card.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);

    xhr.answer(201, sent);
    expect(await toastWith('Sent for review')).toBeTruthy();
    expect(await toastWith('We will tell you when an administrator has decided.')).toBeTruthy();
    await waitFor(() => expect(calls('GET', listPath)).toHaveLength(2));
    expect(
      await screen.findByText(`Waiting for review since ${date(sent.createdAt)}`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('sends a passport number when Passport is chosen', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    showCard(owner);
    await user.click(await screen.findByRole('radio', { name: 'Passport' }));
    const number = screen.getByLabelText('Passport number');
    expect(number.getAttribute('placeholder')).toBeNull();
    await user.type(number, 'g1234567');
    await user.upload(
      screen.getByLabelText('Photo of the document'),
      photo('passport.png', 'image/png'),
    );
    await user.click(sendButton());
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    const body = Xhr.sent[0]!.body!;
    expect(body.get('document')).toBe('passport');
    expect(body.get('documentNumber')).toBe('G1234567');
  });

  it('sends an agent licence without a document', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    showCard(agent);
    await user.click(await screen.findByRole('radio', { name: 'Agent licence' }));
    await user.type(screen.getByLabelText('Licence number'), 'rea/2026/0042');
    await user.upload(screen.getByLabelText('Photo of the document'), photo('licence.jpg'));
    await user.click(sendButton());
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    const body = Xhr.sent[0]!.body!;
    expect(body.get('kind')).toBe('agent_licence');
    expect(body.has('document')).toBe(false);
    expect(body.get('documentNumber')).toBe('REA/2026/0042');
  });

  it('leaves an agent the licence form, empty, once the identity request is sent', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    const sent = makeRequest();
    showCard(agent, [[], [sent]]);
    await user.type(await screen.findByLabelText('Ghana Card number'), 'GHA-123456789-0');
    const input = screen.getByLabelText<HTMLInputElement>('Photo of the document');
    await user.upload(input, photo('card.jpg'));
    await user.click(sendButton());
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    Xhr.sent[0]!.answer(201, sent);
    expect(await toastWith('Sent for review')).toBeTruthy();
    await screen.findByText(/^Waiting for review since/);

    // Only the licence is left: its field, no document choice, no photo still chosen.
    expect(await screen.findByLabelText('Licence number')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Document' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Photo of the document').files).toHaveLength(0);
    await user.type(screen.getByLabelText('Licence number'), 'REA-0042');
    await user.upload(screen.getByLabelText('Photo of the document'), photo('licence.jpg'));
    await user.click(sendButton());
    await waitFor(() => expect(Xhr.sent).toHaveLength(2));
    expect(Xhr.sent[1]!.body!.get('kind')).toBe('agent_licence');
  });

  it('shows the server’s refusal in the reader’s language', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    showCard(owner);
    await user.type(await screen.findByLabelText('Ghana Card number'), 'GHA-123456789-0');
    await user.upload(screen.getByLabelText('Photo of the document'), photo('card.jpg'));
    await user.click(sendButton());
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    // The text comes from the code, not from the server's English.
    Xhr.sent[0]!.answer(409, { message: 'Server words', code: 'verification_pending' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A request of this kind is already waiting for review',
    );
    expect(screen.queryByText('Server words')).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('falls back to its own words when the upload fails without a code', async () => {
    const user = userEvent.setup();
    const Xhr = installFakeUploads();
    showCard(owner);
    await user.type(await screen.findByLabelText('Ghana Card number'), 'GHA-123456789-0');
    await user.upload(screen.getByLabelText('Photo of the document'), photo('card.jpg'));
    await user.click(sendButton());
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    Xhr.sent[0]!.onerror?.();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The request could not be sent. Please try again.',
    );
  });
});
