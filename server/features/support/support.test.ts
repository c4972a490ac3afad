import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage, SupportMessage } from '#common/inbox';
import { users } from '../../db/schema';
import type { Notifier } from '../../lib/notifier';
import { createTestApp, lastNotificationTo, signUp, signUpAdmin } from '../../testing/test-app';

const { app, database, config } = await createTestApp({ supportEmail: 'help@abode.example' });
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let renter: Account;
let owner: Account;
let admin: Account;
beforeAll(async () => {
  renter = await signUp(app);
  owner = await signUp(app, { userType: 'owner' });
  admin = await signUpAdmin({ app, database });
});

let address = 0;
const post = (url: string, payload: object, who?: Account) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: who ? { cookie: who.cookie } : {},
    remoteAddress: `10.8.${Math.floor((address += 1) / 250)}.${address % 250}`,
  });
const inbox = (query = '', who: Account | null = admin) =>
  app.inject({
    method: 'GET',
    url: `/api/admin/messages${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });

const support = (overrides: Partial<SupportMessage> = {}): SupportMessage => ({
  name: 'Esi Owusu',
  email: 'esi@example.com',
  subject: 'Cannot upload photos',
  category: 'technical',
  message: 'The upload stops at 50 %.',
  ...overrides,
});

const contact = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  firstName: 'Kojo',
  lastName: 'Asante',
  contactMethod: 'email',
  email: 'kojo@example.com',
  phone: '',
  userType: 'landlord',
  subject: 'Listing three flats',
  message: 'Can an agent list for me?',
  ...overrides,
});

describe('POST /api/support/message', () => {
  it('keeps the message for the admins and forwards it to the support address', async () => {
    const sent = await post('/api/support/message', support(), renter);
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = await lastNotificationTo(db, config.supportEmail);
    expect(mail?.subject).toBe('[Support] Cannot upload photos');
    expect(mail?.textBody).toContain('Email: esi@example.com');
    expect(mail?.textBody).toContain('Category: technical');
    expect(mail?.textBody).toContain('The upload stops at 50 %.');

    const listed = (await inbox('?source=support')).json();
    expect(listed.messages[0]).toMatchObject({
      source: 'support',
      name: 'Esi Owusu',
      email: 'esi@example.com',
      category: 'technical',
      subject: 'Cannot upload photos',
    });
  });

  it('needs email, subject and message; name and category are optional', async () => {
    expect(
      (await post('/api/support/message', support({ name: '', category: undefined }))).statusCode,
    ).toBe(201);
    for (const [override, field] of [
      [{ email: '' }, 'email'],
      [{ email: 'esi' }, 'email'],
      [{ subject: ' ' }, 'subject'],
      [{ message: '' }, 'message'],
      [{ category: 'refunds' }, 'category'],
      [{ message: 'x'.repeat(5001) }, 'message'],
    ] as const) {
      const answer = await post('/api/support/message', { ...support(), ...override });
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().fields)).toContain(field);
    }
  });
});

describe('POST /api/contact/message', () => {
  it('requires the chosen method’s field and keeps the other only when valid', async () => {
    const byEmail = await post('/api/contact/message', contact({ phone: 'not a phone' }));
    expect(byEmail.statusCode, byEmail.body).toBe(201);
    const byPhone = await post(
      '/api/contact/message',
      contact({ contactMethod: 'phone', email: '', phone: '+233 24 765 4321', subject: 'Call me' }),
    );
    expect(byPhone.statusCode, byPhone.body).toBe(201);

    const listed = (await inbox('?source=contact')).json().messages;
    expect(listed[0]).toMatchObject({
      subject: 'Call me',
      contactMethod: 'phone',
      phone: '+233 24 765 4321',
      email: null,
    });
    expect(listed[1]).toMatchObject({ name: 'Kojo Asante', phone: null, userType: 'landlord' });

    const missingEmail = await post('/api/contact/message', contact({ email: '' }));
    expect(missingEmail.json().fields).toEqual({ email: 'Email is required' });
    const missingPhone = await post('/api/contact/message', contact({ contactMethod: 'phone' }));
    expect(missingPhone.json().fields).toEqual({ phone: 'Phone number is required' });
    for (const field of ['firstName', 'lastName', 'subject', 'message', 'userType'] as const) {
      const answer = await post('/api/contact/message', { ...contact(), [field]: '' });
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().fields)).toContain(field);
    }
  });

  it('limits each form to 10 messages an hour per address', async () => {
    const from = () =>
      app.inject({
        method: 'POST',
        url: '/api/contact/message',
        payload: contact(),
        remoteAddress: '10.251.0.1',
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await from()).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/admin/messages', () => {
  it('answers 401 to visitors and 403 to renters and owners', async () => {
    expect((await inbox('', null)).statusCode).toBe(401);
    expect((await inbox('', renter)).statusCode).toBe(403);
    expect((await inbox('', owner)).statusCode).toBe(403);
    expect((await inbox('?source=fax')).statusCode).toBe(400);
  });
});

describe('when mail is down', () => {
  it('still accepts and keeps the message; the admins see it was not forwarded', async () => {
    const failing: Notifier = {
      smsAvailable: true,
      email: async () => {
        throw new Error('SMTP down');
      },
      sms: async () => undefined,
    };
    const down = await createTestApp({}, { notifier: failing });
    const admin2 = await signUp(down.app);
    await down.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin2.userId));
    const sent = await down.app.inject({
      method: 'POST',
      url: '/api/support/message',
      payload: support(),
    });
    expect(sent.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const listed = await down.app.inject({
      method: 'GET',
      url: '/api/admin/messages',
      headers: { cookie: admin2.cookie },
    });
    expect(listed.json().messages[0]).toMatchObject({
      subject: 'Cannot upload photos',
      forwarded: false,
    });
  });
});
