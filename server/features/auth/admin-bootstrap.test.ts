import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_PASSWORD, demoAccounts, seedDemoUsers } from '../../demo/seed';
import { createTestApp, sessionCookie, signUp } from '../../testing/test-app';
import { ensureAdministrator } from './service';

const { app, database } = await createTestApp();
const db = database.db;

let address = 0;
/** Each sign-in from its own address, so the per-IP limit is not what these tests measure. */
const login = (payload: object) => {
  address += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress: `10.44.${Math.floor(address / 250)}.${address % 250}`,
  });
};

describe('ensureAdministrator (ADMIN_EMAIL and ADMIN_PASSWORD on start)', () => {
  it('creates a verified administrator who can sign in', async () => {
    const result = await ensureAdministrator(db, 'chief@example.com', 'first admin password');
    expect(result).toBe('created');

    const response = await login({ email: 'chief@example.com', password: 'first admin password' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: 'chief@example.com',
      isAdmin: true,
      emailVerified: true,
      isVerified: true,
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sessionCookie(response) },
    });
    expect(me.json()).toMatchObject({ email: 'chief@example.com', isAdmin: true });
  });

  it('stores the address in lower case, so the administrator signs in with any case', async () => {
    expect(await ensureAdministrator(db, 'Mixed.Case@Example.com', 'another admin password')).toBe(
      'created',
    );
    const response = await login({
      email: 'MIXED.case@example.com',
      password: 'another admin password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('mixed.case@example.com');
  });

  it('promotes an existing account and keeps its password: the variable never resets one', async () => {
    const { body, userId } = await signUp(app);
    const email = body.email!;
    const before = await login({ email, password: body.password });
    expect(before.json().user.isAdmin).toBe(false);

    expect(await ensureAdministrator(db, email, 'the ADMIN_PASSWORD value')).toBe('promoted');

    const withOldPassword = await login({ email, password: body.password });
    expect(withOldPassword.statusCode).toBe(200);
    expect(withOldPassword.json().user).toMatchObject({
      id: userId,
      isAdmin: true,
      emailVerified: true,
    });
    const withVariable = await login({ email, password: 'the ADMIN_PASSWORD value' });
    expect(withVariable.statusCode).toBe(401);

    // Matching the address in another case still finds that account rather than a new one.
    expect(await ensureAdministrator(db, email.toUpperCase(), 'the ADMIN_PASSWORD value')).toBe(
      'unchanged',
    );
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.email, [email]));
    expect(rows).toHaveLength(1);
  });

  it('answers unchanged on every later start', async () => {
    await ensureAdministrator(db, 'repeat@example.com', 'repeat admin password');
    expect(await ensureAdministrator(db, 'repeat@example.com', 'repeat admin password')).toBe(
      'unchanged',
    );
    expect(await ensureAdministrator(db, 'repeat@example.com', 'a different password')).toBe(
      'unchanged',
    );
    const response = await login({
      email: 'repeat@example.com',
      password: 'repeat admin password',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('seedDemoUsers', () => {
  const emails = demoAccounts.map((account) => account.email);

  it('creates the admin, owner, agent and renter, each signing in with DEMO_PASSWORD', async () => {
    await seedDemoUsers(db);
    expect(demoAccounts.map((account) => account.role)).toEqual([
      'admin',
      'owner',
      'agent',
      'renter',
    ]);
    for (const account of demoAccounts) {
      const response = await login({ email: account.email, password: DEMO_PASSWORD });
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json().user, account.email).toMatchObject({
        email: account.email,
        userType: account.userType,
        isAdmin: account.role === 'admin',
        emailVerified: true,
      });
    }
  });

  it('gives the demo agent a business name, as sign-up requires of agents', async () => {
    const agent = demoAccounts.find((account) => account.role === 'agent')!;
    const response = await login({ email: agent.email, password: DEMO_PASSWORD });
    expect(response.json().user.businessName).toBeTruthy();
  });

  it('runs again without error and without duplicates; only the admin is an administrator', async () => {
    await expect(seedDemoUsers(db)).resolves.toBeUndefined();
    await expect(seedDemoUsers(db)).resolves.toBeUndefined();
    const rows = await db.select().from(users).where(inArray(users.email, emails));
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.isAdmin).map((row) => row.email)).toEqual([
      'admin@example.com',
    ]);
  });
});
