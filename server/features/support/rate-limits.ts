/**
 * The rate limits of support and contact messages, and of the administrators' answers; the
 * mechanics that apply them are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // Support and contact forms: people write a few; a flood fills the inbox.
  inboxMessagesPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // Answers by e-mail (issue 51): an administrator works through the inbox, but each answer is
  // an e-mail to a real person, and one message is answered a few times at most.
  inboxRepliesPerAccount: { max: 60, timeWindow: 60 * 60_000 },
  inboxRepliesPerMessage: { max: 5, timeWindow: 60 * 60_000 },
} as const;
