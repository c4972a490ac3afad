import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '#common/fields';
import { propertyIdParamsSchema } from '#common/properties';
import {
  REVIEW_EDIT_HOURS,
  REVIEW_WINDOW_DAYS,
  adminReviewListSchema,
  adminReviewQuerySchema,
  listerHandleParamsSchema,
  listerProfileSchema,
  listerReviewsSchema,
  propertyReviewsSchema,
  reviewBodySchema,
  reviewCreatedSchema,
  reviewDecisionSchema,
  reviewIdParamsSchema,
  reviewPageQuerySchema,
  reviewRefusals,
  reviewReplySchema,
  reviewReportBodySchema,
  reviewReportCreatedSchema,
  viewingReviewStateSchema,
} from '#common/reviews';
import { notFound } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { idParam } from '../../lib/ids';
import { accountAndAddress, accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../lib/request-user';
import { decideReview, listAdminReviews } from './admin-reviews';
import { inviteDue, type InvitationDeps } from './invitations';
import { listerReviews, replyToReview, reportReview } from './lister-answers';
import { listerProfile, publicListerReviews } from './listers';
import { rateLimits } from './rate-limits';
import { propertyReviews } from './read-reviews';
import { createReview, editReview, viewingReviewState, type ReviewDeps } from './write-reviews';

const tags = ['reviews'];
const viewingRoute = { ...signedIn, ...idParam('id', 'viewing_not_found') };
const reviewRoute = { ...signedIn, ...idParam('id', 'review_not_found') };
const viewingParams = z.object({ id: pathId() });
const noContent = z.null().describe('Done');

/** Reviews (issue 40): writing them, reading them, answering them and moderating them. */
export function reviewRoutes(
  deps: ReviewDeps,
  { devRoutes, invitations }: { devRoutes: boolean; invitations: InvitationDeps },
) {
  const { db, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const writes = accountAndAddress(
      fastify,
      'reviews',
      rateLimits.reviewsPerAccount,
      rateLimits.reviewsPerIp,
    );
    const edits = accountLimiter(fastify, 'review-edits', rateLimits.reviewEditsPerAccount);
    const editsPerReview = keyedLimiter(
      fastify,
      'review-edits-review',
      rateLimits.reviewEditsPerReview,
      (request) => (request.params as { id: string }).id,
    );
    const answers = accountAndAddress(
      fastify,
      'review-answers',
      rateLimits.reviewAnswersPerAccount,
      rateLimits.reviewAnswersPerIp,
    );
    const decisions = accountLimiter(
      fastify,
      'review-decisions',
      rateLimits.reviewDecisionsPerAccount,
    );
    const reads = ipLimit(rateLimits.reviewReadsPerIp);

    app.get(
      '/api/viewings/:id/review',
      {
        config: viewingRoute,
        schema: {
          tags,
          summary: 'Whether the reader may review a viewing, and their review of it',
          description:
            'For the viewing’s renter and lister (404 for anyone else). `refusal` says why it ' +
            `cannot be reviewed now: one of ${reviewRefusals.join(', ')}.`,
          params: viewingParams,
          response: { 200: viewingReviewStateSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return viewingReviewState(db, requireUser(request), request.params.id, clock());
      },
    );

    app.post(
      '/api/viewings/:id/review',
      {
        config: viewingRoute,
        schema: {
          tags,
          summary: 'The renter reviews a viewing they made',
          description:
            'By the viewing’s renter, with a verified phone, from the confirmed viewing’s time ' +
            `until ${REVIEW_WINDOW_DAYS} days after it; otherwise 403 review_not_allowed, whose ` +
            `params.reason is one of ${reviewRefusals.join(', ')}. 409 review_exists: one ` +
            'review per viewing and per renter and listing. `askedForMoney: true` also files an ' +
            '`asked_for_money` report of the listing (counted toward hiding it as any report). ' +
            `At most ${rateLimits.reviewsPerAccount.max} reviews per account a day (429). ` +
            'Text is stored and shown as text.',
          params: viewingParams,
          body: reviewBodySchema,
          response: { 201: reviewCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const author = requireUser(request);
        await writes.check(request);
        const created = await createReview(deps, author, request.params.id, request.body);
        await writes.consume(request);
        return reply.code(201).send(created);
      },
    );

    app.put(
      '/api/reviews/:id',
      {
        config: reviewRoute,
        schema: {
          tags,
          summary: `Its author changes a review, within ${REVIEW_EDIT_HOURS} hours of writing it`,
          description:
            'The same fields as writing it. 404 for anyone but its author; 409 ' +
            'review_edit_closed after 48 hours. Saying money was asked for files the report then.',
          params: reviewIdParamsSchema,
          body: reviewBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const author = requireUser(request);
        await edits.check(request);
        await editsPerReview.check(request);
        await editReview(deps, author, request.params.id, request.body);
        await edits.consume(request);
        await editsPerReview.consume(request);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/properties/:id/reviews',
      {
        config: { ...reads, ...idParam('id', 'listing_not_found') },
        schema: {
          tags,
          summary: 'A listing’s reviews, newest first, with their summary',
          description:
            'For whoever may see the listing (404 otherwise). 10 a page; hidden reviews are left ' +
            'out of the list and of the summary. Every review rests on a viewing (`viewedAt`).',
          params: propertyIdParamsSchema,
          querystring: reviewPageQuerySchema,
          response: { 200: propertyReviewsSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) =>
        propertyReviews(db, request.params.id, request.user ?? null, request.query.page, clock()),
    );

    app.get(
      '/api/listers/:handle',
      {
        config: reads,
        schema: {
          tags,
          summary: 'A lister’s public page: badges, response time, live listings, reviews',
          description:
            'By the handle of a listing’s `lister.handle`. 404 lister_not_found for an unknown ' +
            'handle and for an account with no live listing and no review.',
          params: listerHandleParamsSchema,
          response: { 200: listerProfileSchema, ...errorResponses(404, 429) },
        },
      },
      async (request) => {
        const profile = await listerProfile(db, request.params.handle, request.user ?? null);
        if (!profile) throw notFound('lister_not_found');
        return profile;
      },
    );

    app.get(
      '/api/listers/:handle/reviews',
      {
        config: reads,
        schema: {
          tags,
          summary: 'Every review of a lister’s listings, newest first, with their summary',
          description:
            '10 a page, as a listing’s reviews; the lister’s page (`GET /api/listers/{handle}`) ' +
            'carries the latest five. Hidden, held and uncounted reviews are left out of the ' +
            'list and of the summary. 404 lister_not_found where that page is not found.',
          params: listerHandleParamsSchema,
          querystring: reviewPageQuerySchema,
          response: { 200: propertyReviewsSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => {
        const page = await publicListerReviews(
          db,
          request.params.handle,
          request.query.page,
          clock(),
        );
        if (!page) throw notFound('lister_not_found');
        return page;
      },
    );

    app.get(
      '/api/user/reviews',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The reviews of the reader’s listings (the host dashboard), newest first',
          querystring: reviewPageQuerySchema,
          response: { 200: listerReviewsSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listerReviews(db, requireUser(request), request.query.page);
      },
    );

    app.post(
      '/api/reviews/:id/reply',
      {
        config: reviewRoute,
        schema: {
          tags,
          summary: 'The lister answers a review of their listing, once',
          description:
            '403 review_lister_only for anyone but the listing’s lister; 409 ' +
            'review_reply_exists for a second answer. Shown under the review.',
          params: reviewIdParamsSchema,
          body: reviewReplySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const lister = requireUser(request);
        await answers.check(request);
        await replyToReview(deps, lister, request.params.id, request.body.text, clock());
        await answers.consume(request);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/reviews/:id/reports',
      {
        config: reviewRoute,
        schema: {
          tags,
          summary: 'The lister reports a review of their listing to the administrators',
          description:
            'Once per review (409 review_report_exists); 403 review_lister_only for anyone ' +
            'else. The review stays shown until an administrator decides.',
          params: reviewIdParamsSchema,
          body: reviewReportBodySchema,
          response: {
            201: reviewReportCreatedSchema,
            ...errorResponses(400, 401, 403, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const lister = requireUser(request);
        await answers.check(request);
        const created = await reportReview(db, lister, request.params.id, request.body, clock());
        await answers.consume(request);
        return reply.code(201).send(created);
      },
    );

    if (devRoutes) {
      // The journeys share one server whose clock they cannot move: they ask the invitation
      // scan what it sends at a time of theirs. /api/dev/* answers this machine only.
      app.post(
        '/api/dev/review-invitations',
        {
          schema: {
            tags: ['dev'],
            summary: 'Runs the review invitation scan as of a given time (development only)',
            body: z.object({ at: z.iso.datetime({ offset: true }) }),
            response: { 200: z.object({ invited: z.number().int() }) },
          },
        },
        async (request) => ({ invited: await inviteDue(invitations, new Date(request.body.at)) }),
      );
    }

    app.get(
      '/api/admin/reviews',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Reviews a lister reported (status=reported, oldest first) or hidden ones',
          querystring: adminReviewQuerySchema,
          response: { 200: adminReviewListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listAdminReviews(db, request.query.status, request.query.page);
      },
    );

    app.post(
      '/api/admin/reviews/:id/decision',
      {
        config: { ...adminOnly, ...idParam('id', 'review_not_found') },
        schema: {
          tags: ['admin'],
          summary: 'Hides a review (with a reason its author reads) or restores it',
          description:
            'Closes its open reports, recomputes the listing’s rating, is recorded in the audit ' +
            'log and tells the author. 409 review_decision_conflict when there is nothing to ' +
            'decide (already in that state, no open report).',
          params: reviewIdParamsSchema,
          body: reviewDecisionSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        await decisions.check(request);
        await decideReview(deps, admin, request.params.id, request.body);
        await decisions.consume(request);
        return reply.code(204).send(null);
      },
    );
  };
}
