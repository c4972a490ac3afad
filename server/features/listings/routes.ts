import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { propertyIdParamsSchema, propertyListSchema, propertySchema } from '#common/properties';
import {
  createdListingSchema,
  listingInputSchema,
  listingUpdateSchema,
  ownerContactSchema,
  updatedListingSchema,
} from '#common/listings';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import { accountLimiter, ipLimit } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import type { FileStorage } from '../../lib/storage';
import { rateLimits } from './rate-limits';
import { ownListingWrite } from './route-config';
import {
  createListing,
  deleteListing,
  getVisibleProperty,
  markAvailable,
  markRented,
  ownerContact,
  updateListing,
  userListings,
  type ListingWrites,
} from './service';
import { errorResponses } from '../../lib/error-responses';

const { contactRevealsPerAccount, contactRevealsPerAddress, contactRevealsPerIp } = rateLimits;

const ownerErrors = errorResponses(400, 401, 403, 404, 429);

export function propertyRoutes(deps: {
  db: Database;
  listingWrites: ListingWrites;
  storage: FileStorage;
  clock: () => Date;
}) {
  const { db, listingWrites, storage, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const rentedPerOwner = accountLimiter(fastify, 'listing-rented', rateLimits.rentedPerAccount);

    app.get(
      '/api/properties/:id',
      {
        config: idParam('id', 'listing_not_found'),
        schema: {
          tags: ['properties'],
          summary: 'One listing: live, or the viewer’s own, or any for administrators',
          params: propertyIdParamsSchema,
          response: { 200: propertySchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => getVisibleProperty(db, request.params.id, request.user, clock()),
    );

    app.get(
      '/api/properties/:id/contact',
      {
        config: {
          ...ipLimit(contactRevealsPerIp),
          ...signedIn,
          ...idParam('id', 'listing_not_found'),
        },
        schema: {
          tags: ['properties'],
          summary: 'How to reach the owner or agent of a live listing (signed-in users)',
          description:
            '404 when no such listing exists; 409 (under review) when it exists but is not live, ' +
            'with nothing of its owner. A renter needs a verified e-mail or phone (403 ' +
            'contact_needs_verified_contact). A renter’s answer is recorded (the owner’s ' +
            `dashboard counts them): an account sees at most ${contactRevealsPerAccount.max} ` +
            'different listings in any 24 hours (seeing one again in that time is free), then ' +
            '429 contact_reveals_limit with Retry-After, the seconds until the oldest of them ' +
            `leaves the window; one IP address, whichever accounts ask, at most ` +
            `${contactRevealsPerAddress.max} different listings in any 24 hours, then 429 ` +
            `contact_reveals_ip_limit with Retry-After. 429 rate_limited past ` +
            `${contactRevealsPerIp.max} requests an hour from one address. The listing’s owner ` +
            'and administrators are neither recorded nor limited.',
          params: propertyIdParamsSchema,
          response: { 200: ownerContactSchema, ...ownerErrors, ...errorResponses(409) },
        },
      },
      async (request) => ownerContact(db, requireUser(request), request.params.id, request.ip),
    );

    app.get(
      '/api/user/properties',
      {
        config: signedIn,
        schema: {
          tags: ['properties'],
          summary: 'The signed-in user’s own listings, every status, newest first',
          response: { 200: propertyListSchema, ...errorResponses(401) },
        },
      },
      async (request) => userListings(db, requireUser(request)),
    );

    app.post(
      '/api/properties',
      {
        config: { ...ipLimit(rateLimits.listingWritesPerIp), ...signedIn },
        schema: {
          tags: ['properties'],
          summary: 'List a property; it waits as Pending Approval for an administrator',
          body: listingInputSchema,
          response: { 201: createdListingSchema, ...ownerErrors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const created = await createListing(listingWrites, user, request.body);
        return reply.code(201).send(created);
      },
    );

    app.put(
      '/api/properties/:id',
      {
        config: ownListingWrite,
        schema: {
          tags: ['properties'],
          summary: 'Edit one’s own listing; reviewed changes of an approved one wait for review',
          description:
            'A listing never approved takes the edit and waits as Pending Approval. An approved ' +
            'one stays as approved (renters, search and alerts keep it) while a change of its ' +
            'reviewed fields or an added or removed photo waits for an administrator: the answer’s ' +
            '`pendingChanges` says what waits (null when nothing does). Other fields apply at once.',
          params: propertyIdParamsSchema,
          body: listingUpdateSchema,
          response: { 200: updatedListingSchema, ...ownerErrors },
        },
      },
      async (request) =>
        updateListing(
          listingWrites,
          storage,
          requireUser(request),
          request.params.id,
          request.body,
        ),
    );

    // Rented (issue 21): out of search at once; available again in one step, without review.
    for (const [method, rented] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/api/properties/:id/rented',
        config: ownListingWrite,
        schema: {
          tags: ['properties'],
          summary: rented
            ? 'Mark one’s own listing rented: it leaves search; its page says so for 14 days'
            : 'Make one’s own rented listing available again (no new review)',
          params: propertyIdParamsSchema,
          response: { 200: updatedListingSchema, ...ownerErrors },
        },
        handler: async (request) => {
          const user = requireUser(request);
          await rentedPerOwner.check(request);
          const { id } = request.params as { id: string };
          const answer = rented
            ? await markRented(listingWrites, user, id, clock())
            : await markAvailable(listingWrites, user, id);
          await rentedPerOwner.consume(request);
          return answer;
        },
      });
    }

    app.delete(
      '/api/properties/:id',
      {
        config: ownListingWrite,
        schema: {
          tags: ['properties'],
          summary: 'Delete one’s own listing, its photos and the favourites of it',
          params: propertyIdParamsSchema,
          response: { 204: z.null(), ...ownerErrors },
        },
      },
      async (request, reply) => {
        await deleteListing(listingWrites, storage, requireUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
