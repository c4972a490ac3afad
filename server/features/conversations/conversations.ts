import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  MESSAGES_PAGE_SIZE,
  type ConversationEvent,
  type ConversationMessage,
  type MessagePage,
} from '#common/conversations';
import { photoDefaultUrl } from '#common/images';
import { messageWarningsOf } from '#common/payment-warnings';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { JobQueue } from '../../lib/job-queue';
import type { LiveUpdates } from '../../lib/live-updates';
import { isLive, properties, visibleTo, type PropertyRow } from '../listings/service';
import { unreadOf } from './inbox';
import { assertMessageBudget, assertNewConversationBudget } from './message-limits';
import { messagePage } from './message-pages';
import { updateResponseSignals } from './response-signals';
import { blockedFor, listerBlocked } from './blocks';
import { partyConversation } from './parties';
import { planReminder, readClearsReminder } from './unread-reminders';
import {
  conversationMessages,
  conversations,
  type ConversationMessageRow,
  type ConversationRow,
} from './schema';

/**
 * Conversations between a renter and a listing's lister (issue 37). Only the two parties ever
 * read one through these functions: anyone else, an administrator too, is told it does not
 * exist (404), as for an id that never was.
 */
export type ConversationDeps = {
  db: Database;
  live: LiveUpdates;
  clock: () => Date;
  /** Where a message plans its recipient's reminder (unread-reminders.ts). */
  jobs: JobQueue;
  /** How long a message stays unread before its recipient is told (the configuration's). */
  remindAfterMs?: number;
};

/** A stored message as `readerId` sees it: warnings are the recipient's alone. */
export function messageJson(row: ConversationMessageRow, readerId: string): ConversationMessage {
  const fromMe = row.senderId === readerId;
  return {
    id: row.id,
    body: row.body,
    event: row.event ?? null,
    sentAt: row.sentAt.toISOString(),
    fromMe,
    readAt: row.readAt?.toISOString() ?? null,
    warnings: fromMe ? [] : row.warnings,
  };
}

/**
 * Adds `body` from `senderId` to the locked conversation `row`: the recipient's unread count
 * and the inbox's last message move with it, the lister's first answer is noted (response
 * signals), both parties' streams are told when the transaction commits, and the recipient's
 * reminder is planned should the message stay unread (unread-reminders.ts). Given `event`, it
 * is an event line (a viewing's step) with `body` as its author's words, possibly none.
 */
async function addMessage(
  tx: Database,
  deps: ConversationDeps,
  row: ConversationRow,
  senderId: string,
  body: string,
  now: Date,
  isNew = false,
  event: ConversationEvent | null = null,
): Promise<ConversationMessage> {
  const fromRenter = senderId === row.renterId;
  const recipientId = fromRenter ? row.listerId : row.renterId;
  // Strictly after the one before (the row is locked): the order of a conversation is its
  // times', even for two messages within a millisecond.
  const sentAt = isNew ? now : new Date(Math.max(now.getTime(), row.lastMessageAt.getTime() + 1));
  const [message] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: row.id,
      senderId,
      body,
      event,
      sentAt,
      warnings: messageWarningsOf(body),
    })
    .returning();
  const unreadColumn = fromRenter ? conversations.listerUnread : conversations.renterUnread;
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sentAt,
      lastMessageBody: body,
      lastMessageEvent: event,
      lastMessageSenderId: senderId,
      [fromRenter ? 'listerUnread' : 'renterUnread']: sql`${unreadColumn} + 1`,
      ...(!fromRenter && row.firstReplyAt === null ? { firstReplyAt: sentAt } : {}),
    })
    .where(eq(conversations.id, row.id));
  // A new conversation, or the lister's first answer: the lister's response signals move.
  if (isNew || (!fromRenter && row.firstReplyAt === null)) {
    await updateResponseSignals(tx, row.listerId, now);
  }
  // An event line is told by its own notice (a viewing's: features/viewings/notify.ts), not
  // again as an unread message.
  if (!event) {
    await planReminder(
      tx,
      deps.jobs,
      row,
      fromRenter ? 'lister' : 'renter',
      sentAt,
      now,
      deps.remindAfterMs,
    );
  }
  await deps.live.publish(tx, { userId: recipientId }, 'conversation.message', {
    conversationId: row.id,
    message: messageJson(message!, recipientId),
    unread: await unreadOf(tx, recipientId),
  });
  await deps.live.publish(tx, { userId: senderId }, 'conversation.message', {
    conversationId: row.id,
    message: messageJson(message!, senderId),
    unread: await unreadOf(tx, senderId),
  });
  return messageJson(message!, senderId);
}

