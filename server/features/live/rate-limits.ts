/**
 * Live update streams (issue 35): how many one person and one address hold open on a server
 * at once (a tab each; many people share a campus or mobile network's address), and how often
 * they may be opened (a browser reconnects on its own after a dropped connection, every few
 * seconds at most).
 */
export const streamLimits = { perAccount: 5, perIp: 50 } as const;

export const rateLimits = {
  streamOpensPerIp: { max: 120, timeWindow: 60_000 },
  streamOpensPerAccount: { max: 30, timeWindow: 60_000 },
} as const;
