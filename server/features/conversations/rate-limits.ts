/**
 * The limits of enquiries and messages (issue 37). Counted in the database where a person's
 * budget must hold across servers and be exact (new conversations, an account's messages, one
 * conversation's messages); per address in the shared rate-limit store. The mechanics of the
 * store are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // A renter asks about a handful of places a day; a spammer about every listing in the city.
  // The English of `enquiries_limit` says "today" (24 hours): change both together.
  newConversationsPerAccount: { max: 20, timeWindow: 24 * 60 * 60_000 },
  // A fast typist answers a few messages a minute; one message copied to many conversations
  // stops here. The English of `messages_limit` says "{{minutes}} minutes".
  messagesPerAccount: { max: 30, timeWindow: 10 * 60_000 },
  // Every account behind one address (a campus, a mobile network's shared address), both routes.
  messagesPerIp: { max: 300, timeWindow: 60 * 60_000 },
  // One conversation, both sides together: a flood buries nobody's inbox.
  messagesPerConversation: { max: 60, timeWindow: 10 * 60_000 },
} as const;
