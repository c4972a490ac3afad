import { z } from 'zod';
import { visitorIdPattern } from './analytics-rules';
import { userTypes } from './auth-rules';
import { wholeNumberParam } from './fields';

/**
 * Visitor tracking and the administrators' analytics (spec accounts-and-admin: Visitor record,
 * Visitor analytics, Visitor tracking payload; Admin user analytics; section 7).
 */

export { visitorIdPattern } from './analytics-rules';

export const trackVisitorBodySchema = z.object({
  visitorId: z.string({ error: 'required' }).regex(visitorIdPattern, { error: 'invalidValue' }),
  // A path or an absolute http(s) URL; only its path is kept (no query: it may hold searches).
  pageUrl: z
    .string({ error: 'required' })
    .max(2000, { error: 'tooLong' })
    .regex(/^(\/|https?:\/\/)/, { error: 'invalidValue' }),
  pageTitle: z.string().max(500, { error: 'tooLong' }).default(''),
});
export type TrackVisitorBody = z.input<typeof trackVisitorBodySchema>;

/** The spec's timeframe buttons; anything else is refused. */
export const analyticsTimeframes = [7, 30, 90] as const;
export type AnalyticsTimeframe = (typeof analyticsTimeframes)[number];
export const DEFAULT_TIMEFRAME: AnalyticsTimeframe = 30;

export const timeframeQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'invalidValue' })
    .default('30')
    .transform((value) => Number(value) as AnalyticsTimeframe),
});

export const RECENT_VISITORS_DEFAULT = 200;
export const recentVisitorsQuerySchema = z.object({
  limit: wholeNumberParam(1, 500, RECENT_VISITORS_DEFAULT),
});

export const visitorRecordSchema = z.object({
  id: z.string(),
  visitorId: z.string(),
  isRegisteredUser: z.boolean(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** Truncated before storage: the last IPv4 octet or all but the first 48 IPv6 bits are zero. */
  ipAddress: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  pagesViewed: z.number().int(),
  landingPage: z.string(),
  firstVisit: z.string(),
  lastVisit: z.string(),
});
export type VisitorRecord = z.infer<typeof visitorRecordSchema>;

/** One day (UTC) of the charts; every day of the timeframe is present, zeros included. */
export const dailyFiguresSchema = z.object({
  date: z.string(),
  visitors: z.number().int(),
  pageViews: z.number().int(),
  signUps: z.number().int(),
});
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;

export const visitorAnalyticsSchema = z.object({
  days: z.number().int(),
  /** Visits: a visitor counted once per day they came. */
  totalVisitors: z.number().int(),
  /** Different visitor ids seen in the timeframe. */
  uniqueVisitors: z.number().int(),
  /**
   * Unique visitors who were signed in to an account on a page load of the timeframe: the
   * numerator of the conversion rate, so it never passes 100 %.
   */
  registeredUsers: z.number().int(),
  pageViews: z.number().int(),
  /** registeredUsers / uniqueVisitors × 100, one decimal; 0 without visitors (spec). */
  conversionRate: z.number(),
  topPages: z.array(z.object({ page: z.string(), views: z.number().int() })),
  daily: z.array(dailyFiguresSchema),
});
export type VisitorAnalytics = z.infer<typeof visitorAnalyticsSchema>;

export const registeredUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userType: z.enum(userTypes),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

export const usersAnalyticsSchema = z.object({
  totalUsers: z.number().int(),
  verifiedUsers: z.number().int(),
  /** Accounts created in the timeframe. */
  newUsers: z.number().int(),
  byUserType: z.array(z.object({ userType: z.enum(userTypes), count: z.number().int() })),
  /** The newest accounts first, at most 200. */
  users: z.array(registeredUserSchema),
});
export type UsersAnalytics = z.infer<typeof usersAnalyticsSchema>;

/** The spec's conversion rate: a percentage with one decimal. */
export function conversionRate(registeredUsers: number, uniqueVisitors: number): number {
  if (uniqueVisitors === 0) return 0;
  return Math.round((registeredUsers / uniqueVisitors) * 1000) / 10;
}
