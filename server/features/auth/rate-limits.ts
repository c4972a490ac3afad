/**
 * The rate limits of sign-in, sign-up, verification codes and password resets, and the slowdown of
 * sign-ins under many failures; the mechanics that apply them are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  loginPerIp: { max: 50, timeWindow: 15 * 60_000 },
  // Failed sign-ins count per account and address: a guesser's address is refused, the
  // account's owner elsewhere is not (issue 15). Across addresses, failures past
  // `loginSlowdown.after` slow every attempt on the account instead of refusing it.
  loginFailuresPerAccountAndIp: { max: 10, timeWindow: 15 * 60_000 },
  loginFailuresPerAccount: { max: 1000, timeWindow: 15 * 60_000 },
  registerPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // Codes have five tries each; this bounds guessing across new codes and accounts.
  verifyPerIp: { max: 30, timeWindow: 15 * 60_000 },
  resendPerAccount: { max: 5, timeWindow: 60 * 60_000 },
  forgotPasswordPerIp: { max: 10, timeWindow: 60 * 60_000 },
  // Past it the answer stays the same, only no more mail goes out (no enumeration).
  forgotPasswordPerAccount: { max: 3, timeWindow: 60 * 60_000 },
  resetPasswordPerIp: { max: 20, timeWindow: 15 * 60_000 },
} as const;

/** How much a sign-in waits once an account has many recent failures from many addresses. */
export const loginSlowdown = { after: 10, stepMs: 200, maxMs: 3_000 } as const;

/** The wait before checking a password of an account with `failures` recent failures. */
export function loginDelayMs(failures: number): number {
  const over = failures - loginSlowdown.after;
  return over <= 0 ? 0 : Math.min(over * loginSlowdown.stepMs, loginSlowdown.maxMs);
}
