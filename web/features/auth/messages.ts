import type { TFunction } from 'i18next';
import { isValidationMessageKey, validationMessages } from '#common/messages';
import { ApiRequestError } from '../../lib/api-client';

/**
 * Turns a validation message into the reader's language: a key from a form schema, or the
 * English text the server sent for that key; any other text is shown as it came.
 */
export function localizeValidationMessage(
  t: TFunction,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  if (isValidationMessageKey(message)) return t(`validation.${message}`);
  const key = Object.entries(validationMessages).find(([, text]) => text === message)?.[0];
  return key ? t(`validation.${key}`) : message;
}

/** The banner text for a failed sign-in or sign-up. */
export function authErrorMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return t('auth.tooManyAttempts', { count: minutes });
    }
    if (error.status === 401) return t('auth.invalidCredentials');
    if (error.status === 403) return t('auth.refused');
    if (error.status >= 500) return t('auth.serverUnavailable');
    return error.serverMessage || t(fallbackKey);
  }
  return t(fallbackKey);
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
 * after too many tries, else the server's text for a refused request, else the fallback.
 */
export function requestErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  const wait = retryAfterOf(error);
  if (wait !== null) return t('verify.tooManyRequests', { time: waitTime(t, wait) });
  if (error instanceof ApiRequestError && error.status < 500) {
    return error.serverMessage || fallback;
  }
  return fallback;
}

export { localizeServerMessage } from '../../lib/server-messages';
