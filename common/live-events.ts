import type { ConversationListingState, ConversationMessage } from './conversations';
import type { ListingStatus } from './listing-rules';

/**
 * What a signed-in browser is told as it happens, over its one Server-Sent Events stream
 * (`GET /api/events`, issue 35): each event's `event:` field is its type, `data:` its JSON and
 * `id:` what a reconnecting stream sends back as Last-Event-ID to be sent what it missed.
 */
export type LiveEvents = {
  /**
   * One of the reader's listings changed where it stands: approved (`live` or `approved`),
   * not approved (`rejected`), hidden by an administrator, hidden for reports, and so on.
   */
  'listing.status': {
    listingId: string;
    title: string;
    status: ListingStatus;
    /** Not approved, with the administrator's reason (the listing's own or its changes). */
    rejected: boolean;
  };
  /** To administrators: listings waiting for review arrived or left the queue. */
  'moderation.queue-changed': Record<string, never>;
  /**
   * A message in one of the reader's conversations (issue 37), as the reader's copy (its own
   * from another tab, or the other party's with its warnings), and the reader's unread count.
   */
  'conversation.message': {
    conversationId: string;
    message: ConversationMessage;
    unread: number;
  };
  /** The other party read the reader's messages in a conversation, up to `readAt`. */
  'conversation.read': { conversationId: string; readAt: string };
  /**
   * The listing of some of the reader's conversations changed where it stands (rented, back
   * in search, switched off...), as its conversations now show it.
   */
  'conversation.listing': { listingId: string; state: ConversationListingState };
};

export type LiveEventType = keyof LiveEvents;
export const liveEventTypes = [
  'listing.status',
  'moderation.queue-changed',
  'conversation.message',
  'conversation.read',
  'conversation.listing',
] as const satisfies readonly LiveEventType[];

/** The stream's path. */
export const LIVE_EVENTS_PATH = '/api/events';
