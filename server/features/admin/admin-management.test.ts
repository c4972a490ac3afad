import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signUp } from '../../testing/test-app';

const { app, database } = await createTestApp();
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let renter: Account;
let admin: Account;
const makeAdmin = (id: string) => db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  renter = await signUp(app);
  admin = await signUp(app, { firstName: 'Ama', lastName: 'Boss' });
  await makeAdmin(admin.userId);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Account, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

describe('admin management answers 401 to visitors, 403 to renters and owners', () => {
  it.each([
    ['GET', '/api/admin/admins', undefined],
    ['POST', '/api/admin/admins', { email: 'someone@example.com' }],
    ['DELETE', '/api/admin/admins/00000000-0000-4000-8000-000000000000', undefined],
    ['GET', '/api/admin/audit-log', undefined],
    [
      'POST',
      '/api/admin/change-password',
      { currentPassword: 'x', newPassword: 'long enough one' },
    ],
  ] as const)('%s %s', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, renter, payload)).statusCode).toBe(403);
    expect((await call(method, url, owner, payload)).statusCode).toBe(403);
  });
});

describe('administrators', () => {
  it('lists, grants by email (idempotent) and revokes, with an audit trail', async () => {
    const candidate = await signUp(app, { firstName: 'Kofi' });
    const granted = await call('POST', '/api/admin/admins', admin, {
      email: candidate.body.email!.toUpperCase(),
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: candidate.userId, firstName: 'Kofi' });
    expect(
      (await call('POST', '/api/admin/admins', admin, { email: candidate.body.email })).statusCode,
    ).toBe(200);
    const list = (await call('GET', '/api/admin/admins', admin)).json();
    expect(list.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining([admin.userId, candidate.userId]),
    );
    // The new administrator can use the panel at once.
    expect((await call('GET', '/api/admin/admins', candidate)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/admin/admins/${candidate.userId}`, admin)).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/api/admin/admins', candidate)).statusCode).toBe(403);

    const log = (await call('GET', '/api/admin/audit-log?limit=10', admin)).json();
    expect(log.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'revoke-admin',
      'grant-admin',
      'grant-admin',
    ]);
    expect(log[0]).toMatchObject({
      targetType: 'user',
      targetId: candidate.userId,
      actor: { id: admin.userId, firstName: 'Ama', lastName: 'Boss' },
    });
    expect(Date.parse(log[0].createdAt)).not.toBeNaN();
  });

  it('answers 404 for an unknown email and 400 for a malformed one', async () => {
    const unknown = await call('POST', '/api/admin/admins', admin, {
      email: 'nobody@nowhere.example',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/admin/admins', admin, { email: 'not-an-email' })).statusCode,
    ).toBe(400);
  });

  it('never revokes oneself (so the last one always stays)', async () => {
    const self = await call('DELETE', `/api/admin/admins/${admin.userId}`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/your own/);

    // Someone who is not an administrator has nothing to revoke.
    expect((await call('DELETE', `/api/admin/admins/${renter.userId}`, admin)).statusCode).toBe(
      404,
    );
  });

  it('keeps at least one administrator when two revoke each other at once', async () => {
    // Two administrators revoke each other at the same time: at least one must remain.
    const first = await signUp(app);
    const second = await signUp(app);
    await db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    await makeAdmin(first.userId);
    await makeAdmin(second.userId);
    await Promise.all([
      call('DELETE', `/api/admin/admins/${second.userId}`, first),
      call('DELETE', `/api/admin/admins/${first.userId}`, second),
    ]);
    const remaining = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    expect(remaining.length).toBeGreaterThanOrEqual(1);
    await makeAdmin(admin.userId);
  });
});

describe('POST /api/admin/change-password', () => {
  it('checks the current password and applies the rules (8 characters, not common)', async () => {
    const wrong = await call('POST', '/api/admin/change-password', admin, {
      currentPassword: 'not it',
      newPassword: 'a long new passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe('The current password is not correct');
    const short = await call('POST', '/api/admin/change-password', admin, {
      currentPassword: admin.body.password,
      newPassword: 'short',
    });
    expect(short.json().fields.newPassword).toBe('Password must be at least 8 characters');
    const done = await call('POST', '/api/admin/change-password', admin, {
      currentPassword: admin.body.password,
      newPassword: 'a long new passphrase',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Password changed successfully');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.body.email, password: 'a long new passphrase' },
    });
    expect(login.statusCode).toBe(200);
  });
});
