import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '#common/auth';
import {
  conversationIdParamsSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSummarySchema,
  CONVERSATIONS_PAGE_SIZE,
  enquiryResultSchema,
  MAX_MESSAGE_LENGTH,
  messageBodySchema,
  messagePageSchema,
  MESSAGES_PAGE_SIZE,
  messagesQuerySchema,
  ownResponseTimeSchema,
  RESPONSE_SIGNALS_DAYS,
  RESPONSE_SIGNALS_MIN_CONVERSATIONS,
  responseTimeOf,
  sentMessageSchema,
  unreadSchema,
} from '#common/conversations';
import { propertyIdParamsSchema } from '#common/properties';
import { errorResponses } from '../../lib/error-responses';
import { idParam } from '../../lib/ids';
import { keyedLimiter } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import { setBlocked } from './blocks';
import { enquire, readMessages, sendMessage, type ConversationDeps } from './conversations';
import { getConversation, listConversations, unreadOf } from './inbox';
import { rateLimits } from './rate-limits';

const { messagesPerAccount, messagesPerIp, newConversationsPerAccount } = rateLimits;
const conversationRoute = { ...signedIn, ...idParam('id', 'conversation_not_found') };
const limitsText =
  `An account sends at most ${messagesPerAccount.max} messages in ${messagesPerAccount.timeWindow / 60_000} ` +
  `minutes, the viewing steps it took counted among them and never the other party's ` +
  `(429 messages_limit with Retry-After); one ` +
  `address ${messagesPerIp.max} an hour (429 rate_limited).`;

/** Enquiries and the inbox (issue 37): only a conversation's two parties ever reach it. */
export function conversationRoutes(deps: ConversationDeps) {
  const { db } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Every account behind one address, both routes that send, together.
    const perAddress = keyedLimiter(fastify, 'messages-ip', messagesPerIp, (r) => r.ip);

    app.post(
      '/api/properties/:id/enquiries',
      {
        config: { ...signedIn, ...idParam('id', 'listing_not_found') },
        schema: {
          tags: ['conversations'],
          summary:
            'Message a listing’s lister: starts the conversation, or adds to the one there is',
          description:
            `The message is 1 to ${MAX_MESSAGE_LENGTH} characters after trimming, text only. 404 ` +
            'for a listing a visitor cannot see; 409 own_listing_enquiry on one’s own listing; ' +
            '403 enquiry_needs_verified_contact without a verified e-mail or phone; a rented ' +
            'listing takes no new conversation (409 listing_rented) but one already there goes ' +
            `on; 403 conversation_blocked when the lister blocked the renter (in any conversation: ` +
            'a block holds on all their listings). A renter starts ' +
            `at most ${newConversationsPerAccount.max} conversations in 24 hours (429 ` +
            `enquiries_limit with Retry-After). ${limitsText}`,
          params: propertyIdParamsSchema,
          body: messageBodySchema,
          response: { 201: enquiryResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const renter = requireUser(request);
        await perAddress.check(request);
        const sent = await enquire(deps, renter, request.params.id, request.body.message);
        await perAddress.consume(request);
        return reply.code(201).send(sent);
      },
    );

    app.get(
      '/api/conversations',
      {
        config: signedIn,
        schema: {
          tags: ['conversations'],
          summary: `The reader’s conversations, as renter and as lister, newest activity first, ${CONVERSATIONS_PAGE_SIZE} a page`,
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listConversations(db, requireUser(request).id, request.query.page);
      },
    );

    app.get(
      '/api/conversations/unread',
      {
        config: signedIn,
        schema: {
          tags: ['conversations'],
          summary: 'How many messages sent to the reader are not read yet',
          response: { 200: unreadSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { unread: await unreadOf(db, requireUser(request).id) };
      },
    );

    app.get(
      '/api/conversations/response-time',
      {
        config: signedIn,
        schema: {
          tags: ['conversations'],
          summary: 'The reader’s own response signals as a lister (the dashboard’s Response Time)',
          description:
            'Over the conversations started with the reader in the last ' +
            `${RESPONSE_SIGNALS_DAYS} days: the median minutes to their first reply and the ` +
            'share answered within 24 hours, kept up to date as messages arrive. Listings show ' +
            `them from ${RESPONSE_SIGNALS_MIN_CONVERSATIONS} conversations (\`shownOnListings\`).`,
          response: { 200: ownResponseTimeSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireUser(request);
        return {
          responseTime: responseTimeOf(user),
          shownOnListings: user.responseConversations >= RESPONSE_SIGNALS_MIN_CONVERSATIONS,
        };
      },
    );

    app.get(
      '/api/conversations/:id',
      {
        config: conversationRoute,
        schema: {
          tags: ['conversations'],
          summary: 'One conversation as the inbox shows it (404 for anyone but its two parties)',
          params: conversationIdParamsSchema,
          response: { 200: conversationSummarySchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getConversation(db, requireUser(request).id, request.params.id);
      },
    );

    app.get(
      '/api/conversations/:id/messages',
      {
        config: conversationRoute,
        schema: {
          tags: ['conversations'],
          summary: `A page of a conversation’s messages, newest first, ${MESSAGES_PAGE_SIZE} a page`,
          description:
            '`before` (a message id) asks for the page before it. Reading marks the other ' +
            'party’s messages read. 404 conversation_not_found for anyone but the two parties.',
          params: conversationIdParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: messagePageSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return readMessages(deps, requireUser(request), request.params.id, request.query.before);
      },
    );

    app.post(
      '/api/conversations/:id/messages',
      {
        config: conversationRoute,
        schema: {
          tags: ['conversations'],
          summary: 'Answer in a conversation',
          description: `403 conversation_blocked when the other party blocked the sender. ${limitsText}`,
          params: conversationIdParamsSchema,
          body: messageBodySchema,
          response: { 201: sentMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const sender = requireUser(request);
        await perAddress.check(request);
        const message = await sendMessage(deps, sender, request.params.id, request.body.message);
        await perAddress.consume(request);
        return reply.code(201).send({ message });
      },
    );

    for (const [method, blocked] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/api/conversations/:id/block',
        config: conversationRoute,
        schema: {
          tags: ['conversations'],
          summary: blocked
            ? 'Block the other party here: their messages are refused (403 conversation_blocked)'
            : 'Unblock the other party here',
          description:
            'Idempotent. Nobody is told. A lister’s block is of the renter on all the lister’s ' +
            'listings: their messages in any of the pair’s conversations, their enquiries and ' +
            'viewing requests get 403 conversation_blocked; unblocking in any of the pair’s ' +
            'conversations lifts it everywhere. A renter’s block holds in this conversation.',
          params: conversationIdParamsSchema,
          response: { 200: messageSchema, ...errorResponses(401, 404) },
        },
        handler: async (request) => {
          await setBlocked(db, requireUser(request), request.params.id, blocked, deps.clock());
          return { message: blocked ? 'Blocked' : 'Unblocked' };
        },
      });
    }
  };
}
