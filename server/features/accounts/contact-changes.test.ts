import { describe, expect, it } from 'vitest';
import { createTestApp, manualClock, signUp } from '../../testing/test-app';
import { rateLimits } from './rate-limits';
import { contactLimitHelpers } from '../../testing/contact-limits';

/**
 * Profile saves that change the email or phone send a code each, so they are limited per
 * account and per IP (issue 15); saving names only is not a contact change.
 */
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

const { freshNumber, notificationsTo, saveProfile } = contactLimitHelpers(app, db);

describe('profile changes of email or phone', () => {
  it('are limited per account: 20 changes of one account send at most its budget of codes', async () => {
    const account = await signUp(app, { registrationMethod: 'phone', phone: freshNumber() });
    const targets: string[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const target = freshNumber();
      targets.push(target);
      statuses.push((await saveProfile(account.cookie, target)).statusCode);
      clock.advance(61_000);
    }
    const sent = (await Promise.all(targets.map(notificationsTo))).reduce((a, b) => a + b, 0);
    expect(sent).toBe(rateLimits.contactChangesPerAccount.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - rateLimits.contactChangesPerAccount.max,
    );
  });

  it('are limited per IP across accounts', async () => {
    const ip = '10.78.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.contactChangesPerIp.max; i += 1) {
      const account = await signUp(app, { registrationMethod: 'phone', phone: freshNumber() });
      statuses.push((await saveProfile(account.cookie, freshNumber(), ip)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('saving names only is not a contact change and is not limited by them', async () => {
    const phone = freshNumber();
    const account = await signUp(app, { registrationMethod: 'phone', phone });
    for (let i = 0; i < rateLimits.contactChangesPerAccount.max + 2; i += 1) {
      expect((await saveProfile(account.cookie, phone)).statusCode).toBe(200);
    }
  });
});
