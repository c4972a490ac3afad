import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { propertyIdParamsSchema } from '#common/properties';
import { conversationIdParamsSchema, messagesQuerySchema } from '#common/conversations';
import {
  reportBodySchema,
  reportCreatedSchema,
  reportIdParamsSchema,
  reviewedConversationSchema,
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
import { readReportedConversation, reportConversation } from './report-conversation';
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

    app.post(
      '/api/conversations/:id/reports',
      {
        config: {
          ...signedIn,
          ...ipLimit(rateLimits.reportsPerIp),
          ...idParam('id', 'conversation_not_found'),
        },
        schema: {
          tags: ['conversations'],
          summary: 'Report the listing a conversation is about, with the conversation attached',
          description:
            'For a party of the conversation (404 for anyone else). A report of the listing ' +
            '(`POST /api/properties/{id}/reports`: the same reasons, verification, limits and ' +
            'hiding rule) that carries this conversation: the administrator reading the report ' +
            'can read its messages, each reading audit-logged. An open report of the listing ' +
            'sent earlier by the same account gets the conversation attached (201, counted ' +
            'once); 409 `report_exists` once it has one. The listing’s lister gets 403 ' +
            '`own_listing_report`; a deleted listing 404 `listing_not_found`. The other party ' +
            'is not told.',
          params: conversationIdParamsSchema,
          body: reportBodySchema,
          response: { 201: reportCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const reporter = requireUser(request);
        // One budget with the listing page's reports: the same person reporting.
        await perReporter.check(request);
        const created = await reportConversation(deps, reporter, request.params.id, request.body);
        await perReporter.consume(request);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/admin/reports/:reportId/conversation',
      {
        config: { ...adminOnly, ...idParam('reportId', 'report_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'The conversation a report was sent from, read-only (audit-logged)',
          description:
            'Newest messages first, 200 a page (`before`: a message id, for older ones), each ' +
            'with the warnings its recipient saw. Every reading is recorded in the audit log ' +
            '(`read-reported-conversation`). 404 `report_not_found` when the report carries ' +
            'no conversation. No other route lets an administrator read messages.',
          params: reportIdParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: reviewedConversationSchema, ...errors },
        },
      },
      async (request) =>
        readReportedConversation(
          deps,
          requireAdmin(request),
          request.params.reportId,
          request.query.before,
        ),
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
