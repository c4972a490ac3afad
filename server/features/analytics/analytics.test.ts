import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageViews, visitors } from './schema';
import { createTestApp, manualClock, signUp, signUpAdmin } from '../../testing/test-app';
import type { GeoLookup } from './geo';

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
const places: GeoLookup = (ip) =>
  ip.startsWith('41.') ? { city: 'Accra', country: 'Ghana' } : { city: null, country: null };
const { app, database } = await createTestApp({}, { clock: clock.now, geoLookup: places });
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let renter: Account;
let owner: Account;
let admin: Account;
beforeAll(async () => {
  renter = await signUp(app);
  owner = await signUp(app, { userType: 'owner' });
  admin = await signUpAdmin({ app, database });
});

let sequence = 0;
const newVisitorId = () => `visitor_${Date.now()}_${(sequence += 1)}abc`;

function track(
  visitorId: string,
  pageUrl: string,
  options: { at?: string; cookie?: string; ip?: string; pageTitle?: string } = {},
) {
  if (options.at) clock.advance(new Date(options.at).getTime() - clock.now().getTime());
  return app.inject({
    method: 'POST',
    url: '/api/analytics/track-visitor',
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: { visitorId, pageUrl, pageTitle: options.pageTitle ?? 'Abode' },
  });
}

const get = (url: string, who?: Account) =>
  app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe('POST /api/analytics/track-visitor', () => {
  it('records a visitor and each page load: path only, truncated address, place', async () => {
    const id = newVisitorId();
    const first = await track(id, 'http://localhost:5000/search?location=Accra#map', {
      ip: '41.66.200.17',
      pageTitle: 'Search · Abode',
    });
    expect(first.statusCode).toBe(204);
    expect((await track(id, '/property/abc')).statusCode).toBe(204);

    const [record] = await db.select().from(visitors).where(eq(visitors.visitorId, id));
    expect(record).toMatchObject({
      landingPage: '/search',
      pagesViewed: 2,
      userId: null,
      // The last address is kept (truncated); the place stays from when it was known.
      ipAddress: '127.0.0.0',
      city: 'Accra',
      country: 'Ghana',
    });
    const views = await db.select().from(pageViews).where(eq(pageViews.visitorId, id));
    expect(views.map((v) => v.path).sort()).toEqual(['/property/abc', '/search']);
    expect(views.find((v) => v.path === '/search')?.title).toBe('Search · Abode');
  });

  it('truncates IPv6 addresses to 48 bits and IPv4-mapped ones like IPv4', async () => {
    const v6 = newVisitorId();
    await track(v6, '/', { ip: '2001:db8:85a3:8d3:1319:8a2e:370:7348' });
    const mapped = newVisitorId();
    await track(mapped, '/', { ip: '::ffff:198.51.100.23' });
    const stored = async (id: string) =>
      (await db.select().from(visitors).where(eq(visitors.visitorId, id)))[0]?.ipAddress;
    expect(await stored(v6)).toBe('2001:db8:85a3::');
    expect(await stored(mapped)).toBe('198.51.100.0');
  });

  it('marks a signed-in visitor as registered and keeps it after sign-out', async () => {
    const id = newVisitorId();
    await track(id, '/', { cookie: renter.cookie });
    await track(id, '/search');
    const recent = (await get('/api/admin/recent-visitors?limit=500', admin)).json();
    const record = recent.find((v: { visitorId: string }) => v.visitorId === id);
    expect(record).toMatchObject({
      isRegisteredUser: true,
      userName: 'Yaa Darko',
      userEmail: renter.body.email,
      pagesViewed: 2,
      landingPage: '/',
    });
  });

  it('refuses malformed reports with 400 and the fields at fault', async () => {
    const bad = [
      { visitorId: 'someone', pageUrl: '/', pageTitle: '' },
      { visitorId: 'visitor_<script>', pageUrl: '/', pageTitle: '' },
      { visitorId: newVisitorId(), pageUrl: 'javascript:alert(1)', pageTitle: '' },
      { visitorId: newVisitorId(), pageUrl: `/${'a'.repeat(2000)}`, pageTitle: '' },
      { visitorId: newVisitorId() },
      {},
    ];
    for (const payload of bad) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/analytics/track-visitor',
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().fields).toBeDefined();
    }
  });
});

describe('admin analytics endpoints answer 401 / 403 / 403 / 200', () => {
  it.each([
    '/api/admin/visitor-analytics?days=7',
    '/api/admin/recent-visitors?limit=200',
    '/api/admin/users-analytics',
  ])('%s', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, renter)).statusCode).toBe(403);
    expect((await get(url, owner)).statusCode).toBe(403);
    expect((await get(url, admin)).statusCode).toBe(200);
  });

  it('refuses timeframes other than 7, 30 and 90 days, and limits over 500', async () => {
    for (const days of ['1', '365', 'abc', '-7']) {
      expect((await get(`/api/admin/visitor-analytics?days=${days}`, admin)).statusCode).toBe(400);
    }
    expect((await get('/api/admin/recent-visitors?limit=501', admin)).statusCode).toBe(400);
  });
});
