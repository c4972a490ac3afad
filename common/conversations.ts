import { z } from 'zod';
import { pageParam, pathId, requiredText } from './fields';
import { messageWarnings } from './payment-warnings';
import { listerBadgesSchema } from './verifications';
import { listingGoneCauses, viewingSteps } from './viewings';

/**
 * Enquiries (issue 37): a renter and a listing's lister talk inside Abode, one conversation
 * per renter and listing, because the scams of this market start where a conversation leaves
 * the platform ("pay the viewing fee to this MoMo number first"). The names are a contract:
 * other clients rely on them.
 */

export const MAX_MESSAGE_LENGTH = 2000;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * Control characters other than line breaks and tabs: never typed, and a message is text only
 * (each would take six bytes in a live event's JSON).
 */
// eslint-disable-next-line no-control-regex -- the point is to find them
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** POST /api/properties/{id}/enquiries and POST /api/conversations/{id}/messages. */
export const messageBodySchema = z.object({
  message: z
    .string({ error: 'required' })
    .transform((text) =>
      text
        .replace(/\r\n?/g, '\n')
        .replace(controlCharacters, '')
        // A lone half of a surrogate pair is no character (JSON would escape it to six bytes).
        .replace(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
          '\uFFFD',
        ),
    )
    .pipe(requiredText(MAX_MESSAGE_LENGTH)),
});
export type MessageBody = z.infer<typeof messageBodySchema>;

export const conversationIdParamsSchema = z.object({ id: pathId() });

/**
 * A step of something the pair arranged on Abode, shown as a line of the conversation, in the
 * reader's language and the listing's time zone: a viewing requested, confirmed, declined,
 * cancelled or expired (issue 38), or a no-show its renter disputes (issue 50). The message's
 * `body` then holds what its author wrote with it (the request's note, the reason), possibly
 * nothing.
 */
export const conversationEventSchema = z.object({
  kind: z.literal('viewing'),
  step: z.enum(viewingSteps),
  viewingId: z.string(),
  startsAt: z.string().describe('ISO 8601'),
  timeZone: z.string().describe('The listing’s, in which the time is shown'),
  /** A time the lister offered instead, with a decline. */
  suggestedStartsAt: z.string().nullable(),
  /**
   * Why a step happened by itself: `slot_taken` (declined: the lister confirmed someone else
   * for that time), `unanswered` (expired after a day), `time_passed` (expired at its time),
   * or, for a cancellation, the listing leaving the site (`listing_rented`, `listing_off`,
   * `listing_hidden`, `listing_expired`, `listing_removed`: issue 51).
   */
  cause: z.enum(['slot_taken', 'unanswered', 'time_passed', ...listingGoneCauses]).nullable(),
});
export type ConversationEvent = z.infer<typeof conversationEventSchema>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  /** Plain text as written (line breaks kept); clients show links as links, never fetched. */
  body: z.string(),
  /** Set on an event line (a viewing's step); its body may then be empty. */
  event: conversationEventSchema.nullable(),
  sentAt: z.string().describe('ISO 8601'),
  fromMe: z.boolean(),
  /** When the recipient read it; null while unread. */
  readAt: z.string().nullable(),
  /**
   * What the reader should know before answering: `payment_before_viewing` when it asks for
   * money before a viewing. Only the recipient's copy carries warnings, never the sender's.
   */
  warnings: z.array(z.enum(messageWarnings)),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** 201 of POST /api/properties/{id}/enquiries. */
export const enquiryResultSchema = z.object({
  conversationId: z.string(),
  message: conversationMessageSchema,
});

/** 201 of POST /api/conversations/{id}/messages. */
export const sentMessageSchema = z.object({ message: conversationMessageSchema });

/**
 * Where a conversation's listing stands, for both parties: `available` (live, in search),
 * `rented`, `expired`, `unavailable` (switched off, hidden, waiting for review) or `removed`
 * (deleted by its owner). Kept current on the live stream (`conversation.listing`).
 */
export const conversationListingStates = [
  'available',
  'rented',
  'expired',
  'unavailable',
  'removed',
] as const;
export type ConversationListingState = (typeof conversationListingStates)[number];

export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The listing as it was when the conversation started, if it has since been deleted. */
  property: z.object({
    id: z.string().nullable(),
    title: z.string(),
    image: z.string().nullable(),
    city: z.string(),
    state: z.enum(conversationListingStates),
  }),
  otherParty: z.object({ firstName: z.string() }).extend(listerBadgesSchema.shape),
  /** Whether the reader is the listing's lister in this conversation (else its renter). */
  asLister: z.boolean(),
  lastMessage: z.object({
    body: z.string(),
    event: conversationEventSchema.nullable(),
    sentAt: z.string(),
    fromMe: z.boolean(),
  }),
  unreadCount: z.number().int(),
  /** Whether the reader blocked the other party here (their messages are refused). */
  blockedByMe: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations: newest activity first, both sides in one list. */
export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  total: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationListQuerySchema = z.object({ page: pageParam() });

export const messagesQuerySchema = z.object({
  before: z
    .string()
    .optional()
    .describe('A message id: the page of messages sent before it (older)'),
});

/** GET /api/conversations/{id}/messages: newest first, MESSAGES_PAGE_SIZE a page. */
export const messagePageSchema = z.object({
  messages: z.array(conversationMessageSchema),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** GET /api/conversations/unread: messages sent to the reader not read yet. */
export const unreadSchema = z.object({ unread: z.number().int() });

/**
 * How a lister answers enquiries over the last 90 days (issues 37 and 50): the median minutes to
 * their first reply, an unanswered enquiry counting as slower than any answer; the share of
 * enquiries answered within 24 hours; and how many enquiries that is. Enquiries from renters
 * with no verified e-mail or phone, or whom the lister blocked, are not counted.
 *
 * Public answers (listings, lister pages) carry it only from 3 enquiries, and a median only
 * when it says something true of the lister: at least 5 enquiries, at least half answered
 * within a day (`publicResponseTime`). Otherwise `medianMinutes` is null and the share is what
 * a page shows ("Answers 30 % of enquiries within a day").
 */
export const responseTimeSchema = z.object({
  medianMinutes: z
    .number()
    .int()
    .nullable()
    .describe(
      'Median minutes to a first reply; null unless at least 5 enquiries and half answered within a day',
    ),
  replyRate: z.number().min(0).max(1).describe('Share of enquiries answered within 24 hours'),
  conversations: z.number().int().describe('Enquiries counted (last 90 days)'),
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;
export const RESPONSE_SIGNALS_MIN_CONVERSATIONS = 3;
export const RESPONSE_SIGNALS_DAYS = 90;
/** "Usually replies within …" needs this many enquiries, and this share answered within a day. */
export const RESPONSE_MEDIAN_MIN_CONVERSATIONS = 5;
export const RESPONSE_MEDIAN_MIN_REPLY_RATE = 0.5;

/**
 * The signals as public answers give them (issue 50): none under 3 enquiries, and the median
 * only when at least 5 were counted and at least half answered within a day.
 */
export function publicResponseTime(signals: ResponseTime | null): ResponseTime | null {
  if (!signals || signals.conversations < RESPONSE_SIGNALS_MIN_CONVERSATIONS) return null;
  const medianHolds =
    signals.conversations >= RESPONSE_MEDIAN_MIN_CONVERSATIONS &&
    signals.replyRate >= RESPONSE_MEDIAN_MIN_REPLY_RATE;
  return medianHolds ? signals : { ...signals, medianMinutes: null };
}

/** A user's stored response signals (users.response_*), as numbers or the driver's strings. */
type StoredSignals = {
  responseConversations: number | string | null;
  responseMedianMinutes: number | string | null;
  responseReplyRate: number | string | null;
};

/** The stored signals as the API gives them; null without a conversation in the 90 days. */
export function responseTimeOf(stored: StoredSignals): ResponseTime | null {
  const conversations = Number(stored.responseConversations ?? 0);
  if (conversations === 0) return null;
  return {
    medianMinutes:
      stored.responseMedianMinutes === null ? null : Number(stored.responseMedianMinutes),
    // Stored as a 4-byte float: three places are what it holds.
    replyRate: Math.round(Number(stored.responseReplyRate ?? 0) * 1000) / 1000,
    conversations,
  };
}

/** GET /api/conversations/response-time: the reader's own signals, as a lister. */
export const ownResponseTimeSchema = z.object({
  /** Null until someone enquired in the last 90 days. */
  responseTime: responseTimeSchema.nullable(),
  /** Whether listings show them yet (from RESPONSE_SIGNALS_MIN_CONVERSATIONS conversations). */
  shownOnListings: z.boolean(),
});
export type OwnResponseTime = z.infer<typeof ownResponseTimeSchema>;
