/**
 * The limits of enquiries and messages (issue 37). Counted in the database where a person's
 * budget must hold across servers and be exact (new conversations, an account's messages); per address in the shared rate-limit store. The mechanics of the
 * store are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // A renter asks about a handful of places a day; a spammer about every listing in the city.
  // The English of `enquiries_limit` says "today" (24 hours): change both together.
  newConversationsPerAccount: { max: 20, timeWindow: 24 * 60 * 60_000 },
  // A fast typist answers a few messages a minute; one message copied to many conversations
  // stops here, and so does a flood into one. Every line the account caused counts, its
  // viewing steps (request, cancel, answer) among them, and only its own (issue 50): a budget
  // the two sides of a conversation shared (60 in 10 minutes) was spent by a renter's run of
  // requests and cancels and left the lister 20. The English of `messages_limit` says
  // "{{minutes}} minutes".
  messagesPerAccount: { max: 30, timeWindow: 10 * 60_000 },
  // Every account behind one address (a campus, a mobile network's shared address), both routes.
  messagesPerIp: { max: 300, timeWindow: 60 * 60_000 },
} as const;
