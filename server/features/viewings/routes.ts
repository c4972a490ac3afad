import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '#common/fields';
import { propertyIdParamsSchema } from '#common/properties';
import {
  MAX_PENDING_VIEWINGS,
  NO_SHOW_HOURS,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  VIEWING_ANSWER_HOURS,
  VIEWING_LEAD_HOURS,
  viewingCancelSchema,
  viewingCreatedSchema,
  viewingDeclineSchema,
  viewingHoursAnswerSchema,
  viewingHoursCopiedSchema,
  viewingHoursCopySchema,
  viewingHoursSchema,
  viewingListQuerySchema,
  viewingListSchema,
  viewingRequestSchema,
  viewingSchema,
  viewingSlotsQuerySchema,
  viewingSlotsSchema,
  toAnswerSchema,
} from '#common/viewings';
import { errorResponses } from '../../lib/error-responses';
import { idParam } from '../../lib/ids';
import { accountAndAddress, accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import {
  cancelViewing,
  confirmViewing,
  declineViewing,
  disputeNoShow,
  markNoShow,
  type Answered,
} from './answers';
import type { SignedTokens } from '../../lib/signed-tokens';
import { viewingCalendarFile } from './calendar-link';
import { copyViewingHours, getViewingHours, setViewingHours, viewingSlots } from './hours';
import { listViewings, ownViewing, viewingFor, viewingRequestsOf } from './list';
import { unansweredEnquiriesOf } from '../conversations/service';
import { rateLimits } from './rate-limits';
import { moveViewingEarlier, remindDue } from './reminders';
import { PAIR_NOTICE_HOURS, REQUEST_NOTICE_HOLD_SECONDS } from './request-notices';
import { requestViewing, type ViewingDeps } from './viewings';

const listingRoute = { ...signedIn, ...idParam('id', 'listing_not_found') };
const viewingRoute = { ...signedIn, ...idParam('id', 'viewing_not_found') };
const viewingParams = z.object({ id: pathId() });
const tags = ['viewings'];

/**
 * Viewings (issue 38): hours, free times, requests and their answers. `devRoutes` (never in
 * production) adds the test clock of the reminders.
 */
export function viewingRoutes(
  deps: ViewingDeps,
  { devRoutes, tokens }: { devRoutes: boolean; tokens: SignedTokens },
) {
  const { db, clock } = deps;
  const calendar = { db, clock, tokens, publicUrl: deps.publicUrl };
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const requests = accountAndAddress(
      fastify,
      'viewing-requests',
      rateLimits.viewingRequestsPerAccount,
      rateLimits.viewingRequestsPerIp,
    );
    const perListing = keyedLimiter(
      fastify,
      'viewing-requests-listing',
      rateLimits.viewingRequestsPerListing,
      (request) => (request.params as { id: string }).id,
    );
    const answers = accountAndAddress(
      fastify,
      'viewing-answers',
      rateLimits.viewingAnswersPerAccount,
      rateLimits.viewingAnswersPerIp,
    );
    const cancels = accountAndAddress(
      fastify,
      'viewing-cancels',
      rateLimits.viewingCancelsPerAccount,
      rateLimits.viewingCancelsPerIp,
    );
    const disputes = accountAndAddress(
      fastify,
      'viewing-disputes',
      rateLimits.viewingDisputesPerAccount,
      rateLimits.viewingDisputesPerIp,
    );
    const hoursWrites = accountLimiter(fastify, 'viewing-hours', rateLimits.viewingHoursPerAccount);
    /** The viewing as the one who answered it sees it now. */
    const answered = async ({ id, side }: Answered, request: FastifyRequest) =>
      viewingFor(db, requireUser(request), id, side);

    app.get(
      '/api/properties/:id/viewing-hours',
      {
        config: listingRoute,
        schema: {
          tags,
          summary: 'A listing’s weekly viewing hours (its owner only)',
          description:
            'In the listing’s time zone (its country’s: Africa/Accra in Ghana). A listing without ' +
            'hours answers an empty week. 401 for visitors, 403 for anyone but the owner.',
          params: propertyIdParamsSchema,
          response: { 200: viewingHoursAnswerSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getViewingHours(db, requireUser(request), request.params.id);
      },
    );

    app.put(
      '/api/properties/:id/viewing-hours',
      {
        config: listingRoute,
        schema: {
          tags,
          summary: 'Sets a listing’s weekly viewing hours (its owner only)',
          description:
            `slotMinutes ${SLOT_MINUTES_MIN}–${SLOT_MINUTES_MAX}; windows: weekday 0 (Sunday) to 6, ` +
            'start and end "HH:MM" with start before end, no two overlapping on one day, at most ' +
            '14; blockedDates: days with no viewing. 400 names the field (windows.2.end). ' +
            'Requests already made keep their time.',
          params: propertyIdParamsSchema,
          body: viewingHoursSchema,
          response: { 200: viewingHoursAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        await hoursWrites.check(request);
        const user = requireUser(request);
        const hours = await setViewingHours(db, user, request.params.id, request.body, clock());
        await hoursWrites.consume(request);
        return hours;
      },
    );

    app.post(
      '/api/properties/:id/viewing-hours/copy',
      {
        config: listingRoute,
        schema: {
          tags,
          summary: 'Copies a listing’s viewing hours to the lister’s other listings (issue 51)',
          description:
            'The saved slot length, weekly windows and blocked days, set on each listing of ' +
            '`propertyIds` (at most 100), all or none. 403 for a listing that is not the ' +
            'caller’s, 404 for an unknown one; the source itself is left out. Requests already ' +
            'made keep their time. One write of the viewing-hours budget.',
          params: propertyIdParamsSchema,
          body: viewingHoursCopySchema,
          response: { 200: viewingHoursCopiedSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        await hoursWrites.check(request);
        const propertyIds = await copyViewingHours(
          db,
          requireUser(request),
          request.params.id,
          request.body.propertyIds,
          clock(),
        );
        await hoursWrites.consume(request);
        return { propertyIds };
      },
    );

    app.get(
      '/api/properties/:id/viewing-slots',
      {
        config: { ...ipLimit(rateLimits.viewingSlotsPerIp), ...idParam('id', 'listing_not_found') },
        schema: {
          tags,
          summary: 'The free viewing times of a listing',
          description:
            'Anyone who may see the listing may ask. from and to are ISO 8601 (default: now and ' +
            `14 days on; at most 31 days apart). Free times are inside the hours, not on blocked ` +
            `days, not within the next ${VIEWING_LEAD_HOURS} hours, and not confirmed for ` +
            'someone; startsAt carries the listing’s offset. A listing that is not live offers none.',
          params: propertyIdParamsSchema,
          querystring: viewingSlotsQuerySchema,
          response: { 200: viewingSlotsSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return viewingSlots(db, request.user ?? null, request.params.id, request.query, clock());
      },
    );

    app.post(
      '/api/properties/:id/viewings',
      {
        config: listingRoute,
        schema: {
          tags,
          summary: 'Asks to see a listing at one of its free times',
          description:
            'Free: viewings booked on Abode cost nothing. Needs a verified e-mail or phone (403 ' +
            'viewing_needs_verified_contact). 409 viewing_slot_taken when someone holds the time ' +
            'confirmed, 400 viewing_slot_invalid for a time that is not a free slot; 409 ' +
            'own_listing_viewing; 409 listing_rented; at most ' +
            `${MAX_PENDING_VIEWINGS} requests waiting per renter (409 viewing_requests_limit) and ` +
            'one per listing (409 viewing_already_requested). The request appears in the pair’s ' +
            'conversation (started if need be) and on the lister’s dashboard at once; its notice to ' +
            `the lister leaves after ${REQUEST_NOTICE_HOLD_SECONDS / 60} minutes unless the renter ` +
            'cancelled or the lister answered first, and one renter’s requests and cancels on one ' +
            `listing tell the lister once in ${PAIR_NOTICE_HOURS} hours. It ` +
            `expires unanswered after ${VIEWING_ANSWER_HOURS} ` +
            `hours or at its time. ${rateLimits.viewingRequestsPerAccount.max} requests a day per ` +
            `account and per address (429 rate_limited).`,
          params: propertyIdParamsSchema,
          body: viewingRequestSchema,
          response: { 201: viewingCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const renter = requireUser(request);
        await requests.check(request);
        await perListing.check(request);
        const created = await requestViewing(deps, renter, request.params.id, request.body);
        await requests.consume(request);
        await perListing.consume(request);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/viewings',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The reader’s viewings, as renter or as lister',
          description:
            'Pending and upcoming soonest first, past latest first; 100 at most. Times carry the ' +
            'listing’s offset and timeZone names its zone.',
          querystring: viewingListQuerySchema,
          response: { 200: viewingListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { role, status } = request.query;
        return {
          viewings: await listViewings(db, requireUser(request).id, role, status, clock()),
        };
      },
    );

    app.get(
      '/api/user/to-answer',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'What waits for the reader’s answer as a lister: viewing requests, enquiries',
          description:
            'The dashboard shows these first and the header’s account menu badges them; the ' +
            'event stream’s conversation.message events (each viewing step is one) say when ' +
            'to read them again.',
          response: { 200: toAnswerSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { id } = requireUser(request);
        const [viewingRequests, unansweredEnquiries] = await Promise.all([
          viewingRequestsOf(db, id, clock()),
          unansweredEnquiriesOf(db, id),
        ]);
        return { viewingRequests, unansweredEnquiries };
      },
    );

    app.get(
      '/api/viewings/:id',
      {
        config: viewingRoute,
        schema: {
          tags,
          summary: 'One viewing, for its renter or its lister (404 for anyone else)',
          params: viewingParams,
          response: { 200: viewingSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ownViewing(db, requireUser(request), request.params.id);
      },
    );

    app.get(
      '/api/viewings/:id/calendar.ics',
      {
        config: ipLimit(rateLimits.viewingCalendarsPerIp),
        schema: {
          tags,
          summary: 'A viewing as a calendar file (iCalendar), for either party',
          description:
            'For its renter or its lister signed in, or with the signed `token` of the link ' +
            'their confirmation SMS carried (no sign-in), until the viewing ends. A confirmed ' +
            'viewing is its event, with where the house is exactly; a cancelled one its ' +
            'cancellation (same UID). 404 for anything else, an altered token or one past its ' +
            'viewing; 401 without a session or a token.',
          params: viewingParams,
          querystring: z.object({ token: z.string().max(1000).optional() }),
          response: {
            200: z.string().describe('text/calendar'),
            ...errorResponses(401, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const file = await viewingCalendarFile(calendar, request.params.id, {
          user: request.user ?? null,
          token: request.query.token,
        });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );

    if (devRoutes) {
      // The browser journeys share one server: they move no clock of its, but ask the reminder
      // scan what it sends at a time of theirs. /api/dev/* answers this machine only.
      app.post(
        '/api/dev/viewing-reminders',
        {
          schema: {
            tags: ['dev'],
            summary: 'Runs the viewing reminder scan as of a given time (development only)',
            body: z.object({ at: z.iso.datetime({ offset: true }) }),
            response: { 200: z.object({ reminded: z.number().int() }) },
          },
        },
        async (request) => ({ reminded: await remindDue(deps, new Date(request.body.at)) }),
      );
      // Nor can they wait for a viewing's time to pass: this moves a viewing (and its
      // reminders) earlier by `hours`, so it has taken place (reviews, issue 40).
      app.post(
        '/api/dev/viewings/:id/earlier',
        {
          config: idParam('id', 'viewing_not_found'),
          schema: {
            tags: ['dev'],
            summary: 'Moves a viewing earlier by some hours (development only)',
            params: viewingParams,
            body: z.object({
              hours: z
                .number()
                .int()
                .min(1)
                .max(24 * 60),
            }),
            response: { 200: z.object({ startsAt: z.string() }), ...errorResponses(404) },
          },
        },
        async (request) => ({
          startsAt: await moveViewingEarlier(db, request.params.id, request.body.hours),
        }),
      );
    }

    const answer = (
      path: string,
      summary: string,
      limiter: typeof answers,
      body: z.ZodType | undefined,
      run: (request: FastifyRequest) => Promise<Answered>,
    ) =>
      app.post(
        path,
        {
          config: viewingRoute,
          schema: {
            tags,
            summary,
            params: viewingParams,
            ...(body ? { body } : {}),
            response: { 200: viewingSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
          },
        },
        async (request) => {
          await limiter.check(request);
          const done = await run(request);
          await limiter.consume(request);
          return answered(done, request);
        },
      );

    answer(
      '/api/viewings/:id/confirm',
      'The lister confirms a request; every other request for that time is declined',
      answers,
      undefined,
      (request) => confirmViewing(deps, requireUser(request), idOf(request)),
    );
    answer(
      '/api/viewings/:id/decline',
      'The lister declines a request, with a reason and another free time if they like',
      answers,
      viewingDeclineSchema,
      (request) => declineViewing(deps, requireUser(request), idOf(request), request.body as never),
    );
    answer(
      '/api/viewings/:id/no-show',
      'The lister says the renter did not come to a confirmed viewing: after its time (409 ' +
        `viewing_no_show_refused before), within ${NO_SHOW_HOURS} hours of its end (409 ` +
        'no_show_window_closed after), never once the renter reviewed it (409 ' +
        'no_show_after_review); the renter is told, and it counts in their record unless they ' +
        'dispute it',
      answers,
      undefined,
      (request) => markNoShow(deps, requireUser(request), idOf(request)),
    );
    answer(
      '/api/viewings/:id/dispute-no-show',
      'The renter answers "I was there" to a no-show (the renter only: 403 for the lister; 409 ' +
        'conflict on a viewing not marked as missed; again: the same answer). It then leaves ' +
        'their record and keeps their right to review; the lister reads it in the conversation',
      disputes,
      undefined,
      (request) => disputeNoShow(deps, requireUser(request), idOf(request)),
    );
    answer(
      '/api/viewings/:id/cancel',
      'Either party cancels a request or a confirmed viewing, until it starts',
      cancels,
      viewingCancelSchema,
      (request) => cancelViewing(deps, requireUser(request), idOf(request), request.body as never),
    );
  };
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
