import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import type { Notifier } from '../../lib/notifier';
import {
  createTestApp,
  manualClock,
  newAccount,
  sessionCookie,
  signUp,
} from '../../testing/test-app';

// A production server without an SMS provider cannot send a code to a phone: it refuses
// numbers it could never verify, instead of keeping their codes in an outbox nobody reads
// (issue 18). Without production (development), the outbox and dev mailbox stand in.
const production = { nodeEnv: 'production' as const, isProduction: true };
const phoneAccount = (phone: string) =>
  newAccount({ registrationMethod: 'phone', email: undefined, phone });

describe('production without an SMS provider', async () => {
  const { app, database } = await createTestApp(production);
  const usersWithPhone = async (phone: string) =>
    (await database.db.select({ n: count() }).from(users).where(eq(users.phone, phone)))[0]!.n;

  it('says phone sign-up is off, so the form can say so before anyone types a number', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/sign-up-methods' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: true, phone: false });
  });

  it('refuses a phone sign-up with a 400 naming the field, and makes no account', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: phoneAccount('0241234501'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'sms_unavailable',
      fieldCodes: { phone: 'sms_unavailable' },
    });
    expect(response.cookies).toHaveLength(0);
    expect(await usersWithPhone('+233241234501')).toBe(0);
  });

  it('still signs up by e-mail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a new phone number in the profile, and keeps the profile as it was', async () => {
    const { cookie, body } = await signUp(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie },
      payload: {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: '0241234502',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('sms_unavailable');
    expect(await usersWithPhone('+233241234502')).toBe(0);
  });

  it('refuses a password reset by phone with the same 400, whatever the number; e-mail still works', async () => {
    const byPhone = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { phone: '0241234504' },
    });
    expect(byPhone.statusCode).toBe(400);
    expect(byPhone.json()).toMatchObject({
      code: 'sms_unavailable',
      fieldCodes: { phone: 'sms_unavailable' },
    });
    const byEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(byEmail.statusCode).toBe(200);
  });
});

describe('production with a way to send text messages', async () => {
  const sms = vi.fn(async () => undefined);
  const notifier: Notifier = { smsAvailable: true, email: vi.fn(async () => undefined), sms };
  const clock = manualClock();
  const { app, database } = await createTestApp(production, { notifier, clock: clock.now });

  it('offers phone sign-up and sends the code', async () => {
    const methods = await app.inject({ method: 'GET', url: '/api/auth/sign-up-methods' });
    expect(methods.json()).toEqual({ email: true, phone: true });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: phoneAccount('0241234503'),
    });
    expect(response.statusCode).toBe(201);
    expect(sessionCookie(response)).toMatch(/^abode_session=/);
    // Queued with the account, then handed to the provider by the queue's worker.
    await vi.waitFor(
      () =>
        expect(sms).toHaveBeenCalledWith(
          '+233241234503',
          expect.objectContaining({ kind: 'phone-verification' }),
          'en',
        ),
      { timeout: 10_000 },
    );
  });

  it('texts a reset code to a verified number', async () => {
    await database.db
      .update(users)
      .set({ phoneVerified: true })
      .where(eq(users.phone, '+233241234503'));
    // Past the minute after the sign-up's code: one code a minute per number.
    clock.advance(61_000);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { phone: '0241234503' },
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(
      () =>
        expect(sms).toHaveBeenCalledWith(
          '+233241234503',
          expect.objectContaining({ kind: 'password-reset-code' }),
          'en',
        ),
      { timeout: 10_000 },
    );
  });
});
