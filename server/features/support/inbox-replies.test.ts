import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage, InboxMessage, SupportMessage } from '#common/inbox';
import { createTestApp, lastNotificationTo, signUp, signUpAdmin } from '../../testing/test-app';
import { auditLog } from '../admin/service';
import { rateLimits } from './rate-limits';

/**
 * The administrators' inbox (issue 51): a support or contact message is marked handled (and
 * open again) and answered by e-mail from the panel. The answer goes to the sender's address
 * through the notifier's queue (here the dev outbox), is kept with the message, and marks it
 * handled; each action is audited; answers are limited per administrator and per message.
 */
const testApp = await createTestApp({
  supportEmail: 'help@abode.example',
  publicUrl: 'https://abode.example',
});
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let renter: Account;
let owner: Account;
beforeAll(async () => {
  admin = await signUpAdmin(testApp);
  renter = await signUp(app);
  owner = await signUp(app, { userType: 'owner' });
});

let address = 0;
const nextIp = () => `10.9.${Math.floor((address += 1) / 250)}.${address % 250}`;

async function supportMessage(overrides: Partial<SupportMessage> = {}, language = 'en') {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/support/message',
    headers: { 'accept-language': language },
    remoteAddress: nextIp(),
    payload: {
      name: 'Esi Owusu',
      email: `esi-${address}@example.com`,
      subject: 'Cannot upload photos',
      category: 'technical',
      message: 'The upload stops at 50 %.',
      ...overrides,
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json().id as string;
}

async function contactByPhone(overrides: Partial<ContactMessage> = {}) {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/contact/message',
    remoteAddress: nextIp(),
    payload: {
      firstName: 'Kojo',
      lastName: 'Asante',
      contactMethod: 'phone',
      email: '',
      phone: '+233 24 765 4321',
      userType: 'landlord',
      subject: 'Call me',
      message: 'About three flats.',
      ...overrides,
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json().id as string;
}

const call = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  who: Account | null = admin,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const handled = (id: string, isHandled: boolean, who: Account | null = admin) =>
  call('PATCH', `/api/admin/messages/${id}/handled`, who, { isHandled });
const reply = (id: string, message: string, who: Account | null = admin) =>
  call('POST', `/api/admin/messages/${id}/reply`, who, { message });
const listed = async (query = ''): Promise<InboxMessage[]> =>
  (await call('GET', `/api/admin/messages${query}`)).json().messages;
const auditOf = (id: string) =>
  db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'inbox-message'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.createdAt);

describe('marking a message handled (issue 51)', () => {
  it('marks it handled by the administrator and open again, audited once per change', async () => {
    const id = await supportMessage({ subject: 'Handled one' });
    expect((await listed()).find((m) => m.id === id)).toMatchObject({
      status: 'open',
      handledAt: null,
      handledBy: null,
      replies: [],
      canReply: true,
    });

    const marked = await handled(id, true);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      id,
      status: 'handled',
      handledBy: { id: admin.userId, firstName: admin.body.firstName },
    });
    expect(Date.parse(marked.json().handledAt)).not.toBeNaN();
    // Twice changes nothing.
    expect((await handled(id, true)).json().handledAt).toBe(marked.json().handledAt);
    expect((await listed('?status=handled')).map((m) => m.id)).toContain(id);
    expect((await listed('?status=open')).map((m) => m.id)).not.toContain(id);

    const reopened = await handled(id, false);
    expect(reopened.json()).toMatchObject({ status: 'open', handledAt: null, handledBy: null });
    expect((await listed('?status=open')).map((m) => m.id)).toContain(id);
    expect(await auditOf(id)).toEqual([
      { action: 'inbox-handled', details: expect.objectContaining({ subject: 'Handled one' }) },
      { action: 'inbox-reopened', details: expect.objectContaining({ name: 'Esi Owusu' }) },
    ]);
  });
});

