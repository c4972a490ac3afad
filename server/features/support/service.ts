import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INBOX_PAGE_SIZE,
  type InboxMessage,
  type InboxQuery,
  type contactMessageSchema,
  type supportMessageSchema,
} from '#common/inbox';
import type { Database } from '../../db/client';
import { inboxMessages } from './schema';
import type { UserRow } from '../../db/schema';
import type { Notifier } from '../../lib/notifier';
import { deliveryStatuses, type DeliveryStatus } from '../../lib/queued-notifier';
import type { InboxField } from './notifications';

type Support = z.output<typeof supportMessageSchema>;
type Contact = z.output<typeof contactMessageSchema>;
type Row = typeof inboxMessages.$inferSelect;

export type InboxDeps = {
  db: Database;
  notifier: Notifier;
  supportEmail: string;
};

/**
 * Keeps the message and queues its copy to the support address in one transaction: nothing is
 * lost if mail is down, and the copy leaves when it is back; the admins see what has not.
 */
async function keepAndForward(
  deps: InboxDeps,
  values: typeof inboxMessages.$inferInsert,
  fields: [InboxField, string][],
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const forwardDeliveryId = await deps.notifier.email(
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
      { db: tx },
    );
    const [row] = await tx
      .insert(inboxMessages)
      .values({ ...values, forwardDeliveryId: forwardDeliveryId ?? null })
      .returning({ id: inboxMessages.id });
    return row!.id;
  });
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

function toJson(row: Row, deliveries: Map<string, DeliveryStatus>): InboxMessage {
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
    forwarded:
      row.forwardedAt !== null ||
      (row.forwardDeliveryId !== null && deliveries.get(row.forwardDeliveryId) === 'sent'),
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
  const deliveries = await deliveryStatuses(
    db,
    rows.map((row) => row.forwardDeliveryId),
  );
  return { messages: rows.map((row) => toJson(row, deliveries)), total: total?.n ?? 0 };
}