/**
 * POST /api/properties/{id}/enquiries: starts the conversation between `renter` and the
 * listing's lister, or adds to the one they have.
 */
export async function enquire(
  deps: ConversationDeps,
  renter: UserRow,
  propertyId: string,
  body: string,
): Promise<{ conversationId: string; message: ConversationMessage }> {
  const now = deps.clock();
  if (!isUuid(propertyId)) throw notFound('listing_not_found');
  return deps.db.transaction(async (tx) => {
    // What a visitor can see (the listings' own rule): live, or approved and lately rented.
    const [listing] = await tx
      .select({
        ownerId: properties.ownerId,
        title: properties.title,
        city: properties.city,
        photos: properties.photos,
        live: sql<boolean>`${isLive}`,
      })
      .from(properties)
      .where(and(eq(properties.id, propertyId), visibleTo(null, now)))
      // Held until the message is written: the listing cannot be deleted in between.
      .for('key share', { of: properties });
    if (!listing) throw notFound('listing_not_found');
    const live = Boolean(listing.live);
    if (listing.ownerId === renter.id) throw new AppError('own_listing_enquiry');
    // The lister learns who writes: someone Abode can reach in turn (as for contact details).
    if (!renter.emailVerified && !renter.phoneVerified) {
      throw forbidden('enquiry_needs_verified_contact');
    }
    await assertMessageBudget(tx, renter.id, now);
    const existing = await conversationOf(tx, propertyId, renter.id);
    if (existing) {
      if (await blockedFor(tx, existing, renter.id)) throw forbidden('conversation_blocked');
    } else {
      // Blocked on another listing of the lister: the answer of a blocked conversation.
      if (await listerBlocked(tx, listing.ownerId, renter.id)) {
        throw forbidden('conversation_blocked');
      }
      if (!live) throw new AppError('listing_rented');
      await assertNewConversationBudget(tx, renter.id, now);
    }
    const row =
      existing ??
      (await startConversation(tx, { id: propertyId, ...listing }, renter.id, body, null, now));
    const isNew = !existing;
    const message = await addMessage(tx, deps, row!, renter.id, body, now, isNew);
    return { conversationId: row!.id, message };
  });
}

/** The locked conversation of `renterId` about the listing, if they have one. */
async function conversationOf(
  tx: Database,
  propertyId: string,
  renterId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.propertyId, propertyId), eq(conversations.renterId, renterId)))
    .for('update');
  return row;
}

/** What a conversation keeps of its listing (deleted listings leave their name behind). */
export type ConversationListing = {
  id: string;
  ownerId: string;
  title: string;
  city: string;
  photos: PropertyRow['photos'];
};

async function startConversation(
  tx: Database,
  listing: ConversationListing,
  renterId: string,
  body: string,
  event: ConversationEvent | null,
  now: Date,
): Promise<ConversationRow> {
  const [row] = await tx
    .insert(conversations)
    .values({
      propertyId: listing.id,
      renterId,
      listerId: listing.ownerId,
      propertyTitle: listing.title,
      propertyCity: listing.city,
      propertyImage: listing.photos[0] ? photoDefaultUrl(listing.photos[0], 400) : null,
      createdAt: now,
      lastMessageAt: now,
      lastMessageBody: body,
      lastMessageEvent: event,
      lastMessageSenderId: renterId,
    })
    .returning();
  return row!;
}

/**
 * Adds a step of something a renter and a lister arranged on Abode (a viewing's, issue 38) to
 * their conversation about `listing`, starting it when there is none: an event line from
 * `actorId` with what they wrote (`body`, possibly empty), counted unread and told live like a
 * message (the step's own notice tells the other party, not the unread reminder). Runs in the caller's transaction, which has checked who may act.
 * A renter the lister blocked (here or on any of their listings, issue 50) is refused (403
 * conversation_blocked), as is a lister the renter blocked here, unless
 * `evenIfBlocked` (a cancellation frees the time whatever was said). Answers the conversation.
 */
