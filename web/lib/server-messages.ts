import type { TFunction } from 'i18next';
import { isValidationMessageKey, validationMessages } from '#common/messages';
import { matchServerMessage } from '#common/server-messages';
import { ApiRequestError } from './api-client';

/**
 * The server writes its messages in English. One the app knows (its English text is that of
 * one of `keys`) is shown in the reader's language; any other is shown as it came.
 */
export function localizeServerMessage(
  t: TFunction,
  message: string,
  keys: readonly string[],
): string {
  const key = keys.find((candidate) => t(candidate, { lng: 'en' }) === message);
  return key ? t(key) : message;
}

/**
 * The server's message in the reader's language when it is one of the shared messages
 * (common/server-messages.ts) or a validation message (common/messages.ts); undefined for any
 * other text, which is never shown as it came: it would be English in every language.
 */
export function translatedServerMessage(t: TFunction, message: string): string | undefined {
  const known = matchServerMessage(message);
  if (known) return t(`serverMessages.${known.key}`, known.params);
  if (isValidationMessageKey(message)) return t(`validation.${message}`);
  const validationKey = Object.entries(validationMessages).find(([, text]) => text === message);
  return validationKey ? t(`validation.${validationKey[0]}`) : undefined;
}

/**
 * A message for a form field, in the reader's language: a validation key from a form
 * schema, or a message the server sent; any other text (one the form already translated) as
 * it is.
 */
export function localizeFieldMessage(
  t: TFunction,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  return translatedServerMessage(t, message) ?? message;
}

/**
 * Why a request failed, in the reader's language, when there is something to say: how long
 * to wait after too many tries, or the server's reason when it is one the app knows.
 */
export function apiErrorReason(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return t('auth.tooManyAttempts', { count: minutes });
  }
  return translatedServerMessage(t, error.serverMessage);
}

/** The reason above, or the caller's own words (usually the spec's text for that failure). */
export function apiErrorText(t: TFunction, error: unknown, fallback: string): string {
  return apiErrorReason(t, error) ?? fallback;
}
