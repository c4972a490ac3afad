/**
 * The rate limits of verification requests and decisions; the mechanics that apply them are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // A lister asks to be verified once or twice (a blurry photo, a typo in the number); each
  // request stores a document photo and lands in the administrators' queue.
  verificationRequestsPerAccount: { max: 5, timeWindow: 24 * 60 * 60_000 },
  verificationRequestsPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // A decision sends a message to the applicant.
  verificationDecisionsPerAccount: { max: 200, timeWindow: 60 * 60_000 },
  verificationDecisionsPerIp: { max: 200, timeWindow: 60 * 60_000 },
} as const;
