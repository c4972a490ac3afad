import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { SmsOutcome } from '../notifier';

/**
 * What both drivers share: the number check they make before calling anyone, and the reading
 * of a Retry-After header.
 */

/** How long a driver waits for its provider's answer: a person is waiting for the code. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * The number in E.164, or undefined when it is not a valid international number. Stored
 * numbers are already E.164 (server/features/auth/phone.ts); this is the last check before
 * money is spent, and the same metadata as the sign-up's. No default country: a number without
 * its country code cannot be placed, so it is refused rather than guessed.
 */
export function toE164(to: string): string | undefined {
  const parsed = parsePhoneNumberFromString(to.trim());
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The outcome of a number that is not valid E.164: nothing is sent, and nothing ever would be. */
export const notE164: SmsOutcome = {
  kind: 'permanent-failure',
  reason: 'not a valid phone number in E.164',
};

/** Seconds from a Retry-After header (seconds or an HTTP date), when it says something usable. */
export function retryAfterSeconds(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