export async function recordEvent(
  tx: Database,
  deps: ConversationDeps,
  step: {
    listing: ConversationListing;
    renterId: string;
    actorId: string;
    event: ConversationEvent;
    body: string;
    now: Date;
    evenIfBlocked?: boolean;
  },
): Promise<{ conversationId: string; message: ConversationMessage }> {
  const { listing, renterId, actorId, event, body, now } = step;
  const existing = await conversationOf(tx, listing.id, renterId);
  if (!step.evenIfBlocked) {
    const blocked = existing
      ? await blockedFor(tx, existing, actorId)
      : actorId === renterId && (await listerBlocked(tx, listing.ownerId, renterId));
    if (blocked) throw forbidden('conversation_blocked');
  }
  const row = existing ?? (await startConversation(tx, listing, renterId, body, event, now));
  const message = await addMessage(tx, deps, row, actorId, body, now, !existing, event);
  return { conversationId: row.id, message };
}

/**
 * Adds an event line to conversation `conversationId` from `actorId`: a step of a viewing
 * whose listing may be gone (issue 51: deleted, so recordEvent cannot find the pair's
 * conversation by listing). Answers null when the conversation is gone too.
 */
export async function recordEventIn(
  tx: Database,
  deps: ConversationDeps,
  step: { conversationId: string; actorId: string; event: ConversationEvent; now: Date },
): Promise<ConversationMessage | null> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(eq(conversations.id, step.conversationId))
    .for('update');
  if (!row) return null;
  return addMessage(tx, deps, row, step.actorId, '', step.now, false, step.event);
}

/** POST /api/conversations/{id}/messages. */
export async function sendMessage(
  deps: ConversationDeps,
  sender: UserRow,
  conversationId: string,
  body: string,
): Promise<ConversationMessage> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const { row } = await partyConversation(tx, sender.id, conversationId, true);
    if (await blockedFor(tx, row, sender.id)) throw forbidden('conversation_blocked');
    await assertMessageBudget(tx, sender.id, now);
    return addMessage(tx, deps, row, sender.id, body, now);
  });
}

/**
 * GET /api/conversations/{id}/messages: a page of messages, newest first, older than `before`
 * when given. Reading marks the other party's messages read (all of them: the newest page is
 * what a reader opens) and tells the other party's streams.
 */
export async function readMessages(
  deps: ConversationDeps,
  reader: UserRow,
  conversationId: string,
  before: string | undefined,
): Promise<MessagePage> {
  const now = deps.clock();
  const { row, side } = await partyConversation(deps.db, reader.id, conversationId);
  if (before !== undefined && !isUuid(before)) throw notFound('not_found');
  const unread = side === 'renter' ? row.renterUnread : row.listerUnread;
  if (unread > 0) await markRead(deps, row, reader.id, now);
  const page = await messagePage(deps.db, row.id, before, MESSAGES_PAGE_SIZE);
  return {
    messages: page.rows.map((message) => messageJson(message, reader.id)),
    hasMore: page.hasMore,
  };
}

/** Marks the other party's unread messages read and tells the other party's streams. */
async function markRead(
  deps: ConversationDeps,
  row: ConversationRow,
  readerId: string,
  now: Date,
): Promise<void> {
  const otherId = row.renterId === readerId ? row.listerId : row.renterId;
  await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(conversationMessages)
      .set({ readAt: now })
      .where(
        and(
          eq(conversationMessages.conversationId, row.id),
          ne(conversationMessages.senderId, readerId),
          isNull(conversationMessages.readAt),
        ),
      )
      .returning({ id: conversationMessages.id });
    if (marked.length === 0) return;
    const side = row.renterId === readerId ? 'renter' : 'lister';
    const column = side === 'renter' ? conversations.renterUnread : conversations.listerUnread;
    const unreadLeft = sql`greatest(${column} - ${marked.length}, 0)`;
    await tx
      .update(conversations)
      .set({
        [side === 'renter' ? 'renterUnread' : 'listerUnread']: unreadLeft,
        // Read: the reminder planned for it goes (kept for a message that came meanwhile).
        ...readClearsReminder(side, unreadLeft),
      })
      .where(eq(conversations.id, row.id));
    await deps.live.publish(tx, { userId: otherId }, 'conversation.read', {
      conversationId: row.id,
      readAt: now.toISOString(),
    });
  });
}
