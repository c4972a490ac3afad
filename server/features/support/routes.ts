import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactMessageSchema,
  inboxHandledBodySchema,
  inboxIdParamsSchema,
  inboxListSchema,
  inboxMessageSchema,
  inboxQuerySchema,
  inboxReplyBodySchema,
  sentSchema,
  supportMessageSchema,
} from '#common/inbox';
import { idParam } from '../../lib/ids';
import { requestLocale } from '../../lib/notifier';
import { accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import { rateLimits } from './rate-limits';
import {
  listInbox,
  replyToMessage,
  sendContactMessage,
  sendSupportMessage,
  setHandled,
  type InboxDeps,
} from './service';
import { errorResponses } from '../../lib/error-responses';

const sendErrors = errorResponses(400, 429);
const adminErrors = errorResponses(400, 401, 403, 404, 409, 429);

/** The support and contact forms (open to anyone) and the admins' inbox. */
export function supportRoutes(inbox: InboxDeps) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // An answer is an e-mail to a real person: bounded per administrator and per message.
    const repliesPerAdmin = accountLimiter(
      fastify,
      'inbox-replies',
      rateLimits.inboxRepliesPerAccount,
    );
    const repliesPerMessage = keyedLimiter(
      fastify,
      'inbox-replies-per-message',
      rateLimits.inboxRepliesPerMessage,
      (request) => (request.params as { id: string }).id,
    );

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
        const id = await sendSupportMessage(
          inbox,
          request.body,
          request.user,
          requestLocale(request),
        );
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
        const id = await sendContactMessage(
          inbox,
          request.body,
          request.user,
          requestLocale(request),
        );
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
          description:
            'Each with its status (open or handled, and by whom), the answers sent by e-mail ' +
            'and whether it can be answered so (`canReply`: not without an e-mail address). ' +
            '`source` and `status` filter.',
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

    app.patch(
      '/api/admin/messages/:id/handled',
      {
        config: { ...adminOnly, ...idParam('id', 'inbox_message_not_found') },
        schema: {
          tags: ['admin', 'support'],
          summary: 'Mark a support or contact message handled, or open again',
          description:
            'Handled stays with the administrator who marked it first; open again clears it. ' +
            'Audited when it changes anything.',
          params: inboxIdParamsSchema,
          body: inboxHandledBodySchema,
          response: { 200: inboxMessageSchema, ...adminErrors },
        },
      },
      async (request) =>
        setHandled(inbox.db, requireAdmin(request), request.params.id, request.body.isHandled),
    );

    app.post(
      '/api/admin/messages/:id/reply',
      {
        config: { ...adminOnly, ...idParam('id', 'inbox_message_not_found') },
        schema: {
          tags: ['admin', 'support'],
          summary: 'Answer a support or contact message by e-mail',
          description:
            'Queues the answer to the sender’s e-mail (framed in the language they wrote in, ' +
            'their message quoted below it), keeps it with the message (who, when, what) and ' +
            'marks the message handled; audited. 409 `inbox_message_no_email` when the sender ' +
            'gave no e-mail address. At most 60 answers an hour per administrator and 5 per ' +
            'message (429).',
          params: inboxIdParamsSchema,
          body: inboxReplyBodySchema,
          response: { 201: inboxMessageSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        await repliesPerAdmin.check(request);
        await repliesPerMessage.check(request);
        const answered = await replyToMessage(
          inbox,
          admin,
          request.params.id,
          request.body.message,
        );
        await repliesPerAdmin.consume(request);
        await repliesPerMessage.consume(request);
        return reply.code(201).send(answered);
      },
    );
  };
}
