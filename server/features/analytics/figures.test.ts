import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, manualClock, signUp, signUpAdmin } from '../../testing/test-app';

/** The analytics figures on a known history, in a database of their own. */
const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;

let admin: Awaited<ReturnType<typeof signUp>>;

async function createdOn(userId: string, at: string) {
  await db
    .update(users)
    .set({ createdAt: new Date(at) })
    .where(eq(users.id, userId));
}

async function track(visitorId: string, pageUrl: string, at: string, cookie?: string) {
  clock.advance(new Date(at).getTime() - clock.now().getTime());
  const answer = await app.inject({
    method: 'POST',
    url: '/api/analytics/track-visitor',
    headers: cookie ? { cookie } : {},
    payload: { visitorId, pageUrl, pageTitle: 'Abode' },
  });
  expect(answer.statusCode).toBe(204);
}

beforeAll(async () => {
  admin = await signUpAdmin({ app, database });
  await createdOn(admin.userId, '2026-01-01T00:00:00Z');
  const member = await signUp(app);
  await createdOn(member.userId, '2026-11-20T08:00:00Z'); // within 7 days
  await createdOn((await signUp(app, { userType: 'owner' })).userId, '2026-10-01T08:00:00Z'); // 90

  // A: three pages today (signed in on one) and one two days ago; B: one today; C: 37 days
  // ago; D: 112 days ago.
  await track('visitor_old_d000', '/', '2026-08-01T10:00:00Z');
  await track('visitor_old_c000', '/', '2026-10-15T10:00:00Z');
  await track('visitor_aaaaaa', '/', '2026-11-19T09:00:00Z');
  await track('visitor_aaaaaa', '/', '2026-11-21T00:30:00Z');
  await track('visitor_aaaaaa', '/search?location=Kumasi', '2026-11-21T01:00:00Z', member.cookie);
  await track('visitor_aaaaaa', '/search', '2026-11-21T02:00:00Z');
  await track('visitor_bbbbbb', '/property/x', '2026-11-21T11:59:00Z');
  clock.advance(new Date('2026-11-21T12:00:00Z').getTime() - clock.now().getTime());
});

const analytics = async (days: number) => {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/admin/visitor-analytics?days=${days}`,
    headers: { cookie: admin.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('GET /api/admin/visitor-analytics', () => {
  it('counts the last 7 days: visits, unique and registered visitors, conversion, top pages', async () => {
    const week = await analytics(7);
    expect(week).toMatchObject({
      days: 7,
      totalVisitors: 3, // A on the 19th and 21st, B on the 21st
      uniqueVisitors: 2,
      registeredUsers: 1,
      pageViews: 5,
      conversionRate: 50,
    });
    expect(week.topPages).toEqual([
      { page: '/', views: 2 },
      { page: '/search', views: 2 },
      { page: '/property/x', views: 1 },
    ]);
    expect(week.daily).toHaveLength(7);
    expect(week.daily[0].date).toBe('2026-11-15');
    expect(week.daily.at(-1)).toEqual({
      date: '2026-11-21',
      visitors: 2,
      pageViews: 4,
      signUps: 0,
    });
    expect(week.daily.find((d: { date: string }) => d.date === '2026-11-19')).toMatchObject({
      visitors: 1,
      pageViews: 1,
    });
    expect(week.daily.find((d: { date: string }) => d.date === '2026-11-20')).toMatchObject({
      visitors: 0,
      signUps: 1,
    });
  });

  it('defaults to 30 days and widens to 90 (conversion with one decimal)', async () => {
    const month = await app.inject({
      method: 'GET',
      url: '/api/admin/visitor-analytics',
      headers: { cookie: admin.cookie },
    });
    expect(month.json()).toMatchObject({ days: 30, uniqueVisitors: 2, registeredUsers: 1 });
    expect(month.json().conversionRate).toBe(50);
    expect(month.json().daily).toHaveLength(30);

    const quarter = await analytics(90);
    expect(quarter).toMatchObject({
      uniqueVisitors: 3,
      registeredUsers: 1,
      pageViews: 6,
      conversionRate: 33.3,
    });
    expect(quarter.daily).toHaveLength(90);
  });
});

describe('GET /api/admin/users-analytics', () => {
  it('gives totals, new accounts in the timeframe, counts by type and the newest first', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/admin/users-analytics?days=90',
      headers: { cookie: admin.cookie },
    });
    const body = answer.json();
    expect(body).toMatchObject({ totalUsers: 3, verifiedUsers: 0, newUsers: 2 });
    expect(body.byUserType).toEqual([
      { userType: 'owner', count: 1 },
      { userType: 'renter', count: 2 },
    ]);
    expect(body.users.map((u: { createdAt: string }) => u.createdAt.slice(0, 10))).toEqual([
      '2026-11-20',
      '2026-10-01',
      '2026-01-01',
    ]);
    expect(body.users[0]).not.toHaveProperty('passwordHash');
  });
});
