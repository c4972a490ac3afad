import { describe, expect, it } from 'vitest';
import { createTestApp, lastNotificationTo, manualClock, signUp } from '../../testing/test-app';

const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let ip = 0;
const post = (url: string, payload: object, cookie?: string) => {
  ip += 1;
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.40.${Math.floor(ip / 250)}.${ip % 250}`,
  });
};
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const reset = (token: string, password: string) =>
  post('/api/auth/reset-password', { token, password, confirmPassword: password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const me = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

/** The token of the newest reset link mailed to `email` (it leaves after the answer). */
async function tokenMailedTo(email: string): Promise<string> {
  for (let tries = 0; tries < 80; tries++) {
    const message = await lastNotificationTo(db, email);
    const token = /reset-password\?token=([\w-]+)/.exec(message?.textBody ?? '')?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no reset link mailed to ${email}`);
}

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { body } = await signUp(app);
    const known = await forgot(body.email!);
    const unknown = await forgot('nobody.here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await tokenMailedTo(body.email!)).toMatch(/^[\w-]{43}$/);
    expect(await lastNotificationTo(db, 'nobody.here@example.com')).toBeNull();
  });

  it('sets the new password with the link, once, and ends every session', async () => {
    const account = await signUp(app);
    const email = account.body.email!;
    await forgot(email);
    const token = await tokenMailedTo(email);

    const done = await reset(token, 'a brand new passphrase');
    expect(done.statusCode).toBe(200);
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await login(email, account.body.password)).statusCode).toBe(401);
    const signedIn = await login(email, 'a brand new passphrase');
    expect(signedIn.statusCode).toBe(200);
    // The link reached the mailbox: the address counts as verified.
    expect(signedIn.json().user.emailVerified).toBe(true);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired');
  });

  it('refuses a link after 30 minutes', async () => {
    const { body } = await signUp(app);
    await forgot(body.email!);
    const token = await tokenMailedTo(body.email!);
    clock.advance(30 * 60_000 + 1);
    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(400);
    expect((await login(body.email!, body.password)).statusCode).toBe(200);
  });

  it('tells whether a link still works before the form is shown: live, used, expired, unknown', async () => {
    const check = async (token: string) => {
      const answer = await post('/api/auth/reset-password/check', { token });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().valid as boolean;
    };
    const { body } = await signUp(app);
    await forgot(body.email!);
    const token = await tokenMailedTo(body.email!);
    expect(await check(token)).toBe(true);
    // Asking does not use it up.
    expect(await check(token)).toBe(true);
    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(200);
    expect(await check(token)).toBe(false);

    const other = await signUp(app);
    await forgot(other.body.email!);
    const old = await tokenMailedTo(other.body.email!);
    clock.advance(30 * 60_000 + 1);
    expect(await check(old)).toBe(false);
    expect(await check('a-made-up-token')).toBe(false);
    expect((await post('/api/auth/reset-password/check', { token: '' })).statusCode).toBe(400);
  });

  it('refuses made-up tokens, short, long and common passwords, and mismatches', async () => {
    const { body } = await signUp(app);
    await forgot(body.email!);
    const token = await tokenMailedTo(body.email!);
    expect((await reset('not-a-real-token', 'a brand new passphrase')).statusCode).toBe(400);
    const cases: [object, string, string][] = [
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'at least 8'],
      [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'password', 'at most 128'],
      [{ password: 'password123', confirmPassword: 'password123' }, 'password', 'too common'],
      [
        { password: 'a brand new passphrase', confirmPassword: 'another one' },
        'confirmPassword',
        'do not match',
      ],
    ];
    for (const [passwords, field, message] of cases) {
      const response = await post('/api/auth/reset-password', { token, ...passwords });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toContain(message);
    }
    // None of them used the link up.
    expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('mails at most 3 links an hour per address, with the same answer after', async () => {
    const { body } = await signUp(app);
    for (let i = 0; i < 5; i++) expect((await forgot(body.email!)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await db.query.outboxMessages.findMany({
      where: (message, { eq }) => eq(message.recipient, body.email!),
    });
    expect(sent.filter((m) => m.textBody.includes('reset-password?token='))).toHaveLength(3);
  });
});
