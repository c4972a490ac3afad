import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  INBOX_PAGE_SIZE,
  type InboxMessage,
  type InboxQuery,
  type InboxReply,
  type contactMessageSchema,
  type supportMessageSchema,
} from '#common/inbox';
import type { LanguageCode } from '#common/languages';
import type { Database } from '../../db/client';
import { inboxMessages, inboxReplies } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Notifier } from '../../lib/notifier';
import { deliveryStatuses, type DeliveryStatus } from '../../lib/queued-notifier';
import { recordAudit } from '../admin/service';
import type { InboxField } from './notifications';

type Support = z.output<typeof supportMessageSchema>;
type Contact = z.output<typeof contactMessageSchema>;
type Row = typeof inboxMessages.$inferSelect;

export type InboxDeps = {
  db: Database;
  notifier: Notifier;
  supportEmail: string;
  /** The site's address: an answer links to the support form. */
  publicUrl: string;
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

export function sendSupportMessage(
  deps: InboxDeps,
  body: Support,
  user: UserRow | null,
  locale: LanguageCode,
) {
  return keepAndForward(
    deps,
    {
      source: 'support',
      locale,
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

export function sendContactMessage(
  deps: InboxDeps,
  body: Contact,
  user: UserRow | null,
  locale: LanguageCode,
) {
  const name = `${body.firstName} ${body.lastName}`;
  return keepAndForward(
    deps,
    {
      source: 'contact',
      locale,
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

const handler = alias(users, 'handler');
const adminName = (admin: {
  id: string | null;
  firstName: string | null;
  lastName: string | null;
}) => (admin.id ? { id: admin.id, firstName: admin.firstName!, lastName: admin.lastName! } : null);

type Listed = {
  message: Row;
  handlerId: string | null;
  handlerFirstName: string | null;
  handlerLastName: string | null;
};

/** Messages with who handled them, from a query's where and order. */
function listed(db: Database) {
  return db
    .select({
      message: inboxMessages,
      handlerId: handler.id,
      handlerFirstName: handler.firstName,
      handlerLastName: handler.lastName,
    })
    .from(inboxMessages)
    .leftJoin(handler, eq(handler.id, inboxMessages.handledById));
}

/**
 * The admin JSON of messages: with their answers (oldest first, who wrote them, whether each
 * e-mail left) and whether the copy to the support address left, read together for the page.
 */
async function toJsonList(db: Database, rows: Listed[]): Promise<InboxMessage[]> {
  const ids = rows.map((row) => row.message.id);
  const replies =
    ids.length === 0
      ? []
      : await db
          .select({
            reply: inboxReplies,
            adminId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(inboxReplies)
          .leftJoin(users, eq(users.id, inboxReplies.adminId))
          .where(inArray(inboxReplies.messageId, ids))
          .orderBy(asc(inboxReplies.createdAt), asc(inboxReplies.id));
  const deliveries = await deliveryStatuses(db, [
    ...rows.map((row) => row.message.forwardDeliveryId),
    ...replies.map(({ reply }) => reply.deliveryId),
  ]);
  const repliesOf = new Map<string, InboxReply[]>();
  for (const { reply, adminId, firstName, lastName } of replies) {
    const list = repliesOf.get(reply.messageId) ?? [];
    list.push({
      id: reply.id,
      message: reply.body,
      to: reply.toEmail,
      createdAt: reply.createdAt.toISOString(),
      admin: adminName({ id: adminId, firstName, lastName }),
      // No queued delivery: a notifier that sends at once did, or the answer would have failed.
      sent: reply.deliveryId === null || deliveries.get(reply.deliveryId) === 'sent',
    });
    repliesOf.set(reply.messageId, list);
  }
  return rows.map((row) => toJson(row, deliveries, repliesOf.get(row.message.id) ?? []));
}

function toJson(
  { message: row, handlerId, handlerFirstName, handlerLastName }: Listed,
  deliveries: Map<string, DeliveryStatus>,
  replies: InboxReply[],
): InboxMessage {
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
    status: row.handledAt ? 'handled' : 'open',
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledAt
      ? adminName({ id: handlerId, firstName: handlerFirstName, lastName: handlerLastName })
      : null,
    replies,
    canReply: row.email !== null,
  };
}

const statusFilter: Record<NonNullable<InboxQuery['status']>, SQL> = {
  open: isNull(inboxMessages.handledAt),
  handled: isNotNull(inboxMessages.handledAt),
};

/** The admin panel's Messages tab: newest first, 20 a page, one form or status only if asked. */
export async function listInbox(
  db: Database,
  query: InboxQuery,
): Promise<{ messages: InboxMessage[]; total: number }> {
  const where = and(
    query.source ? eq(inboxMessages.source, query.source) : undefined,
    query.status ? statusFilter[query.status] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    listed(db)
      .where(where)
      .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((query.page - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(inboxMessages).where(where),
  ]);
  return { messages: await toJsonList(db, rows), total: total?.n ?? 0 };
}

/** One message as the inbox shows it. */
async function inboxMessage(db: Database, id: string): Promise<InboxMessage> {
  const [row] = await listed(db).where(eq(inboxMessages.id, id));
  if (!row) throw notFound('inbox_message_not_found');
  const [json] = await toJsonList(db, [row]);
  return json!;
}

/** The message, locked for the change an administrator makes; 404 for none. */
async function lockedMessage(tx: Database, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('inbox_message_not_found');
  const [row] = await tx.select().from(inboxMessages).where(eq(inboxMessages.id, id)).for('update');
  if (!row) throw notFound('inbox_message_not_found');
  return row;
}

/** What the audit log says of a message: enough to name it without opening the inbox. */
const auditDetails = (row: Row) => ({
  subject: row.subject,
  name: row.name,
  email: row.email,
  phone: row.phone,
});

/**
 * Marks a message handled (it stays handled by whoever marked it first) or open again (issue
 * 51); an audited action when it changes anything.
 */
export async function setHandled(
  db: Database,
  admin: UserRow,
  id: string,
  isHandled: boolean,
): Promise<InboxMessage> {
  await db.transaction(async (tx) => {
    const row = await lockedMessage(tx, id);
    if ((row.handledAt !== null) === isHandled) return;
    await tx
      .update(inboxMessages)
      .set(
        isHandled
          ? { handledAt: sql`now()`, handledById: admin.id }
          : { handledAt: null, handledById: null },
      )
      .where(eq(inboxMessages.id, id));
    await recordAudit(
      tx,
      admin,
      isHandled ? 'inbox-handled' : 'inbox-reopened',
      'inbox-message',
      id,
      auditDetails(row),
    );
  });
  return inboxMessage(db, id);
}

/**
 * Answers a message by e-mail (issue 51): the answer is queued to the sender's address with the
 * action (in the language they wrote in), kept with the message (who, when, what, to whom), and
 * the message is handled, by this administrator. A message without an e-mail address cannot be
 * answered so (409 inbox_message_no_email): its sender is called instead.
 */
export async function replyToMessage(
  deps: InboxDeps,
  admin: UserRow,
  id: string,
  reply: string,
): Promise<InboxMessage> {
  await deps.db.transaction(async (tx) => {
    const row = await lockedMessage(tx, id);
    if (!row.email) throw new AppError('inbox_message_no_email');
    const deliveryId = await deps.notifier.email(
      row.email,
      {
        kind: 'inbox-reply',
        name: row.name,
        subject: row.subject,
        reply,
        original: row.message,
        writtenAt: row.createdAt.toISOString(),
        supportUrl: new URL('/support', deps.publicUrl).toString(),
        replyTo: deps.supportEmail,
      },
      row.locale,
      { db: tx },
    );
    await tx.insert(inboxReplies).values({
      messageId: id,
      adminId: admin.id,
      toEmail: row.email,
      body: reply,
      deliveryId: deliveryId ?? null,
    });
    await tx
      .update(inboxMessages)
      .set({ handledAt: sql`now()`, handledById: admin.id })
      .where(eq(inboxMessages.id, id));
    await recordAudit(tx, admin, 'inbox-reply', 'inbox-message', id, auditDetails(row));
  });
  return inboxMessage(deps.db, id);
}
