import type { TFunction } from 'i18next';

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
