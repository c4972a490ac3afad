import { CODE_RESEND_COOLDOWN_SECONDS, type RegistrationMethod } from '#common/auth-rules';

/**
 * When the last verification code went to the account's email or phone, so the code page can
 * count down to the next one (the server sends one a minute) instead of offering a Resend that
 * would be refused. Kept for the browser tab (sessionStorage), so a reload keeps counting.
 */
const keyOf = (method: RegistrationMethod) => `abode.codeSentAt.${method}`;

export function markCodeSent(method: RegistrationMethod, at = Date.now()): void {
  try {
    sessionStorage.setItem(keyOf(method), String(at));
  } catch {
    // Storage off (private mode): the countdown then starts only after a refused resend.
  }
}

/** Whole seconds until a new code may be asked for; 0 when it may be now. */
export function secondsUntilResend(method: RegistrationMethod, now = Date.now()): number {
  let sentAt: number;
  try {
    sentAt = Number(sessionStorage.getItem(keyOf(method)));
  } catch {
    return 0;
  }
  if (!Number.isFinite(sentAt) || sentAt <= 0) return 0;
  const left = Math.ceil((sentAt + CODE_RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000);
  return Math.min(CODE_RESEND_COOLDOWN_SECONDS, Math.max(0, left));
}
