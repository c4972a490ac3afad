/**
 * The rate limits of setting the exchange rate; the mechanics that apply them are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // Setting the exchange rate writes every dollar listing again (issue 20): a correction or
  // two a day is normal, a loop of them is load on every server's search index.
  exchangeRateChangesPerAccount: { max: 20, timeWindow: 60 * 60_000 },
  exchangeRateChangesPerIp: { max: 20, timeWindow: 60 * 60_000 },
} as const;
