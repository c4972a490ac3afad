import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import {
  createTestApp,
  lastCodeTo,
  deliveriesSettled,
  lastNotificationTo,
  manualClock,
  newAccount,
  sessionCookie,
  signUp,
} from '../../testing/test-app';

const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let ip = 0;
const send = (method: 'PUT' | 'POST' | 'GET', url: string, cookie?: string, payload?: object) => {
  ip += 1;
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.50.${Math.floor(ip / 250)}.${ip % 250}`,
    ...(payload ? { payload } : {}),
  });
};

/** A signed-up account whose email is verified, as most are. */
async function verifiedAccount() {
  const account = await signUp(app);
  const code = await lastCodeTo(db, account.body.email!);
  expect(
    (await send('POST', '/api/auth/verify-email-code', account.cookie, { code })).statusCode,
  ).toBe(200);
  return account;
}

const profile = (body: ReturnType<typeof newAccount>, changes: object = {}) => ({
  firstName: body.firstName,
  lastName: body.lastName,
  email: body.email,
  phone: '',
  businessName: '',
  licenseNumber: '',
  ...changes,
});

describe('PUT /api/auth/profile', () => {
  it('is for signed-in users (401)', async () => {
    const response = await send('PUT', '/api/auth/profile', undefined, profile(newAccount()));
    expect(response.statusCode).toBe(401);
  });

  it('saves names and business details without asking for verification', async () => {
    const { cookie, body } = await verifiedAccount();
    const response = await send(
      'PUT',
      '/api/auth/profile',
      cookie,
      profile(body, {
        firstName: 'Esi',
        businessName: 'Esi Homes',
        licenseNumber: 'GH-123',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verificationRequired: false,
      verificationMethods: [],
      user: {
        firstName: 'Esi',
        businessName: 'Esi Homes',
        licenseNumber: 'GH-123',
        emailVerified: true,
      },
    });
  });

  it('marks a new email and a new phone unverified and sends each a code', async () => {
    const { cookie, body } = await verifiedAccount();
    const newEmail = `moved.${Date.now()}@example.com`;
    const response = await send(
      'PUT',
      '/api/auth/profile',
      cookie,
      profile(body, {
        email: newEmail,
        phone: '+233 24 765 4321',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verificationRequired: true,
      verificationMethods: ['email', 'phone'],
      user: {
        email: newEmail,
        phone: '+233247654321',
        emailVerified: false,
        phoneVerified: false,
        isVerified: false,
      },
    });
    const code = await lastCodeTo(db, newEmail);
    const verified = await send('POST', '/api/auth/verify-email-code', cookie, { code });
    expect(verified.json().user.emailVerified).toBe(true);
    expect(await lastCodeTo(db, '+233247654321')).toMatch(/^\d{6}$/);
  });

  it('answers 409 for an email another account verified, and 400 for bad fields', async () => {
    const other = await verifiedAccount();
    const { cookie, body } = await verifiedAccount();
    const taken = await send(
      'PUT',
      '/api/auth/profile',
      cookie,
      profile(body, { email: other.body.email }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.email).toMatch(/already exists/);

    const bad = await send(
      'PUT',
      '/api/auth/profile',
      cookie,
      profile(body, {
        firstName: '',
        email: '',
        phone: '',
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      firstName: 'First name is required',
      email: 'Enter an email address or a phone number',
    });
    const me = await send('GET', '/api/auth/user', cookie);
    expect(me.json().email).toBe(body.email);
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (cookie: string | undefined, currentPassword: string, newPassword: string) =>
    send('PUT', '/api/auth/change-password', cookie, {
      currentPassword,
      newPassword,
      confirmPassword: newPassword,
    });

  it('checks the current password, keeps this session and ends the others', async () => {
    expect((await change(undefined, 'x', 'a new long passphrase')).statusCode).toBe(401);
    const account = await signUp(app);
    const login = await send('POST', '/api/auth/login', undefined, {
      email: account.body.email,
      password: account.body.password,
    });
    const otherSession = sessionCookie(login);

    const wrong = await change(account.cookie, 'not my password', 'a new long passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe('The current password is not correct');

    const done = await change(account.cookie, account.body.password, 'a new long passphrase');
    expect(done.statusCode).toBe(200);
    expect((await send('GET', '/api/auth/user', account.cookie)).statusCode).toBe(200);
    expect((await send('GET', '/api/auth/user', otherSession)).statusCode).toBe(401);
    const relogin = await send('POST', '/api/auth/login', undefined, {
      email: account.body.email,
      password: 'a new long passphrase',
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('tells the owner, by e-mail or by SMS without an address; a refused change tells nobody', async () => {
    const byEmail = await signUp(app);
    await change(byEmail.cookie, 'not my password', 'a new long passphrase');
    expect((await lastNotificationTo(db, byEmail.body.email!))?.subject).not.toMatch(/changed/);
    await change(byEmail.cookie, byEmail.body.password, 'a new long passphrase');
    expect((await lastNotificationTo(db, byEmail.body.email!))?.subject).toBe(
      'Your Abode password was changed',
    );

    const phone = `+23324${String(5_000_000 + ip).slice(-7)}`;
    const byPhone = await signUp(app, { registrationMethod: 'phone', email: undefined, phone });
    expect(
      (await change(byPhone.cookie, byPhone.body.password, 'a new long passphrase')).statusCode,
    ).toBe(200);
    await deliveriesSettled(db);
    const texts = await db
      .select({ text: outboxMessages.textBody })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone));
    expect(texts).toHaveLength(2);
    expect(texts.filter(({ text }) => /password/i.test(text))).toHaveLength(1);
  });

  it('applies the password rules: 8 to 128 characters, not common, confirmed', async () => {
    const { cookie, body } = await signUp(app);
    expect((await change(cookie, body.password, 'short')).json().fields.newPassword).toMatch(
      /at least 8/,
    );
    expect((await change(cookie, body.password, 'iloveyou1')).json().fields.newPassword).toMatch(
      /too common/,
    );
    const mismatch = await send('PUT', '/api/auth/change-password', cookie, {
      currentPassword: body.password,
      newPassword: 'a new long passphrase',
      confirmPassword: 'something else entirely',
    });
    expect(mismatch.json().fields.confirmPassword).toBe("Passwords don't match");
  });

  it('locks the form after 10 wrong current passwords (429 with Retry-After)', async () => {
    const { cookie, body } = await signUp(app);
    for (let i = 0; i < 10; i++) {
      expect((await change(cookie, 'wrong guess', 'a new long passphrase')).statusCode).toBe(400);
    }
    const locked = await change(cookie, body.password, 'a new long passphrase');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});
