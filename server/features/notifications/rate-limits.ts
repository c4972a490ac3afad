/**
 * The rate limits of retrying failed deliveries; the mechanics that apply them are in
 * server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // Sending a failed message again: an administrator clears a backlog after an outage, but
  // one message is tried a few times at most (each retry is a text to a real phone).
  deliveryRetriesPerAccount: { max: 200, timeWindow: 60 * 60_000 },
  deliveryRetriesPerIp: { max: 200, timeWindow: 60 * 60_000 },
  deliveryRetriesPerMessage: { max: 3, timeWindow: 60 * 60_000 },
} as const;
