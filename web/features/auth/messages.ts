import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';

export { localizeFieldMessage as localizeValidationMessage } from '../../lib/server-messages';

/** The banner text for a failed sign-in or sign-up. */
export function authErrorMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return t('auth.invalidCredentials');
    if (error.status === 403) return t('auth.refused');
    if (error.status >= 500) return apiErrorText(t, error, t('auth.serverUnavailable'));
  }
  return apiErrorText(t, error, t(fallbackKey));
}

/** "45 seconds", "2 minutes": how long a rate-limited reader has to wait, in their language. */
export function waitTime(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('verify.seconds', { count: Math.max(1, Math.ceil(seconds)) });
  return t('verify.minutes', { count: Math.ceil(seconds / 60) });
}

/** Seconds to wait after a 429 (a minute when the server did not say). */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return null;
  return error.retryAfterSeconds ?? 60;
}

/**
 * The banner text for a failed request of the code and password pages: how long to wait
 * after too many tries, else the server's reason in the reader's language, else the fallback.
 */
export function requestErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  const wait = retryAfterOf(error);
  if (wait !== null) return t('verify.tooManyRequests', { time: waitTime(t, wait) });
  return apiErrorText(t, error, fallback);
}
