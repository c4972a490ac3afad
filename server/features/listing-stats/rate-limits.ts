/**
 * A lister reads their listings' figures from the dashboard, one card at a time: twenty
 * listings, each in three spans, is 60 an hour; more than twice that is a script counting on
 * the database. An office of agents shares an address.
 */
export const rateLimits = {
  listingStatsPerAccount: { max: 120, timeWindow: 60 * 60_000 },
  listingStatsPerIp: { max: 240, timeWindow: 60 * 60_000 },
} as const;
