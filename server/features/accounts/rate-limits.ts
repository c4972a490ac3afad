/**
 * The rate limits of account settings (password, email or phone, plan, notifications); the
 * mechanics that apply them are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  passwordChangeFailuresPerAccount: { max: 10, timeWindow: 15 * 60_000 },
  // Each new email or phone in the profile sends a code (whose address has its own budget:
  // features/auth/verification.ts); a person changes theirs a few times at most.
  contactChangesPerAccount: { max: 5, timeWindow: 60 * 60_000 },
  contactChangesPerIp: { max: 20, timeWindow: 60 * 60_000 },
  // Choosing a plan is one click on the plans page; a person changes it now and then.
  planChangesPerIp: { max: 30, timeWindow: 60 * 60_000 },
  // Turning message e-mails or SMS off and on: a switch or two now and then.
  notificationSettingChangesPerIp: { max: 60, timeWindow: 60 * 60_000 },
  // Choosing a channel per kind of notice (issue 50): one save of a form now and then.
  noticeSettingChangesPerIp: { max: 60, timeWindow: 60 * 60_000 },
} as const;
