/**
 * The rate limit of photo uploads; the mechanics that apply it are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // A listing has up to 20 photos, sent one request each; a few listings an hour is plenty.
  uploadsPerIp: { max: 200, timeWindow: 60 * 60_000 },
} as const;
