/**
 * The rate limits of reporting listings and closing reports; the mechanics that apply them are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // A renter reports a few listings at most; reports can hide a listing, so a burst from one
  // account or address is an attack on listers, not vigilance (one per listing per account is
  // the database's own rule).
  reportsPerAccount: { max: 10, timeWindow: 24 * 60 * 60_000 },
  reportsPerIp: { max: 30, timeWindow: 60 * 60_000 },
  // Closing reports tells every reporter: bounded like other administrator actions that send.
  reportResolutionsPerAccount: { max: 200, timeWindow: 60 * 60_000 },
  reportResolutionsPerIp: { max: 200, timeWindow: 60 * 60_000 },
} as const;
