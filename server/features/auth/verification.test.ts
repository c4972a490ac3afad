import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verificationCodes } from './schema';
import {
  createTestApp,
  lastCodeTo,
  lastNotificationTo,
  manualClock,
  newAccount,
  sessionCookie,
} from '../../testing/test-app';

const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let address = 0;
/** Signs up by email or phone from its own address; answers the cookie and the identifier. */
async function signUpBy(method: 'email' | 'phone') {
  address += 1;
  const body =
    method === 'email'
      ? newAccount()
      : newAccount({
          registrationMethod: 'phone',
          email: undefined,
          phone: `+23324${String(1_000_000 + address * 7919).slice(-7)}`,
        });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: `10.20.${Math.floor(address / 250)}.${address % 250}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const target = method === 'email' ? body.email! : response.json().user.phone;
  return { cookie: sessionCookie(response), target, result: response.json() };
}

const post = (url: string, cookie: string | undefined, payload?: object, ip = '10.30.0.1') =>
  app.inject({
    method: 'POST',
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  });
const verifyEmail = (cookie: string | undefined, code: string) =>
  post('/api/auth/verify-email-code', cookie, { code });

describe('sign-up verification', () => {
  it('answers requiresVerification with the method and sends a 6-digit code that way', async () => {
    const byEmail = await signUpBy('email');
    expect(byEmail.result).toMatchObject({
      requiresVerification: true,
      verificationMethod: 'email',
    });
    const mail = await lastNotificationTo(db, byEmail.target);
    expect(mail?.textBody).toMatch(/\b\d{6}\b/);
    expect(mail?.textBody).toContain('/verify-email');

    const byPhone = await signUpBy('phone');
    expect(byPhone.result).toMatchObject({
      requiresVerification: true,
      verificationMethod: 'phone',
    });
    expect((await lastNotificationTo(db, byPhone.target))?.textBody).toMatch(/\b\d{6}\b/);
  });

  it('stores only a hash of the code', async () => {
    const { target, result } = await signUpBy('email');
    const code = await lastCodeTo(db, target);
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, result.user.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('verifies the email with the right code, once', async () => {
    const { cookie, target } = await signUpBy('email');
    const code = await lastCodeTo(db, target);
    const response = await verifyEmail(cookie, code);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ emailVerified: true, isVerified: true });
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().isVerified).toBe(true);
    // Used up: the same code again is refused.
    expect((await verifyEmail(cookie, code)).statusCode).toBe(400);
  });

  it('verifies a phone with its code', async () => {
    const { cookie, target } = await signUpBy('phone');
    const code = await lastCodeTo(db, target);
    const response = await post('/api/auth/verify-phone-code', cookie, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ phoneVerified: true, isVerified: true });
  });

  it('refuses a visitor (401) and codes that are not six digits (400)', async () => {
    expect((await verifyEmail(undefined, '123456')).statusCode).toBe(401);
    const { cookie } = await signUpBy('email');
    for (const code of ['12345', '1234567', 'abcdef', '12 345']) {
      const response = await verifyEmail(cookie, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.code).toBe('Please enter a valid 6-digit code');
    }
  });

  it('expires a code after 10 minutes', async () => {
    const { cookie, target } = await signUpBy('email');
    const code = await lastCodeTo(db, target);
    clock.advance(10 * 60_000 + 1);
    const response = await verifyEmail(cookie, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired/);
  });

  it('allows 5 wrong tries, then refuses even the right code (429) until a new one is sent', async () => {
    const { cookie, target } = await signUpBy('email');
    const code = await lastCodeTo(db, target);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await verifyEmail(cookie, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid verification code');
    }
    const blocked = await verifyEmail(cookie, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();

    clock.advance(61_000);
    expect((await post('/api/auth/resend-email-verification', cookie)).statusCode).toBe(200);
    const fresh = await lastCodeTo(db, target);
    expect((await verifyEmail(cookie, fresh)).statusCode).toBe(200);
  });

  it('replaces the old code with the newest one, and resends at most once a minute', async () => {
    const { cookie, target } = await signUpBy('email');
    const first = await lastCodeTo(db, target);

    const tooSoon = await post('/api/auth/resend-email-verification', cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    clock.advance(61_000);
    const resent = await post('/api/auth/resend-email-verification', cookie);
    expect(resent.statusCode).toBe(200);
    const second = await lastCodeTo(db, target);
    if (second !== first) {
      expect((await verifyEmail(cookie, first)).statusCode).toBe(400);
    }
    expect((await verifyEmail(cookie, second)).statusCode).toBe(200);
  });

  it('resends phone codes too, and only for the signed-in account (401)', async () => {
    expect((await post('/api/auth/resend-phone-verification', undefined)).statusCode).toBe(401);
    const { cookie, target } = await signUpBy('phone');
    clock.advance(61_000);
    expect((await post('/api/auth/resend-phone-verification', cookie)).statusCode).toBe(200);
    const code = await lastCodeTo(db, target);
    expect((await post('/api/auth/verify-phone-code', cookie, { code })).statusCode).toBe(200);
    // An email sign-up has no phone to send to.
    const byEmail = await signUpBy('email');
    expect((await post('/api/auth/resend-phone-verification', byEmail.cookie)).statusCode).toBe(
      400,
    );
  });

  it('limits codes to the address to 5 an hour, the sign-up’s included', async () => {
    const { cookie } = await signUpBy('email');
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000);
      expect((await post('/api/auth/resend-email-verification', cookie)).statusCode).toBe(200);
    }
    clock.advance(61_000);
    const sixth = await post('/api/auth/resend-email-verification', cookie);
    expect(sixth.statusCode).toBe(429);
  });
});
