/**
 * The rate limit of provider registrations; the mechanics that apply it are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // A business registers once per trade; a few mistakes and retries fit easily.
  providerRegistrationsPerIp: { max: 10, timeWindow: 60 * 60_000 },
} as const;
