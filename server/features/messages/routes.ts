import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#common/api-error';
import {
  contactMessageSchema,
  inboxListSchema,
  inboxQuerySchema,
  sentSchema,
  supportMessageSchema,
} from '#common/inbox';
import { ipLimit, rateLimits } from '../../lib/rate-limits';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import { listInbox, sendContactMessage, sendSupportMessage, type InboxDeps } from './service';

const sendErrors = { 400: apiErrorSchema, 429: apiErrorSchema };

/** The support and contact forms (open to anyone) and the admins' inbox. */
export function messageRoutes(inbox: InboxDeps) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/support/message',
      {
        config: ipLimit(rateLimits.inboxMessagesPerIp),
        schema: {
          tags: ['messages'],
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
          tags: ['messages'],
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
          tags: ['admin', 'messages'],
          summary: 'Support and contact messages, newest first, 20 a page',
          querystring: inboxQuerySchema,
          response: {
            200: inboxListSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
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
