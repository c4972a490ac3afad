/**
 * Remembers a setting in a cookie the server reads when it renders a page (the language, the
 * data saver), for a year, sent to the whole site on top-level navigations only (SameSite=Lax).
 * Not `Secure`: the value is a preference, and the same code runs on http://localhost.
 */
export function rememberInCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies disabled: the server renders with its defaults, and the browser corrects it
  }
}
