import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts the field messages of a 400 or 409 answer on the form's own fields; messages for
 * fields the form does not have are dropped (the toast already says something went wrong).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  /** A text of our own for a field of an answer with this status (the server's is English). */
  ownText: (status: number, field: Path<T>) => string | undefined = () => undefined,
): void {
  if (!(error instanceof ApiRequestError)) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fieldNames.find((candidate) => candidate === field);
    if (!name) continue;
    const text = ownText(error.status, name) ?? message;
    setError(name, { type: 'server', message: text }, { shouldFocus: true });
  }
}

/** The failure toast's text: the spec's, unless the server asks the reader to wait. */
export function failureText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return t('auth.tooManyAttempts', { count: minutes });
  }
  return t(fallbackKey);
}
