/**
 * The rate limits of saved-search writes and unsubscribes; the mechanics that apply them are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // Saving, changing and deleting saved searches (issue 21): a person tunes a few; each can
  // send messages, so a script creating and deleting them in a loop is refused early.
  savedSearchWritesPerAccount: { max: 60, timeWindow: 60 * 60_000 },
  savedSearchWritesPerIp: { max: 200, timeWindow: 60 * 60_000 },
  // Unsubscribe links are tapped once; a guesser tries many tokens. Per saved search or
  // favourite: stop, undo, stop again is a few; a link replayed in a loop is refused.
  unsubscribesPerIp: { max: 60, timeWindow: 60 * 60_000 },
  unsubscribesPerTarget: { max: 10, timeWindow: 60 * 60_000 },
  // The RFC 8058 one-click POST comes from a mail provider's servers, a few addresses for all
  // of its users: more per address (a token cannot be guessed; the per-target limit holds).
  oneClickUnsubscribesPerIp: { max: 1000, timeWindow: 60 * 60_000 },
} as const;
