import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from './schema';
import { users } from '../../db/schema';
import { hashToken } from './sessions';
import { createTestApp, lastCodeTo, manualClock, newAccount, signUp } from '../../testing/test-app';

/**
 * An address or number an account typed in but never verified blocks nobody (issue 15):
 * whoever signs up with it, or puts it in their profile, takes it; a verified one stays its
 * owner's (409).
 */
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
/** One code a minute per address (code-limits.test.ts): the next claimant comes later. */
const aMinuteLater = () => clock.advance(61_000);
const db = database.db;

const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

let sequence = 0;
const freshNumber = () => `+23320${String(7_000_000 + (sequence += 1)).padStart(7, '0')}`;

async function register(body: ReturnType<typeof newAccount>) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.88.0.${(sequence += 1) % 250}`,
    payload: body,
  });
}

async function verifyPhone(cookie: string, phone: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-phone-code',
    headers: { cookie },
    payload: { code: await lastCodeTo(db, phone) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('an unverified phone number or email', () => {
  it('does not stop a phone sign-up: the new account gets the number, the other loses it', async () => {
    const phone = freshNumber();
    const squatter = await signUp(app, { registrationMethod: 'phone', phone });
    aMinuteLater();
    const response = await register(newAccount({ registrationMethod: 'phone', phone }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user.phone).toBe(phone);
    const before = await userRow(squatter.userId);
    expect(before.phone).toBeNull();
    expect(before.phoneVerified).toBe(false);
  });

  it('does not stop an e-mail sign-up; the other account’s reset links stop working', async () => {
    const first = newAccount();
    const squatter = await signUp(app, { email: first.email });
    await db.insert(passwordResetTokens).values({
      tokenHash: hashToken(`reset-${squatter.userId}`),
      userId: squatter.userId,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
    aMinuteLater();
    const response = await register(newAccount({ email: first.email }));
    expect(response.statusCode, response.body).toBe(201);
    expect((await userRow(squatter.userId)).email).toBeNull();
    const links = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, squatter.userId));
    expect(links).toEqual([]);
  });

  it('a verified number still belongs to its owner: sign-up and profile changes get 409', async () => {
    const phone = freshNumber();
    const owner = await signUp(app, { registrationMethod: 'phone', phone });
    await verifyPhone(owner.cookie, phone);
    const response = await register(newAccount({ registrationMethod: 'phone', phone }));
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toHaveProperty('phone');

    const other = await signUp(app);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: other.cookie },
      payload: { firstName: 'Abena', lastName: 'Ofori', email: other.body.email, phone },
    });
    expect(change.statusCode).toBe(409);
    expect((await userRow(owner.userId)).phone).toBe(phone);
  });

  it('can be put in one’s profile, taking it from the account that never verified it', async () => {
    const phone = freshNumber();
    const squatter = await signUp(app, { registrationMethod: 'phone', phone });
    const owner = await signUp(app);
    aMinuteLater();
    const change = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: owner.cookie },
      payload: { firstName: 'Abena', lastName: 'Ofori', email: owner.body.email, phone },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().user.phone).toBe(phone);
    expect((await userRow(squatter.userId)).phone).toBeNull();
    // The number's code went to it, and the new holder can verify it.
    await verifyPhone(owner.cookie, phone);
    expect((await userRow(owner.userId)).phoneVerified).toBe(true);
  });
});
