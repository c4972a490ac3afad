import type { TFunction } from 'i18next';
import type { RegistrationMethod } from '#common/auth-rules';
import { paths } from '../../paths';

/** Where a channel's code is entered; once verified, the reader comes back here. */
export const verifyPath = (method: RegistrationMethod) =>
  method === 'email'
    ? paths.verifyEmail(paths.accountSettings())
    : paths.verifyPhone(paths.accountSettings());

/** "email and phone" in the reader's language (spec 8: methods joined by "and"). */
export function joinMethods(
  t: TFunction,
  language: string,
  methods: readonly RegistrationMethod[],
): string {
  const names = methods.map((method) => t(`accountSettings.methods.${method}`));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/** "November 21, 2026" in English; N/A when the date is missing or unreadable. */
export function memberSince(t: TFunction, language: string, createdAt: string | null | undefined) {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return t('accountSettings.summary.notAvailable');
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}
