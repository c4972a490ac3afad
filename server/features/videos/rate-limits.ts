/**
 * The rate limit of video uploads; the mechanics that apply it are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // Each request holds up to 500 MB of video; an owner adds a few videos to a listing.
  videoUploadsPerIp: { max: 30, timeWindow: 60 * 60_000 },
} as const;
