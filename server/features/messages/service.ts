import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INBOX_PAGE_SIZE,
  type InboxMessage,
  type InboxQuery,
  type contactMessageSchema,
  type supportMessageSchema,
} from '#common/inbox';
import type { Database } from '../../db/client';
import { inboxMessages, type UserRow } from '../../db/schema';
import type { Messenger } from '../../lib/messenger';
import type { InboxField } from '../../lib/message-templates';

type Support = z.output<typeof supportMessageSchema>;
type Contact = z.output<typeof contactMessageSchema>;
type Row = typeof inboxMessages.$inferSelect;

export type InboxDeps = {
  db: Database;
  messenger: Messenger;
  supportEmail: string;
  log: { error: (details: object, message: string) => void };
};

/**
 * Keeps the message first (nothing is lost if mail is down), then forwards a copy to the
 * support address; the copy's hand-over is recorded so the admins see what did not leave.
 */
async function keepAndForward(
  deps: InboxDeps,
  values: typeof inboxMessages.$inferInsert,
  fields: [InboxField, string][],
): Promise<string> {
  const [row] = await deps.db.insert(inboxMessages).values(values).returning();
  const id = row!.id;
  void (async () => {
    try {
      await deps.messenger.email(
        deps.supportEmail,
        {
          kind: 'inbox-message',
          source: values.source,
          subject: values.subject,
          body: values.message,
          fields,
          ...(values.email ? { replyTo: values.email } : {}),
        },
        'en',
      );
      await deps.db
        .update(inboxMessages)
        .set({ forwardedAt: sql`now()` })
        .where(eq(inboxMessages.id, id));
    } catch (error) {
      deps.log.error({ err: error, id }, 'support inbox copy not sent; kept for the admin panel');
    }
  })();
  return id;
}

const present = (pairs: [InboxField, string | undefined | null][]) =>
  pairs.filter((pair): pair is [InboxField, string] => Boolean(pair[1]));

export function sendSupportMessage(deps: InboxDeps, body: Support, user: UserRow | null) {
  return keepAndForward(
    deps,
    {
      source: 'support',
      name: body.name ?? '',
      email: body.email,
      category: body.category ?? null,
      subject: body.subject,
      message: body.message,
      userId: user?.id ?? null,
    },
    present([
      ['name', body.name],
      ['email', body.email],
      ['category', body.category],
    ]),
  );
}

export function sendContactMessage(deps: InboxDeps, body: Contact, user: UserRow | null) {
  const name = `${body.firstName} ${body.lastName}`;
  return keepAndForward(
    deps,
    {
      source: 'contact',
      name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      contactMethod: body.contactMethod,
      userType: body.userType,
      subject: body.subject,
      message: body.message,
      userId: user?.id ?? null,
    },
    present([
      ['name', name],
      ['email', body.email],
      ['phone', body.phone],
      ['contactMethod', body.contactMethod],
      ['userType', body.userType],
    ]),
  );
}

function toJson(row: Row): InboxMessage {
  return {
    id: row.id,
    source: row.source,
    name: row.name,
    email: row.email,
    phone: row.phone,
    contactMethod: row.contactMethod,
    userType: row.userType,
    category: row.category,
    subject: row.subject,
    message: row.message,
    forwarded: row.forwardedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin panel's Messages tab: newest first, 20 a page, optionally one form only. */
export async function listInbox(
  db: Database,
  query: InboxQuery,
): Promise<{ messages: InboxMessage[]; total: number }> {
  const where = query.source ? eq(inboxMessages.source, query.source) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(inboxMessages)
      .where(where)
      .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((query.page - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(inboxMessages).where(where),
  ]);
  return { messages: rows.map(toJson), total: total?.n ?? 0 };
}
