import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#common/api-error';
import { createListing } from '../testing/builders';
import { createTestApp, newAccount, signUp, signUpAdmin } from '../testing/test-app';
import { cspDirectives } from '../testing/markup';
import { properties } from '../features/listings/service';

/**
 * Issue 9, part 3: what a browser is told to enforce, in production and in development.
 * web-app.test.ts checks the CSP, nosniff and Referrer-Policy on pages, assets and errors in
 * the test configuration; this file checks what changes with NODE_ENV (HSTS, Secure cookies,
 * upgrade-insecure-requests), the session cookie's flags, and the same-origin check of
 * state-changing requests (lib/origin-check.ts).
 */
const production = await createTestApp({
  nodeEnv: 'production',
  isProduction: true,
  publicUrl: 'https://abode.example',
});
const development = await createTestApp({ nodeEnv: 'development', isProduction: false });

const modes = [
  ['production', production],
  ['development', development],
] as const;

const directives = cspDirectives;

describe('headers by environment', () => {
  it('production sends HSTS for a year with subdomains, on answers and errors alike', async () => {
    for (const url of ['/api/health', '/api/auth/user', '/api/unknown']) {
      const response = await production.app.inject({ method: 'GET', url });
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), url).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, url).toContain('includeSubDomains');
    }
  });

  it('development sends no HSTS (it would pin localhost to https)', async () => {
    const response = await development.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(modes)(
    '%s: the CSP allows no inline or eval script, plugins or framing',
    async (_mode, { app }) => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const csp = directives(String(response.headers['content-security-policy']));
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
      expect(scriptSrc).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // Never the whole URL (query strings hold searches) to another site.
      expect([
        'no-referrer',
        'same-origin',
        'strict-origin',
        'strict-origin-when-cross-origin',
      ]).toContain(response.headers['referrer-policy']);
    },
  );

  it('production upgrades insecure subrequests; development does not (no TLS on localhost)', async () => {
    const csp = async (app: FastifyInstance) =>
      directives(
        String(
          (await app.inject({ method: 'GET', url: '/api/health' })).headers[
            'content-security-policy'
          ],
        ),
      );
    expect((await csp(production.app)).has('upgrade-insecure-requests')).toBe(true);
    expect((await csp(development.app)).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('the session cookie', () => {
  const signIn = async (app: FastifyInstance, how: 'register' | 'login') => {
    if (how === 'register') {
      return app.inject({ method: 'POST', url: '/api/auth/register', payload: newAccount() });
    }
    const { body } = await signUp(app);
    return app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
  };

  it.each([
    ['production', 'register'],
    ['production', 'login'],
    ['development', 'register'],
    ['development', 'login'],
  ] as const)('%s, %s: HttpOnly, SameSite=Lax, Secure only in production', async (mode, how) => {
    const { app } = mode === 'production' ? production : development;
    const response = await signIn(app, how);
    expect(response.statusCode, response.body).toBeLessThan(300);
    const cookie = response.cookies.find((c) => c.name === 'abode_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(Boolean(cookie?.secure)).toBe(mode === 'production');
    // A raw look as well: the flags are in the header the browser reads.
    const header = [response.headers['set-cookie']].flat().join('\n');
    expect(header).toMatch(/abode_session=[^;]+;.*HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(/;\s*Secure/i.test(header)).toBe(mode === 'production');
  });
});

describe('state-changing requests from another origin', () => {
  const { app, database } = development;
  const db = database.db;
  const site = 'http://localhost:5000';
  const host = 'localhost:5000';

  type Account = Awaited<ReturnType<typeof signUp>>;
  let owner: Account;
  let admin: Account;
  beforeAll(async () => {
    owner = await signUp(app, { userType: 'owner' });
    admin = await signUpAdmin({ app, database });
  });

  const listingExists = async (id: string) =>
    (await db.select().from(properties).where(eq(properties.id, id))).length === 1;
  const isActive = async (id: string) =>
    (await db.select().from(properties).where(eq(properties.id, id)))[0]?.isActive;

  /** Each method with a call that would change something, and how to tell it did not. */
  const calls: {
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    request: () => Promise<{ options: InjectOptions; unchanged: () => Promise<boolean> }>;
  }[] = [
    {
      method: 'POST',
      request: async () => {
        const account = newAccount();
        return {
          options: { url: '/api/auth/register', payload: account, remoteAddress: '10.30.0.1' },
          unchanged: async () =>
            (
              await app.inject({
                method: 'POST',
                url: '/api/auth/login',
                payload: { email: account.email, password: account.password },
              })
            ).statusCode === 401,
        };
      },
    },
    {
      method: 'PUT',
      request: async () => {
        const id = await createListing(db, owner.userId, { title: 'Before' });
        return {
          options: {
            url: `/api/properties/${id}`,
            headers: { cookie: owner.cookie },
            payload: {
              title: 'Changed from another site',
              description: 'x',
              propertyType: 'apartment',
              category: 'general',
              address: '1 Oxford Street',
              country: 'Ghana',
              city: 'Accra',
              pricePerNight: '100',
              pricingPeriod: 'month',
              bedrooms: 1,
              bathrooms: 1,
              amenities: [],
              images: [],
            },
          },
          // An approved listing's new title waits for review beside the approved one (issue
          // 34): a request that went through left one or the other changed.
          unchanged: async () => {
            const [row] = await db.select().from(properties).where(eq(properties.id, id));
            return row?.title === 'Before' && row.pendingChanges === null;
          },
        };
      },
    },
    {
      method: 'PATCH',
      request: async () => {
        const id = await createListing(db, owner.userId);
        return {
          options: {
            url: `/api/admin/properties/${id}/visibility`,
            headers: { cookie: admin.cookie },
            payload: { isActive: false },
          },
          unchanged: async () => (await isActive(id)) === true,
        };
      },
    },
    {
      method: 'DELETE',
      request: async () => {
        const id = await createListing(db, owner.userId);
        return {
          options: { url: `/api/properties/${id}`, headers: { cookie: owner.cookie } },
          unchanged: () => listingExists(id),
        };
      },
    },
  ];

  const send = (method: string, options: InjectOptions, headers: Record<string, string>) =>
    app.inject({
      ...options,
      method: method as 'POST',
      headers: { ...(options.headers as Record<string, string>), host, ...headers },
    });

  const refusals: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:5000.evil.example' }],
    ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
    ['a foreign Referer and no Origin', { referer: 'https://evil.example/page' }],
    [
      'a foreign Origin and the site as Referer',
      { origin: 'https://evil.example', referer: `${site}/` },
    ],
  ];

  describe.each(calls)('$method', ({ method, request }) => {
    it.each(refusals)(
      'from %s: 403 with the error shape, and nothing changes',
      async (_what, headers) => {
        const { options, unchanged } = await request();
        const response = await send(method, options, headers);
        expect(response.statusCode, response.body).toBe(403);
        expect(apiErrorSchema.parse(response.json())).toEqual({
          message: 'Cross-origin request refused',
          code: 'cross_origin_refused',
        });
        expect(await unchanged()).toBe(true);
      },
    );

    it.each([
      ['Origin', { origin: site }],
      ['Referer', { referer: `${site}/dashboard` }],
    ])('from the site itself (%s) it goes through', async (_what, headers) => {
      const { options, unchanged } = await request();
      const response = await send(method, options, headers);
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(await unchanged()).toBe(false);
    });
  });

  it('production accepts its PUBLIC_URL origin and refuses others', async () => {
    const call = (origin: string) =>
      production.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount(),
        headers: { origin, host: 'abode.example' },
        remoteAddress: '10.30.0.2',
      });
    expect((await call('https://abode.example')).statusCode).toBe(201);
    const foreign = await call('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(apiErrorSchema.safeParse(foreign.json()).success).toBe(true);
  });

  it('reads are not refused: a GET from another origin is answered (CORS keeps it unread)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/properties/featured',
      headers: { origin: 'https://evil.example', host },
    });
    expect(response.statusCode).toBe(200);
    // And no CORS header lets that site read the answer.
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
