/**
 * The rate limit of visitor tracking; the mechanics that apply it are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  // One a page load; a whole campus behind one address browses well below it, and a refused
  // report costs nothing (the web app only logs it).
  trackVisitorPerIp: { max: 1200, timeWindow: 10 * 60_000 },
} as const;
