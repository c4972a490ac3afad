import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  createTestApp,
  manualClock,
  newAccount,
  signUp,
  lastCodeTo,
  sessionCookie,
} from '../../testing/test-app';
import {
  ACCOUNTS_PER_TARGET_PER_HOUR,
  CODES_PER_TARGET_HARD_CAP,
  CODES_PER_TARGET_PER_HOUR,
} from './verification';
import { contactLimitHelpers } from '../../testing/contact-limits';

/**
 * Codes to one address or number are limited by that address, whichever account or route asks
 * (issue 15): typing a stranger's number into sign-up or profile forms must not flood their
 * phone. (Profile saves that change the email or phone have their own limits, per account and
 * per IP: accounts/contact-changes.test.ts.)
 */
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

const { freshNumber, notificationsTo, nextIp, saveProfile } = contactLimitHelpers(app, db);

describe('codes to one address or number', () => {
  it('20 accounts putting one stranger’s number in their profile send it at most one code per account for 8 accounts an hour, 1 a minute', async () => {
    const victim = freshNumber();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const account = await signUp(app, { registrationMethod: 'phone', phone: freshNumber() });
      statuses.push((await saveProfile(account.cookie, victim)).statusCode);
      // Two changes a minute: half of them land inside the one-a-minute rule.
      clock.advance(31_000);
    }
    // Each account's code is its first to the number: counted per account, not the shared budget.
    expect(await notificationsTo(victim)).toBe(ACCOUNTS_PER_TARGET_PER_HOUR);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ACCOUNTS_PER_TARGET_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - ACCOUNTS_PER_TARGET_PER_HOUR,
    );
    clock.advance(60 * 60_000);
  });

  it('a refused change saves nothing and says how long to wait', async () => {
    const victim = freshNumber();
    const first = await signUp(app, { registrationMethod: 'phone', phone: freshNumber() });
    expect((await saveProfile(first.cookie, victim)).statusCode).toBe(200);
    const second = await signUp(app, { registrationMethod: 'phone', phone: freshNumber() });
    const refused = await saveProfile(second.cookie, victim);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const [row] = await db.select().from(users).where(eq(users.id, second.userId));
    expect(row!.phone).not.toBe(victim);
    expect(await notificationsTo(victim)).toBe(1);
    clock.advance(60 * 60_000);
  });

  it('20 phone sign-ups with one stranger’s number send it at most 8 codes (one per account); the refused ones make no account', async () => {
    const victim = freshNumber();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: nextIp(),
        payload: newAccount({ registrationMethod: 'phone', phone: victim }),
      });
      statuses.push(response.statusCode);
      clock.advance(61_000);
    }
    expect(await notificationsTo(victim)).toBe(ACCOUNTS_PER_TARGET_PER_HOUR);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ACCOUNTS_PER_TARGET_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - ACCOUNTS_PER_TARGET_PER_HOUR,
    );
    clock.advance(60 * 60_000);
  });

  it('a squatter cannot deny a number’s holder its code: five accounts add the same unverified number, and the holder’s sign-up code is sent within 60 s', async () => {
    const phone = freshNumber();
    const squatters = [];
    for (let i = 0; i < 5; i += 1) {
      squatters.push(await signUp(app, { registrationMethod: 'phone', phone: freshNumber() }));
    }
    // Each squatter adds the number, then asks again and again (resends, adding it back after
    // losing it to another squatter) for as long as anything is sent: what spends a budget.
    for (let round = 0; round < 4; round += 1) {
      for (const squatter of squatters) {
        await saveProfile(squatter.cookie, phone);
        clock.advance(61_000);
        await app.inject({
          method: 'POST',
          url: '/api/auth/resend-phone-verification',
          headers: { cookie: squatter.cookie },
          remoteAddress: nextIp(),
        });
        clock.advance(61_000);
      }
    }
    const spent = await notificationsTo(phone);
    // The squatters spent the shared budget; past it only their own first codes went out.
    expect(spent).toBeGreaterThanOrEqual(CODES_PER_TARGET_PER_HOUR);
    expect(spent).toBeLessThanOrEqual(CODES_PER_TARGET_PER_HOUR - 1 + squatters.length);

    // The holder signs up with the number within the same hour, right after a squatter's try.
    await saveProfile(squatters[0]!.cookie, phone);
    const askedAt = clock.now().getTime();
    let signUp201 = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: newAccount({ registrationMethod: 'phone', phone }),
    });
    if (signUp201.statusCode === 429) {
      // At most the one-a-minute rule: the form is sent again after the wait it was told.
      const wait = Number(signUp201.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(60);
      clock.advance(wait * 1000);
      signUp201 = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: nextIp(),
        payload: newAccount({ registrationMethod: 'phone', phone }),
      });
    }
    expect(signUp201.statusCode, signUp201.body).toBe(201);
    expect(clock.now().getTime() - askedAt).toBeLessThanOrEqual(60_000);
    expect(await notificationsTo(phone)).toBe(spent + 1);
    // The code reached the number, and it is the holder's: it verifies their account.
    const holderCookie = sessionCookie(signUp201);
    const code = await lastCodeTo(db, phone);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-phone-code',
      headers: { cookie: holderCookie },
      payload: { code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    clock.advance(60 * 60_000);
  });

  it('a phone gets at most the hard cap an hour: one account’s repeats, then other accounts’ first codes', async () => {
    const phone = freshNumber();
    const first = await signUp(app, { registrationMethod: 'phone', phone });
    // Its resends spend the shared budget (the sign-up's code was the first of it).
    for (let i = 0; i < CODES_PER_TARGET_PER_HOUR + 2; i += 1) {
      clock.advance(61_000);
      await app.inject({
        method: 'POST',
        url: '/api/auth/resend-phone-verification',
        headers: { cookie: first.cookie },
        remoteAddress: nextIp(),
      });
    }
    expect(await notificationsTo(phone)).toBe(CODES_PER_TARGET_PER_HOUR);
    // Then newcomers, one code each, until ACCOUNTS_PER_TARGET_PER_HOUR accounts had theirs.
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNTS_PER_TARGET_PER_HOUR + 2; i += 1) {
      clock.advance(61_000);
      const account = await signUp(app, { registrationMethod: 'phone', phone: freshNumber() });
      statuses.push((await saveProfile(account.cookie, phone)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(
      ACCOUNTS_PER_TARGET_PER_HOUR - 1,
    );
    expect(await notificationsTo(phone)).toBe(CODES_PER_TARGET_HARD_CAP);
    clock.advance(60 * 60_000);
  });

  it('the resend route shares the address’s budget with sign-up: a resend right after sign-up waits', async () => {
    const phone = freshNumber();
    const account = await signUp(app, { registrationMethod: 'phone', phone });
    const resend = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-phone-verification',
      headers: { cookie: account.cookie },
    });
    expect(resend.statusCode).toBe(429);
    expect(await notificationsTo(phone)).toBe(1);
    clock.advance(61_000);
    const later = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-phone-verification',
      headers: { cookie: account.cookie },
    });
    expect(later.statusCode).toBe(200);
    expect(await notificationsTo(phone)).toBe(2);
  });
});
