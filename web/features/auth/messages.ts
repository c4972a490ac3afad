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
