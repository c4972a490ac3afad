import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { propertyIdParamsSchema } from '#common/properties';
import {
  reportBodySchema,
  reportCreatedSchema,
  reportedListingListSchema,
  reportPropertyParamsSchema,
  reportQuerySchema,
  resolveReportsBodySchema,
} from '#common/reports';
import { idParam } from '../../lib/ids';
import { ipLimit, accountLimiter } from '../../lib/rate-limits';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../lib/request-user';
import { listReportedListings, resolveReports } from './admin-reports';
import { rateLimits } from './rate-limits';
import { reportListing, type ReportDeps } from './report-listing';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Reporting a listing (signed-in renters) and the admin panel's Reports tab (issue 19). */
export function reportRoutes(deps: ReportDeps) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perReporter = accountLimiter(fastify, 'listing-reports', rateLimits.reportsPerAccount);
    const perAdmin = accountLimiter(
      fastify,
      'report-resolutions',
      rateLimits.reportResolutionsPerAccount,
    );

    app.post(
      '/api/properties/:id/reports',
      {
        config: {
          ...signedIn,
          ...ipLimit(rateLimits.reportsPerIp),
          ...idParam('id', 'listing_not_found'),
        },
        schema: {
          tags: ['properties'],
          summary: 'Report a listing (signed-in accounts with a verified e-mail or phone)',
          description:
            'One report per account and listing (409 for a second). Three open reports in 30 ' +
            'days, or two saying the lister asked for money, from different people with a ' +
            'verified phone (accounts sharing a phone number or an e-mail mailbox are one), hide ' +
            'the listing from the public until an administrator reviews them (`hidden`); other ' +
            'reports queue it for review. For 30 days after an administrator restores a listing, ' +
            'reports queue it without hiding it.',
          params: propertyIdParamsSchema,
          body: reportBodySchema,
          response: { 201: reportCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const reporter = requireUser(request);
        await perReporter.check(request);
        const created = await reportListing(deps, reporter, request.params.id, request.body);
        await perReporter.consume(request);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/admin/reports',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Listings with open (or resolved) reports, most recently reported first',
          querystring: reportQuerySchema,
          response: { 200: reportedListingListSchema, ...errors },
        },
      },
      async (request) => listReportedListings(deps.db, request.query, deps.clock()),
    );

    app.post(
      '/api/admin/reports/:propertyId/resolve',
      {
        config: {
          ...adminOnly,
          ...ipLimit(rateLimits.reportResolutionsPerIp),
          ...idParam('propertyId', 'listing_not_found'),
        },
        schema: {
          tags: ['admin'],
          summary: 'Close a listing’s open reports: dismiss, restore or remove the listing',
          description:
            '`restore` (and `dismiss`) show a listing its reports hid again; `remove` rejects ' +
            'it with `reason`, which its owner sees. Reporters are told the outcome. 409 when ' +
            'the listing has no open reports.',
          params: reportPropertyParamsSchema,
          body: resolveReportsBodySchema,
          response: { 200: z.object({ resolved: z.number().int() }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await perAdmin.check(request);
        const result = await resolveReports(deps, admin, request.params.propertyId, request.body);
        await perAdmin.consume(request);
        return result;
      },
    );
  };
}
