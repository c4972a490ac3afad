import type { TFunction } from 'i18next';
import { generalErrorCodes, isErrorCode, type ErrorParams } from '#common/error-codes';
import { isValidationMessageKey } from '#common/messages';
import { ApiRequestError } from './api-client';
import { ConnectionError } from './connection';

/**
 * The text of an error code (common/error-codes.ts) in the reader's language, with the values
 * the server sent; undefined for a general code, which says no more than the status (the page
 * says what failed in its own words), and for a code this app does not know yet.
 */
export function errorCodeText(
  t: TFunction,
  code: string | undefined,
  params: ErrorParams = {},
): string | undefined {
  if (!isErrorCode(code) || generalErrorCodes.has(code)) return undefined;
  return t(`errors.${code}`, params);
}

/**
 * A message for a form field, in the reader's language: a validation key (a form schema's,
 * or a field code the server sent) or an error code with the answer's values; any other
 * text (one the form already translated) as it is. Never English matched back to a key.
 */
export function localizeFieldMessage(
  t: TFunction,
  message: string | undefined,
  params: ErrorParams = {},
): string | undefined {
  if (!message) return undefined;
  if (isValidationMessageKey(message)) return t(`validation.${message}`);
  if (isErrorCode(message)) return t(`errors.${message}`, params);
  return message;
}

/**
 * Why a request failed, in the reader's language, when there is something to say: that it
 * needs a connection (offline), how long to wait after too many tries, or the text of the
 * answer's code.
 */
export function apiErrorReason(t: TFunction, error: unknown): string | undefined {
  if (error instanceof ConnectionError) return t('offline.needsConnection');
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return t('auth.tooManyAttempts', { count: minutes });
  }
  return errorCodeText(t, error.code, error.params);
}

/** The reason above, or the caller's own words (usually the spec's text for that failure). */
export function apiErrorText(t: TFunction, error: unknown, fallback: string): string {
  return apiErrorReason(t, error) ?? fallback;
}
