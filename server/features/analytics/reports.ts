import { desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  conversionRate,
  type AnalyticsTimeframe,
  type DailyFigures,
  type UsersAnalytics,
  type VisitorAnalytics,
  type VisitorRecord,
} from '#common/analytics';
import { rowsOf, type Database } from '../../db/client';
import { pageViews, visitors } from './schema';
import { users } from '../../db/schema';

/**
 * The User Analytics tab's figures. A timeframe of N days is today (UTC) and the N − 1 days
 * before it, whole days, so the chart's first bar is as full as the others.
 */
const TOP_PAGES = 10;
const USERS_LISTED = 200;

export function timeframeStart(days: AnalyticsTimeframe, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * 86_400_000);
}

const utcDay = (column: SQL | typeof pageViews.viewedAt | typeof users.createdAt) =>
  sql`(${column} AT TIME ZONE 'UTC')::date`;

export async function visitorAnalytics(
  db: Database,
  days: AnalyticsTimeframe,
  now: Date,
): Promise<VisitorAnalytics> {
  const start = timeframeStart(days, now);
  const [{ daily, totals }, topPages] = await Promise.all([
    visitsByDay(db, start, days),
    db
      .select({ page: pageViews.path, views: sql<number>`count(*)::int` })
      .from(pageViews)
      .where(gte(pageViews.viewedAt, start))
      .groupBy(pageViews.path)
      .orderBy(desc(sql`count(*)`), pageViews.path)
      .limit(TOP_PAGES),
  ]);
  return {
    days,
    ...totals,
    conversionRate: conversionRate(totals.registeredUsers, totals.uniqueVisitors),
    topPages,
    daily,
  };
}

type DayRow = DailyFigures & { uniqueVisitors: number; registeredUsers: number };

/**
 * One pass over the timeframe's page views, grouped by visitor and day: each group is a visit.
 * The same groups give every day of the chart (zeros included, so a chart has no holes) and,
 * in the one row flagged isTotal, the timeframe's totals.
 */
async function visitsByDay(db: Database, start: Date, days: number) {
  const startDay = start.toISOString().slice(0, 10);
  const rows = await rowsOf<DayRow & { isTotal: boolean }>(
    db,
    sql`
      WITH visits AS (
        SELECT ${pageViews.visitorId} AS visitor_id, ${utcDay(pageViews.viewedAt)} AS day,
               count(*) AS page_views, bool_or(${pageViews.userId} IS NOT NULL) AS registered
        FROM ${pageViews} WHERE ${pageViews.viewedAt} >= ${start.toISOString()}::timestamptz
        GROUP BY 1, 2
      ),
      days AS (
        SELECT generate_series(${startDay}::date, ${startDay}::date + ${days - 1}::int, interval '1 day')::date AS day
      ),
      per_day AS (
        SELECT day, count(*) AS visitors, sum(page_views) AS page_views FROM visits GROUP BY day
      ),
      sign_ups AS (
        SELECT ${utcDay(users.createdAt)} AS day, count(*) AS sign_ups
        FROM ${users} WHERE ${users.createdAt} >= ${start.toISOString()}::timestamptz
        GROUP BY 1
      )
      SELECT false AS "isTotal", to_char(days.day, 'YYYY-MM-DD') AS "date",
             coalesce(per_day.visitors, 0)::int AS "visitors",
             coalesce(per_day.page_views, 0)::int AS "pageViews",
             coalesce(sign_ups.sign_ups, 0)::int AS "signUps",
             0 AS "uniqueVisitors", 0 AS "registeredUsers"
      FROM days
      LEFT JOIN per_day ON per_day.day = days.day
      LEFT JOIN sign_ups ON sign_ups.day = days.day
      UNION ALL
      SELECT true, '', count(*)::int, coalesce(sum(page_views), 0)::int, 0,
             count(DISTINCT visitor_id)::int,
             count(DISTINCT visitor_id) FILTER (WHERE registered)::int
      FROM visits
      ORDER BY 1, 2`,
  );
  const total = rows.find((row) => row.isTotal);
  return {
    daily: rows
      .filter((row) => !row.isTotal)
      .map(({ date, visitors, pageViews, signUps }) => ({ date, visitors, pageViews, signUps })),
    totals: {
      totalVisitors: total?.visitors ?? 0,
      pageViews: total?.pageViews ?? 0,
      uniqueVisitors: total?.uniqueVisitors ?? 0,
      registeredUsers: total?.registeredUsers ?? 0,
    },
  };
}

/** The visitor records seen most recently, with the account each browser last used. */
export async function recentVisitors(db: Database, limit: number): Promise<VisitorRecord[]> {
  const rows = await db
    .select({
      visitorId: visitors.visitorId,
      userId: visitors.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      ipAddress: visitors.ipAddress,
      city: visitors.city,
      country: visitors.country,
      pagesViewed: visitors.pagesViewed,
      landingPage: visitors.landingPage,
      firstVisit: visitors.firstVisit,
      lastVisit: visitors.lastVisit,
    })
    .from(visitors)
    .leftJoin(users, eq(users.id, visitors.userId))
    .orderBy(desc(visitors.lastVisit), visitors.visitorId)
    .limit(limit);
  return rows.map((row) => ({
    id: row.visitorId,
    visitorId: row.visitorId,
    isRegisteredUser: row.userId !== null,
    userName: row.firstName === null ? null : `${row.firstName} ${row.lastName}`.trim(),
    userEmail: row.email ?? row.phone,
    ipAddress: row.ipAddress,
    city: row.city,
    country: row.country,
    pagesViewed: row.pagesViewed,
    landingPage: row.landingPage,
    firstVisit: row.firstVisit.toISOString(),
    lastVisit: row.lastVisit.toISOString(),
  }));
}

/** Registered accounts: totals, new in the timeframe, by type, and the newest 200. */
export async function usersAnalytics(
  db: Database,
  days: AnalyticsTimeframe,
  now: Date,
): Promise<UsersAnalytics> {
  const start = timeframeStart(days, now);
  const verified = sql`(${users.emailVerified} OR ${users.phoneVerified})`;
  const [[totals], byUserType, newest] = await Promise.all([
    db
      .select({
        totalUsers: sql<number>`count(*)::int`,
        verifiedUsers: sql<number>`(count(*) FILTER (WHERE ${verified}))::int`,
        newUsers: sql<number>`(count(*) FILTER (WHERE ${users.createdAt} >= ${start.toISOString()}::timestamptz))::int`,
      })
      .from(users),
    db
      .select({ userType: users.userType, count: sql<number>`count(*)::int` })
      .from(users)
      .groupBy(users.userType)
      .orderBy(users.userType),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        userType: users.userType,
        isVerified: sql<boolean>`${verified}`,
        isAdmin: users.isAdmin,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt), users.id)
      .limit(USERS_LISTED),
  ]);
  return {
    totalUsers: totals?.totalUsers ?? 0,
    verifiedUsers: totals?.verifiedUsers ?? 0,
    newUsers: totals?.newUsers ?? 0,
    byUserType,
    users: newest.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
  };
}
