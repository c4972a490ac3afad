/**
 * The languages Abode speaks (issue 8): the web app's translations, the server's e-mails and
 * text messages, and the language remembered with each account.
 */
export const languageCodes = ['en', 'es', 'fr', 'de', 'zh'] as const;
export type LanguageCode = (typeof languageCodes)[number];

export const isLanguageCode = (value: string): value is LanguageCode =>
  (languageCodes as readonly string[]).includes(value);
