import { and, desc, eq, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationList,
  type ConversationSummary,
} from '#common/conversations';
import { photoDefaultUrl } from '#common/images';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { listerBadgeColumns, properties, publicStateOf, stateColumns } from '../listings/service';
import { conversationListingState } from './listing-states';
import { relayableName } from './unread-reminders';
import { conversations, listerBlocks } from './schema';

/**
 * The inbox (issue 37): what a reader's conversations look like in the list, read from the
 * conversation rows, which keep the last message and each side's unread count as messages
 * arrive. Only a party's own conversations are ever read here.
 */

/** The conversations `userId` is a party of, as renter or as lister. */
const partyOf = (userId: string) =>
  or(eq(conversations.renterId, userId), eq(conversations.listerId, userId));

/** Messages sent to `userId` and not read yet, in all its conversations. */
export async function unreadOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(case when ${conversations.renterId} = ${userId}
        then ${conversations.renterUnread} else ${conversations.listerUnread} end), 0)::int`,
    })
    .from(conversations)
    .where(partyOf(userId));
  return row?.unread ?? 0;
}

/**
 * Enquiries waiting for `userId`'s answer as lister (issue 51, the dashboard and the header's
 * badge): conversations whose latest message is the renter's own words. A viewing step (an
 * event line) is counted with the viewing requests, and a blocked renter waits for nothing.
 */
export async function unansweredEnquiriesOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      and(
        eq(conversations.listerId, userId),
        sql`${conversations.lastMessageSenderId} <> ${userId}`,
        isNull(conversations.lastMessageEvent),
        // A lister's block holds on all their listings (blocks.ts), so on each of the pair's.
        notExists(
          db
            .select({ one: sql`1` })
            .from(listerBlocks)
            .where(
              and(
                eq(listerBlocks.listerId, conversations.listerId),
                eq(listerBlocks.renterId, conversations.renterId),
              ),
            ),
        ),
      ),
    );
  return row?.count ?? 0;
}

/**
 * The conversations of `userId` that `where` picks, as their inbox shows them, and how many
 * `where` picks in all (counted in the same statement: on a busy inbox each round trip to the
 * database costs more than the counting, scripts/conversations-bench.ts).
 */
async function summaries(
  db: Database,
  userId: string,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ list: ConversationSummary[]; total: number | null }> {
  const otherId = sql`case when ${conversations.renterId} = ${userId} then ${conversations.listerId} else ${conversations.renterId} end`;
  // The page's conversations first, from the row alone; only those 20 are joined to their
  // listing and other party (joining all of a busy lister's thousand, then sorting, took
  // 6.2 ms of PostgreSQL a request against 1.1: scripts/conversations-bench.ts).
  const pageRows = db.$with('page_rows').as(
    db
      .select({
        pageId: sql<string>`${conversations.id}`.as('page_id'),
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(conversations)
      .where(and(partyOf(userId), where))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  const rows = await db
    .with(pageRows)
    .select({
      // What the list shows of the row: not its reminder and reply times (each a date to parse,
      // twenty rows a page).
      row: {
        id: conversations.id,
        propertyId: conversations.propertyId,
        listerId: conversations.listerId,
        propertyTitle: conversations.propertyTitle,
        propertyCity: conversations.propertyCity,
        propertyImage: conversations.propertyImage,
        lastMessageAt: conversations.lastMessageAt,
        lastMessageBody: conversations.lastMessageBody,
        lastMessageEvent: conversations.lastMessageEvent,
        lastMessageSenderId: conversations.lastMessageSenderId,
        renterUnread: conversations.renterUnread,
        listerUnread: conversations.listerUnread,
        renterBlocked: sql<boolean>`(${conversations.renterBlockedAt} IS NOT NULL)`,
        listerBlocked: sql<boolean>`(${conversations.listerBlockedAt} IS NOT NULL)`,
      },
      total: pageRows.total,
      listingTitle: properties.title,
      listingCity: properties.city,
      listingPhotos: properties.photos,
      // Null when the listing was deleted (the left join found none).
      listingState: stateColumns,
      other: { firstName: users.firstName, ...listerBadgeColumns },
    })
    .from(pageRows)
    .innerJoin(conversations, eq(conversations.id, pageRows.pageId))
    .innerJoin(users, eq(users.id, otherId))
    .leftJoin(properties, eq(properties.id, conversations.propertyId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  // No row: either none at all, or a page past the last (its count is not known here).
  const total = rows[0] ? Number(rows[0].total) : page.offset === 0 ? 0 : null;
  const list = rows.map(
    ({ row, listingTitle, listingCity, listingPhotos, listingState, other }) => {
      const asLister = row.listerId === userId;
      const photo = listingPhotos?.[0];
      return {
        id: row.id,
        property: {
          id: row.propertyId,
          title: listingTitle ?? row.propertyTitle,
          city: listingCity ?? row.propertyCity,
          image: photo ? photoDefaultUrl(photo, 400) : listingPhotos ? null : row.propertyImage,
          state: conversationListingState(publicStateOf(listingState ?? undefined)),
        },
        otherParty: {
          firstName: relayableName(other.firstName) ?? '',
          emailVerified: Boolean(other.emailVerified),
          phoneVerified: Boolean(other.phoneVerified),
          identityVerified: Boolean(other.identityVerified),
          licensedAgent: Boolean(other.licensedAgent),
        },
        asLister,
        lastMessage: {
          body: row.lastMessageBody,
          event: row.lastMessageEvent ?? null,
          sentAt: row.lastMessageAt.toISOString(),
          fromMe: row.lastMessageSenderId === userId,
        },
        unreadCount: asLister ? row.listerUnread : row.renterUnread,
        blockedByMe: Boolean(asLister ? row.listerBlocked : row.renterBlocked),
      };
    },
  );
  return { list, total };
}

/** GET /api/conversations: both sides in one list, newest activity first. */
export async function listConversations(
  db: Database,
  userId: string,
  page: number,
): Promise<ConversationList> {
  const { list, total } = await summaries(db, userId, undefined, {
    limit: CONVERSATIONS_PAGE_SIZE,
    offset: (page - 1) * CONVERSATIONS_PAGE_SIZE,
  });
  if (total !== null) return { total, conversations: list };
  // A page past the last: counted on its own.
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(conversations)
    .where(partyOf(userId));
  return { total: count?.total ?? 0, conversations: list };
}

/** GET /api/conversations/{id}: one conversation as the inbox shows it; 404 to others. */
export async function getConversation(
  db: Database,
  userId: string,
  id: string,
): Promise<ConversationSummary> {
  if (!isUuid(id)) throw notFound('conversation_not_found');
  const {
    list: [found],
  } = await summaries(db, userId, eq(conversations.id, id), { limit: 1, offset: 0 });
  if (!found) throw notFound('conversation_not_found');
  return found;
}