describe('answering a message by e-mail (issue 51)', () => {
  it('sends the answer to the sender, keeps it with the message and marks it handled', async () => {
    const id = await supportMessage({ email: 'ama.reply@example.com', name: 'Ama' });
    const answered = await reply(id, 'Please try a photo under 5 MB.\nThe team');
    expect(answered.statusCode, answered.body).toBe(201);
    const json = answered.json() as InboxMessage;
    expect(json).toMatchObject({
      status: 'handled',
      handledBy: { id: admin.userId },
      replies: [
        {
          message: 'Please try a photo under 5 MB.\nThe team',
          to: 'ama.reply@example.com',
          admin: { id: admin.userId, firstName: admin.body.firstName },
        },
      ],
    });

    const mail = await lastNotificationTo(db, 'ama.reply@example.com');
    expect(mail?.subject).toBe('Re: Cannot upload photos');
    expect(mail?.textBody).toContain('Hello Ama,');
    expect(mail?.textBody).toContain('Please try a photo under 5 MB.\nThe team');
    expect(mail?.textBody).toContain(
      'Your message “Cannot upload photos”:\nThe upload stops at 50 %.',
    );
    expect(mail?.textBody).toContain('Write to support again: https://abode.example/support');
    // The queued e-mail has left: the inbox says so.
    expect((await listed()).find((m) => m.id === id)!.replies[0]!.sent).toBe(true);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['inbox-reply']);
  });

  it('frames the answer in the language the sender wrote in', async () => {
    const id = await supportMessage(
      { email: 'claire@example.com', name: 'Claire', subject: 'Photos' },
      'fr-FR,fr;q=0.9',
    );
    expect((await reply(id, 'Essayez une photo plus petite.')).statusCode).toBe(201);
    const mail = await lastNotificationTo(db, 'claire@example.com');
    expect(mail?.subject).toBe('Re : Photos');
    expect(mail?.textBody).toContain('L’assistance Abode a répondu');
    expect(mail?.textBody).toContain('Essayez une photo plus petite.');
  });

  it('says why a message without an e-mail cannot be answered so (409), and takes no empty answer', async () => {
    const id = await contactByPhone();
    expect((await listed()).find((m) => m.id === id)).toMatchObject({
      canReply: false,
      email: null,
    });
    const refused = await reply(id, 'Hello');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('inbox_message_no_email');
    expect((await listed()).find((m) => m.id === id)).toMatchObject({
      status: 'open',
      replies: [],
    });
    for (const body of [{}, { message: '' }, { message: ' ' }, { message: 'x'.repeat(5001) }]) {
      const bad = await call('POST', `/api/admin/messages/${id}/reply`, admin, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['message']);
    }
    const badFlag = await call('PATCH', `/api/admin/messages/${id}/handled`, admin, {
      isHandled: 'yes',
    });
    expect(badFlag.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed message', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expect((await reply(id, 'Hello')).json().code).toBe('inbox_message_not_found');
      expect((await handled(id, true)).statusCode).toBe(404);
    }
  });

  it(`answers one message at most ${rateLimits.inboxRepliesPerMessage.max} times an hour`, async () => {
    const id = await supportMessage();
    const statuses = [];
    for (let i = 0; i <= rateLimits.inboxRepliesPerMessage.max; i++) {
      statuses.push((await reply(id, `Answer ${i}`)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another message still takes answers.
    expect((await reply(await supportMessage(), 'Hello')).statusCode).toBe(201);
  });

  it(`lets one administrator send at most ${rateLimits.inboxRepliesPerAccount.max} answers an hour`, async () => {
    const busy = await signUpAdmin(testApp);
    const perMessage = rateLimits.inboxRepliesPerMessage.max;
    const messages = Math.ceil(rateLimits.inboxRepliesPerAccount.max / perMessage);
    let sent = 0;
    for (let m = 0; m < messages; m++) {
      const id = await supportMessage();
      for (let i = 0; i < perMessage && sent < rateLimits.inboxRepliesPerAccount.max; i++) {
        expect((await reply(id, 'Thanks', busy)).statusCode).toBe(201);
        sent += 1;
      }
    }
    const next = await supportMessage();
    const refused = await reply(next, 'One more', busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another administrator is not held back.
    expect((await reply(next, 'One more')).statusCode).toBe(201);
  }, 120_000);

  it('is the administrators’ alone: 401 to visitors, 403 to renters and owners', async () => {
    const id = await supportMessage();
    for (const [who, status] of [
      [null, 401],
      [renter, 403],
      [owner, 403],
    ] as const) {
      expect((await handled(id, true, who)).statusCode).toBe(status);
      expect((await reply(id, 'Hello', who)).statusCode).toBe(status);
    }
    expect((await listed()).find((m) => m.id === id)).toMatchObject({
      status: 'open',
      replies: [],
    });
  });
});
