import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../db/schema';
import {
  createTestApp,
  deliveriesSettled,
  lastCodeTo,
  manualClock,
  notificationsTo,
  signUp,
} from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { createSession } from './sessions';
import { CODE_MAX_ATTEMPTS } from './verification';

/**
 * Password reset by phone (issue 34): a phone-only account asks for a code on
 * /forgot-password, and sets its new password with the number, the code and the password.
 */
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let numberSequence = 0;
/** A Ghanaian mobile number nobody in this file has used, as typed and in E.164. */
function freshNumber() {
  numberSequence += 1;
  const local = `24${String(6_000_000 + numberSequence).padStart(7, '0')}`;
  return { typed: `0${local}`, e164: `+233${local}` };
}

let address = 0;
/** Each request from its own address unless the test says otherwise (per-IP limits). */
const nextIp = () => `10.41.${Math.floor((address += 1) / 250)}.${address % 250}`;
const post = (url: string, payload: object, ip = nextIp(), cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
const forgot = (phone: string, ip?: string) => post('/api/auth/forgot-password', { phone }, ip);
const reset = (phone: string, code: string, password: string, ip?: string) =>
  post('/api/auth/reset-password', { phone, code, password }, ip);
const login = (phone: string, password: string) => post('/api/auth/login', { phone, password });
const me = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

const isResetCode = (message: { textBody: string }) =>
  message.textBody.includes('password reset code');

/** A phone-only account whose number is verified, past the minute after its sign-up code. */
async function phoneAccount() {
  const number = freshNumber();
  const account = await signUp(app, {
    registrationMethod: 'phone',
    email: undefined,
    phone: number.typed,
  });
  await db.update(users).set({ phoneVerified: true }).where(eq(users.id, account.userId));
  clock.advance(61_000);
  return { ...account, ...number };
}

/** The reset codes texted to a number (they leave after the answer, through the queue). */
const resetTexts = (e164: string, atLeast = 0) => notificationsTo(db, e164, isResetCode, atLeast);

/** Asks for a code and reads it from the outbox. */
async function codeFor(account: { typed: string; e164: string }): Promise<string> {
  const before = (await resetTexts(account.e164)).length;
  expect((await forgot(account.typed)).statusCode).toBe(200);
  await resetTexts(account.e164, before + 1);
  return lastCodeTo(db, account.e164);
}

/** Lets what the answers set off (lookups, queued texts) finish before counting. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await deliveriesSettled(db);
}

describe('forgot password by phone', () => {
  it('answers the same for a verified, an unverified and an unknown number, and texts only the verified one', async () => {
    const known = await phoneAccount();
    const unverified = freshNumber();
    await signUp(app, { registrationMethod: 'phone', email: undefined, phone: unverified.typed });
    clock.advance(61_000);
    const unknown = freshNumber();

    const answers = await Promise.all([
      forgot(known.typed),
      forgot(unverified.typed),
      forgot(unknown.typed),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json().message).toBe(
      'If an account has that number, we sent it a code to reset its password.',
    );
    const [text] = await resetTexts(known.e164, 1);
    expect(text!.textBody).toMatch(
      /^Abode: your password reset code is \d{6}\. It expires in 10 minutes\./,
    );
    await settle();
    expect(await resetTexts(unverified.e164)).toHaveLength(0);
    const toUnknown = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, unknown.e164));
    expect(toUnknown).toHaveLength(0);
  });

  it('refuses what is not a phone number, and e-mail and phone together', async () => {
    const bad = await forgot('12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldCodes).toEqual({ phone: 'phoneInvalid' });
    const notANumber = await forgot('+233 11 111 1111');
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().code).toBe('phone_invalid');
    const both = await post('/api/auth/forgot-password', {
      email: 'kofi@example.com',
      phone: '0241234567',
    });
    expect(both.statusCode).toBe(400);
    expect((await post('/api/auth/forgot-password', {})).statusCode).toBe(400);
  });
});

describe('reset password by phone', () => {
  it('sets the new password with the right code, once, and ends every session', async () => {
    const account = await phoneAccount();
    const elsewhere = await createSession(db, account.userId, clock.now());
    const code = await codeFor(account);

    // The number may be typed any way: it is read as E.164.
    const done = await reset(`+233 ${account.e164.slice(4)}`, code, 'a brand new passphrase');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Your password has been reset. Sign in with the new one.');
    // Nobody is signed in by the reset, as with the e-mailed link.
    expect(done.cookies).toHaveLength(0);
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await me(`abode_session=${elsewhere.token}`)).statusCode).toBe(401);
    expect((await login(account.typed, account.body.password)).statusCode).toBe(401);
    expect((await login(account.typed, 'a brand new passphrase')).statusCode).toBe(200);

    const again = await reset(account.typed, code, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('code_invalid');
  });

  it(`counts wrong codes: after ${CODE_MAX_ATTEMPTS} even the right one is refused until a new code`, async () => {
    const account = await phoneAccount();
    const code = await codeFor(account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const answer = await reset(account.typed, wrong, 'a brand new passphrase');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'code_invalid',
        fieldCodes: { code: 'codeInvalid' },
      });
    }
    const dead = await reset(account.typed, code, 'a brand new passphrase');
    expect(dead.statusCode).toBe(429);
    expect(dead.json().code).toBe('code_attempts_exceeded');
    expect((await login(account.typed, account.body.password)).statusCode).toBe(200);

    // A new code works again.
    clock.advance(61_000);
    const fresh = await codeFor(account);
    expect((await reset(account.typed, fresh, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const account = await phoneAccount();
    const code = await codeFor(account);
    clock.advance(10 * 60_000 + 1);
    const late = await reset(account.typed, code, 'a brand new passphrase');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('code_expired');
    expect((await login(account.typed, account.body.password)).statusCode).toBe(200);
  });

  it('answers a code for an unknown number like a wrong code', async () => {
    const answer = await reset(freshNumber().typed, '123456', 'a brand new passphrase');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('code_invalid');
  });

  it('applies the password rules without spending a try, and checks the code’s shape', async () => {
    const account = await phoneAccount();
    const code = await codeFor(account);
    const cases: [object, string, string][] = [
      [{ password: 'short' }, 'password', 'passwordTooShort'],
      [{ password: 'password123' }, 'password', 'passwordTooCommon'],
      [
        { password: 'a brand new passphrase', confirmPassword: 'another one' },
        'confirmPassword',
        'passwordsDoNotMatch',
      ],
      [{ code: '12345', password: 'a brand new passphrase' }, 'code', 'codeInvalid'],
    ];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      for (const [fields, field, fieldCode] of cases) {
        const answer = await post('/api/auth/reset-password', {
          phone: account.typed,
          code,
          ...fields,
        });
        expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
        expect(answer.json().fieldCodes[field]).toBe(fieldCode);
      }
    }
    expect((await reset(account.typed, code, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('ends the e-mailed reset link of an account that has both, and a link ends the code', async () => {
    const number = freshNumber();
    const account = await signUp(app);
    await db
      .update(users)
      .set({ phone: number.e164, phoneVerified: true })
      .where(eq(users.id, account.userId));
    clock.advance(61_000);
    expect(
      (await post('/api/auth/forgot-password', { email: account.body.email })).statusCode,
    ).toBe(200);
    const link = await notificationsTo(
      db,
      account.body.email!,
      (m) => m.textBody.includes('reset-password?token='),
      1,
    );
    const token = /reset-password\?token=([\w-]+)/.exec(link[0]!.textBody)![1]!;
    const code = await codeFor(number);
    expect((await reset(number.typed, code, 'a brand new passphrase')).statusCode).toBe(200);
    const byLink = await post('/api/auth/reset-password', {
      token,
      password: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
    });
    expect(byLink.statusCode).toBe(400);

    clock.advance(61_000);
    const second = await codeFor(number);
    expect(
      (await post('/api/auth/forgot-password', { email: account.body.email })).statusCode,
    ).toBe(200);
    const links = await notificationsTo(
      db,
      account.body.email!,
      (m) => m.textBody.includes('reset-password?token='),
      2,
    );
    const newToken = /reset-password\?token=([\w-]+)/.exec(links.at(-1)!.textBody)![1]!;
    const linkReset = await post('/api/auth/reset-password', {
      token: newToken,
      password: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
    });
    expect(linkReset.statusCode).toBe(200);
    expect((await reset(number.typed, second, 'a third passphrase here')).json().code).toBe(
      'code_invalid',
    );
  });
});

describe('limits of reset codes', () => {
  it('limits forgot-password requests per IP, phone and e-mail together', async () => {
    const ip = '10.42.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.forgotPasswordPerIp.max; i++) {
      const body = i % 2 ? { phone: freshNumber().typed } : { email: `nobody${i}@example.com` };
      statuses.push((await post('/api/auth/forgot-password', body, ip)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits reset attempts per IP', async () => {
    const ip = '10.42.0.2';
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.resetPasswordPerIp.max; i++) {
      statuses.push(
        (await reset(freshNumber().typed, '123456', 'a brand new passphrase', ip)).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('texts one number at most one code a minute, with the same answer, and a refused one costs nothing', async () => {
    const account = await phoneAccount();
    const answers = [await forgot(account.typed), await forgot(account.typed)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.body).toBe(answers[0]!.body);
    await resetTexts(account.e164, 1);
    await settle();
    expect(await resetTexts(account.e164)).toHaveLength(1);

    // The refused one did not spend the number's hourly allowance: two more still leave.
    for (let i = 0; i < rateLimits.forgotPasswordPerAccount.max - 1; i++) {
      clock.advance(61_000);
      expect((await forgot(account.typed)).statusCode).toBe(200);
      await settle();
    }
    expect(await resetTexts(account.e164)).toHaveLength(rateLimits.forgotPasswordPerAccount.max);
  });

  it(`texts one number at most ${rateLimits.forgotPasswordPerAccount.max} codes an hour, from any address`, async () => {
    const account = await phoneAccount();
    for (let i = 0; i < rateLimits.forgotPasswordPerAccount.max + 2; i++) {
      expect((await forgot(account.typed)).statusCode).toBe(200);
      await settle();
      clock.advance(61_000);
    }
    expect(await resetTexts(account.e164)).toHaveLength(rateLimits.forgotPasswordPerAccount.max);
  });

  it('shares the number’s budget with every other code: right after the sign-up code, none', async () => {
    const number = freshNumber();
    const account = await signUp(app, {
      registrationMethod: 'phone',
      email: undefined,
      phone: number.typed,
    });
    await db.update(users).set({ phoneVerified: true }).where(eq(users.id, account.userId));
    expect((await forgot(number.typed)).statusCode).toBe(200);
    await settle();
    expect(await resetTexts(number.e164)).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists both bodies of forgot-password and reset-password', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const body = (path: string) =>
      document.paths[path].post.requestBody.content['application/json'].schema;
    const forgotBody = body('/api/auth/forgot-password');
    expect(Object.keys(forgotBody.properties)).toEqual(['email', 'phone']);
    expect(forgotBody.description).toContain('Exactly one of `email`');
    const resetBody = body('/api/auth/reset-password');
    const shapes = (resetBody.anyOf ?? resetBody.oneOf) as { required: string[] }[];
    expect(shapes.map((shape) => shape.required)).toEqual([
      ['token', 'password', 'confirmPassword'],
      ['phone', 'code', 'password'],
    ]);
  });
});
