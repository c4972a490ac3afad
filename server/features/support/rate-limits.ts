/**
 * The rate limit of support and contact messages; the mechanics that apply it are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // Support and contact forms: people write a few; a flood fills the inbox.
  inboxMessagesPerIp: { max: 10, timeWindow: 60 * 60_000 },
} as const;
