/**
 * Account constants and pure rules without Zod, so the web app's first chunk (header, current
 * user) can use them without loading the schema library.
 */

/** Account kinds a person can choose at sign-up; account settings also knows `both`. */
export const registrationUserTypes = ['renter', 'owner', 'agent'] as const;
export const userTypes = [...registrationUserTypes, 'both'] as const;
export type UserType = (typeof userTypes)[number];

export const registrationMethods = ['email', 'phone'] as const;
export type RegistrationMethod = (typeof registrationMethods)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** One verification code a minute to an address or number (server: features/auth). */
export const CODE_RESEND_COOLDOWN_SECONDS = 60;
export const PASSWORD_MAX_LENGTH = 128;

// Browsers drop tabs and newlines from URLs and read a backslash as a slash, so "/\t/evil"
// and "/\\evil" leave the site: any of them, raw or percent-encoded, is refused.
const hasUnsafeCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f || character === '\\';
  });
const probeOrigin = 'http://abode.invalid';

/**
 * Only a path on this site may follow a sign-in (`next`); anything else falls back to home.
 * Checked as written and once decoded (a later hop may decode it), then resolved as a URL:
 * only an answer on the same origin passes.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return '/';
  }
  for (const form of [next, decoded]) {
    if (form.startsWith('//') || hasUnsafeCharacter(form)) return '/';
  }
  const url = new URL(next, probeOrigin);
  if (url.origin !== probeOrigin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The avatar's letter: first name, else email, else "U" (spec, header). */
export function avatarLetter(user: { firstName: string; email: string | null }): string {
  const source = user.firstName.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/**
 * What a visitor was doing when they were sent to sign in (issue 51), done for them once they
 * have: `save-listing:<id>` (the heart), `save-search` (Save this search, the search being the
 * `next` page's). Anything else is nothing.
 */
export type AfterSignIn = `save-listing:${string}` | 'save-search';
const afterSignInPattern =
  /^(save-search|save-listing:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export function safeAfterSignIn(value: string | null | undefined): AfterSignIn | null {
  return value && afterSignInPattern.test(value) ? (value as AfterSignIn) : null;
}
