import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recentVisitorsQuerySchema,
  timeframeQuerySchema,
  trackVisitorBodySchema,
  usersAnalyticsSchema,
  visitorAnalyticsSchema,
  visitorRecordSchema,
} from '#common/analytics';
import type { Database } from '../../db/client';
import { ipLimit } from '../../lib/rate-limits';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import type { GeoLookup } from './geo';
import { rateLimits } from './rate-limits';
import { recentVisitors, usersAnalytics, visitorAnalytics } from './reports';
import { recordPageLoad } from './tracking';
import { errorResponses } from '../../lib/error-responses';

const adminErrors = errorResponses(400, 401, 403);

/** Visitor tracking (anyone) and the User Analytics tab's reports (administrators). */
export function analyticsRoutes(deps: { db: Database; geo: GeoLookup; clock: () => Date }) {
  const { db, geo, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/analytics/track-visitor',
      {
        config: ipLimit(rateLimits.trackVisitorPerIp),
        schema: {
          tags: ['analytics'],
          summary: 'Record a page load of a browser (its visitor id, the page’s path and title)',
          body: trackVisitorBodySchema,
          response: { 204: z.null(), ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await recordPageLoad(
          db,
          geo,
          { ...request.body, userId: request.user?.id ?? null, ip: request.ip },
          clock(),
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/admin/visitor-analytics',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Visits, unique visitors, sign-ups, conversion, top pages and days (7, 30, 90)',
          querystring: timeframeQuerySchema,
          response: { 200: visitorAnalyticsSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return visitorAnalytics(db, request.query.days, clock());
      },
    );

    app.get(
      '/api/admin/recent-visitors',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Visitor records, most recently seen first (IP addresses truncated)',
          querystring: recentVisitorsQuerySchema,
          response: { 200: z.array(visitorRecordSchema), ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return recentVisitors(db, request.query.limit);
      },
    );

    app.get(
      '/api/admin/users-analytics',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Registered accounts: totals, new in the timeframe, by type, the newest 200',
          querystring: timeframeQuerySchema,
          response: { 200: usersAnalyticsSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return usersAnalytics(db, request.query.days, clock());
      },
    );
  };
}
