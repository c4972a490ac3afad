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
export const PASSWORD_MAX_LENGTH = 128;

/** Only a path on this site may follow a sign-in; anything else falls back to home. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return '/';
  }
  return next;
}

/** The avatar's letter: first name, else email, else "U" (spec, header). */
export function avatarLetter(user: { firstName: string; email: string | null }): string {
  const source = user.firstName.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}
