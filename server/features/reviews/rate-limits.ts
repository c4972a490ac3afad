/**
 * The limits of reviews (issue 40), per account, per address and per target, in the shared
 * rate-limit store (server/lib/rate-limits.ts). One review per viewing, and per renter and
 * listing, is the database's own rule.
 */
const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

export const rateLimits = {
  // At most 10 reviews per account a day (the rule); an address shared by a campus or
  // a mobile network's gateway writes more.
  reviewsPerAccount: { max: 10, timeWindow: DAY },
  reviewsPerIp: { max: 40, timeWindow: DAY },
  // Edits within the 48 hours: a few corrections, not a stream of rating changes.
  reviewEditsPerAccount: { max: 20, timeWindow: DAY },
  reviewEditsPerReview: { max: 5, timeWindow: DAY },
  // A lister answers and reports the reviews of their listings, one by one.
  reviewAnswersPerAccount: { max: 100, timeWindow: DAY },
  reviewAnswersPerIp: { max: 200, timeWindow: DAY },
  // Administrators' decisions tell each author: bounded like other actions that send.
  reviewDecisionsPerAccount: { max: 200, timeWindow: HOUR },
  // Public readings, cheap and cached by nobody: generous, but not a scraper's free lunch.
  reviewReadsPerIp: { max: 600, timeWindow: HOUR },
} as const;
