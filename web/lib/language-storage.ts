/**
 * Where the reader's chosen language is remembered in the browser. A module of its own so the
 * boot script of a visitor's page reads it without i18next (decision 030).
 */
export const LANGUAGE_STORAGE_KEY = 'abode.language';

/** The language the reader chose in this browser, if storage lets us read it. */
export function rememberedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}
