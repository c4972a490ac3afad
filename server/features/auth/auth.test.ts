import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, newAccount, sessionCookie, signUp } from '../../testing/test-app';
import { loginDelayMs, loginSlowdown, rateLimits } from './rate-limits';

const { app, database } = await createTestApp();

/** What entering the code does: only a verified address or number is taken (issue 15). */
const markVerified = (userId: string) =>
  database.db
    .update(users)
    .set({ emailVerified: true, phoneVerified: true })
    .where(eq(users.id, userId));

const register = (payload: object, remoteAddress = '10.9.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
const login = (payload: object, remoteAddress = '10.8.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
const currentUser = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and never returns the password', async () => {
    const body = newAccount({ firstName: ' Akosua ', email: 'Akosua.New@Example.com' });
    const response = await register(body, '10.9.1.1');
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.user).toMatchObject({
      firstName: 'Akosua',
      lastName: body.lastName,
      email: 'akosua.new@example.com',
      userType: 'renter',
      isAdmin: false,
      businessName: null,
    });
    expect(result).toMatchObject({ requiresVerification: true, verificationMethod: 'email' });
    expect(result.user.isVerified).toBe(false);
    expect(JSON.stringify(result)).not.toMatch(/password|argon2/i);

    const cookie = response.cookies.find((c) => c.name === 'abode_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await currentUser(sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('akosua.new@example.com');
  });

  it('answers 409 for an email that another account verified, whatever its case', async () => {
    const { body, userId } = await signUp(app);
    await markVerified(userId);
    const again = await register({ ...newAccount(), email: body.email!.toUpperCase() }, '10.9.2.1');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'email_taken',
      fields: { email: 'An account with this email already exists' },
      fieldCodes: { email: 'email_taken' },
    });
  });

  it('signs up by phone and treats local and international forms as one number', async () => {
    const first = await register(
      newAccount({ registrationMethod: 'phone', email: '', phone: '024 412 3456' }),
      '10.9.3.1',
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ phone: '+233244123456', email: null });
    await markVerified(first.json().user.id);

    const second = await register(
      newAccount({ registrationMethod: 'phone', phone: '+233 24 412 3456' }),
      '10.9.3.2',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().fields).toHaveProperty('phone');
  });

  it('keeps only the chosen method: a phone sign-up does not claim the email in the form', async () => {
    const response = await register(
      newAccount({ registrationMethod: 'phone', phone: '+1 415 555 2671', email: 'x@example.com' }),
      '10.9.4.1',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user.email).toBeNull();
  });

  it('keeps the business name of agents and drops it for other account types', async () => {
    const agent = await register(newAccount({ userType: 'agent', businessName: 'Accra Homes' }));
    expect(agent.json().user).toMatchObject({ userType: 'agent', businessName: 'Accra Homes' });
    const owner = await register(newAccount({ userType: 'owner', businessName: 'Ignored Ltd' }));
    expect(owner.json().user).toMatchObject({ userType: 'owner', businessName: null });
  });

  it.each([
    ['no first name', { firstName: '  ' }, 'firstName', 'First name is required'],
    ['no last name', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    ['no email on the email tab', { email: '' }, 'email', 'Email is required'],
    [
      'no phone on the phone tab',
      { registrationMethod: 'phone', phone: '' },
      'phone',
      'Phone number is required',
    ],
    [
      'an impossible phone number',
      { registrationMethod: 'phone', phone: '+233 1' },
      'phone',
      'Enter a valid phone number, for example +233 24 123 4567',
    ],
    [
      'a short password',
      { password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'a 129-character password',
      { password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    ['an unknown account type', { userType: 'landlord' }, 'userType', 'Account Type is required'],
    [
      'an agent without a business name',
      { userType: 'agent', businessName: '' },
      'businessName',
      'Business name is required for agents',
    ],
    [
      'a 10 000-character name',
      { firstName: 'a'.repeat(10_000) },
      'firstName',
      'This value is too long',
    ],
  ])('answers 400 with the field for %s', async (_case, change, field, message) => {
    const response = await register({ ...newAccount(), ...change }, '10.9.5.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers 400, not 500, to bodies that are not an object or not JSON', async () => {
    for (const payload of ['[1,2]', '"text"', 'null', '{"broken"']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: '10.9.6.1',
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('answers 415 to a body that is not JSON and 413 to one over the size limit', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...newAccount(), lastName: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('message');
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    const address = '10.9.7.1';
    for (let i = 0; i < 20; i++) {
      expect((await register({ firstName: '' }, address)).statusCode).toBe(400);
    }
    const limited = await register(newAccount(), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many attempts/);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by email in any case and by phone in any format', async () => {
    const byEmail = await signUp(app);
    const response = await login({
      email: byEmail.body.email!.toUpperCase(),
      password: byEmail.body.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(byEmail.userId);
    expect((await currentUser(sessionCookie(response))).statusCode).toBe(200);

    const byPhone = await signUp(app, { registrationMethod: 'phone', phone: '+233 20 111 2233' });
    const phoneLogin = await login({ phone: '020 111 2233', password: byPhone.body.password });
    expect(phoneLogin.statusCode).toBe(200);
    expect(phoneLogin.json().user.id).toBe(byPhone.userId);
  });

  it('answers the same 401 for a wrong password and for an unknown account', async () => {
    const { body } = await signUp(app);
    const wrongPassword = await login({ email: body.email, password: 'not the password' });
    const unknown = await login({ email: 'nobody@example.com', password: body.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      message: 'Invalid credentials',
      code: 'invalid_credentials',
    });
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('requires an identifier and a password', async () => {
    const response = await login({ password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      password: 'Password is required',
    });
  });

  it('refuses a guessing address after 10 failures, even with the right password, but not the owner elsewhere', async () => {
    const { body } = await signUp(app);
    const guesser = '10.8.1.1';
    for (let i = 0; i < rateLimits.loginFailuresPerAccountAndIp.max; i++) {
      const attempt = await login({ email: body.email, password: `wrong ${i}` }, guesser);
      expect(attempt.statusCode).toBe(401);
    }
    const limited = await login({ email: body.email, password: body.password }, guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address that has not been guessing, signs in.
    const owner = await login({ email: body.email, password: body.password }, '10.8.2.1');
    expect(owner.statusCode).toBe(200);
    // Other accounts are unaffected, from the guessing address too.
    const other = await signUp(app);
    expect(
      (await login({ email: other.body.email, password: other.body.password }, guesser)).statusCode,
    ).toBe(200);
  });

  it('slows sign-ins of an account guessed at from many addresses, without locking its owner out', async () => {
    const { body } = await signUp(app);
    const failures = loginSlowdown.after + 5;
    for (let i = 0; i < failures; i++) {
      const attempt = await login({ email: body.email, password: `wrong ${i}` }, `10.8.3.${i}`);
      expect(attempt.statusCode).toBe(401);
    }
    const started = performance.now();
    const owner = await login({ email: body.email, password: body.password }, '10.8.4.1');
    const waited = performance.now() - started;
    expect(owner.statusCode).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(loginDelayMs(failures) - 5);
    expect(loginDelayMs(failures)).toBe(5 * loginSlowdown.stepMs);
    expect(loginDelayMs(1_000)).toBe(loginSlowdown.maxMs);
  });

  it('replaces the session it was sent with, so a planted token is worthless', async () => {
    const { cookie, body } = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)).not.toBe(cookie);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 when signed out or with an unknown token', async () => {
    expect((await currentUser()).statusCode).toBe(401);
    const unknown = await currentUser('abode_session=made-up-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Not signed in', code: 'unauthenticated' });
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const { cookie } = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'abode_session');
    expect(cleared?.value).toBe('');
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('logout when signed out still answers 200', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('marks the cookie Secure in production', async () => {
    const production = await createTestApp({ nodeEnv: 'production', isProduction: true });
    const response = await production.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
    });
    expect(response.cookies.find((c) => c.name === 'abode_session')?.secure).toBe(true);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});

describe('GET /api/login', () => {
  it.each([
    ['/api/login', '/login'],
    ['/api/login?next=%2Fdashboard', '/login?next=%2Fdashboard'],
    ['/api/login?next=%2Fsearch%3Fsaved%3Dtrue', '/login?next=%2Fsearch%3Fsaved%3Dtrue'],
    ['/api/login?next=%2F%2Fevil.example', '/login'],
    ['/api/login?next=https%3A%2F%2Fevil.example', '/login'],
    // What the visitor was doing comes along (issue 51); nothing else does.
    [
      '/api/login?next=%2Fproperty%2F00000000-0000-4000-8000-0000000000a1&then=save-listing%3A00000000-0000-4000-8000-0000000000a1',
      '/login?next=%2Fproperty%2F00000000-0000-4000-8000-0000000000a1&then=save-listing%3A00000000-0000-4000-8000-0000000000a1',
    ],
    [
      '/api/login?next=%2Fsearch%3Fcity%3DAccra&then=save-search',
      '/login?next=%2Fsearch%3Fcity%3DAccra&then=save-search',
    ],
    ['/api/login?then=save-search', '/login?then=save-search'],
    ['/api/login?next=%2Fdashboard&then=delete-account', '/login?next=%2Fdashboard'],
    ['/api/login?next=%2Fdashboard&then=save-listing%3A..%2Fx', '/login?next=%2Fdashboard'],
  ])('%s redirects to %s', async (url, location) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });
});

describe('cross-origin requests', () => {
  it('refuses a state-changing request from another site', async () => {
    const { body } = await signUp(app);
    const payload = { email: body.email, password: body.password };
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(foreign.statusCode).toBe(403);
    const foreignReferer = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { referer: 'https://evil.example/page', host: 'localhost:5000' },
    });
    expect(foreignReferer.statusCode).toBe(403);
    const sameSite = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000' },
    });
    expect(sameSite.statusCode).toBe(200);
    const sameHost = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { origin: 'http://127.0.0.1:5999', host: '127.0.0.1:5999' },
    });
    expect(sameHost.statusCode).toBe(200);
  });
});
