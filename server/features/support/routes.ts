import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactMessageSchema,
  inboxListSchema,
  inboxQuerySchema,
  sentSchema,
  supportMessageSchema,
} from '#common/inbox';
import { ipLimit } from '../../lib/rate-limits';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import { rateLimits } from './rate-limits';
import { listInbox, sendContactMessage, sendSupportMessage, type InboxDeps } from './service';
import { errorResponses } from '../../lib/error-responses';

const sendErrors = errorResponses(400, 429);

/** The support and contact forms (open to anyone) and the admins' inbox. */
export function supportRoutes(inbox: InboxDeps) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/support/message',
      {
        config: ipLimit(rateLimits.inboxMessagesPerIp),
        schema: {
          tags: ['support'],
          summary: 'Send the 24/7 support form (kept for the admins, forwarded to support)',
          body: supportMessageSchema,
          response: { 201: sentSchema, ...sendErrors },
        },
      },
      async (request, reply) => {
        const id = await sendSupportMessage(inbox, request.body, request.user);
        return reply.code(201).send({ message: 'Message sent', id });
      },
    );

    app.post(
      '/api/contact/message',
      {
        config: ipLimit(rateLimits.inboxMessagesPerIp),
        schema: {
          tags: ['support'],
          summary: 'Send the contact page form (kept for the admins, forwarded to support)',
          body: contactMessageSchema,
          response: { 201: sentSchema, ...sendErrors },
        },
      },
      async (request, reply) => {
        const id = await sendContactMessage(inbox, request.body, request.user);
        return reply.code(201).send({ message: 'Message sent', id });
      },
    );

    app.get(
      '/api/admin/messages',
      {
        config: adminOnly,
        schema: {
          tags: ['admin', 'support'],
          summary: 'Support and contact messages, newest first, 20 a page',
          querystring: inboxQuerySchema,
          response: {
            200: inboxListSchema,
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listInbox(inbox.db, request.query);
      },
    );
  };
}
