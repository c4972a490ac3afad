import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxListSchema, type EmailAttachment, type OutboxMessage } from '#common/outbox';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';

export type OutgoingMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  textBody: string;
  htmlBody?: string;
  attachments?: EmailAttachment[];
};

/** Keeps a message that no transport delivers, for the dev mailbox. */
export async function storeInOutbox(db: Database, message: OutgoingMessage): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    textBody: message.textBody,
    htmlBody: message.htmlBody ?? null,
    attachments: message.attachments ?? [],
  });
}

export async function listOutbox(db: Database, limit: number): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** GET /api/dev/outbox: the newest messages first. Never registered in production. */
export function registerOutboxRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages kept instead of sent (development only)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: outboxListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listOutbox(db, request.query.limit) };
    },
  );
}
