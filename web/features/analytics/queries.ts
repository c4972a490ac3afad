import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  usersAnalyticsSchema,
  visitorAnalyticsSchema,
  visitorRecordSchema,
  RECENT_VISITORS_DEFAULT,
  type AnalyticsTimeframe,
} from '#common/analytics';
import { apiRequest } from '../../lib/api-client';

/** The User Analytics tab's three reports (administrators only; the server checks). */
export const visitorAnalyticsKey = (days: AnalyticsTimeframe) =>
  ['/api/admin/visitor-analytics', days] as const;
export const usersAnalyticsKey = (days: AnalyticsTimeframe) =>
  ['/api/admin/users-analytics', days] as const;
export const recentVisitorsKey = ['/api/admin/recent-visitors'] as const;

export const visitorAnalyticsQuery = (days: AnalyticsTimeframe) =>
  queryOptions({
    queryKey: visitorAnalyticsKey(days),
    queryFn: async () =>
      visitorAnalyticsSchema.parse(
        await apiRequest('GET', `/api/admin/visitor-analytics?days=${days}`),
      ),
    // The figures of the former timeframe stay while the next load, so the cards do not blink.
    placeholderData: keepPreviousData,
  });

export const usersAnalyticsQuery = (days: AnalyticsTimeframe) =>
  queryOptions({
    queryKey: usersAnalyticsKey(days),
    queryFn: async () =>
      usersAnalyticsSchema.parse(
        await apiRequest('GET', `/api/admin/users-analytics?days=${days}`),
      ),
    placeholderData: keepPreviousData,
  });

export const recentVisitorsQuery = queryOptions({
  queryKey: recentVisitorsKey,
  queryFn: async () =>
    z
      .array(visitorRecordSchema)
      .parse(
        await apiRequest('GET', `/api/admin/recent-visitors?limit=${RECENT_VISITORS_DEFAULT}`),
      ),
});

export const useVisitorAnalytics = (days: AnalyticsTimeframe) =>
  useQuery(visitorAnalyticsQuery(days));
export const useUsersAnalytics = (days: AnalyticsTimeframe) => useQuery(usersAnalyticsQuery(days));
export const useRecentVisitors = () => useQuery(recentVisitorsQuery);
