import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router';
import { safeNextPath, type RegistrationMethod } from '#common/auth-rules';
import { paths } from '../../paths';

/**
 * Where a channel's code is entered; once verified, the reader goes on to `next` (the page
 * that sent them to the settings, such as a review: issue 51), else comes back here.
 */
export const verifyPath = (method: RegistrationMethod, next: string | null = null) => {
  const then = next ?? paths.accountSettings();
  return method === 'email' ? paths.verifyEmail(then) : paths.verifyPhone(then);
};

/** The settings' `next`: where the reader was heading when sent here, or null. */
export function useNextAfterSettings(): string | null {
  const [params] = useSearchParams();
  const next = params.get('next');
  if (!next) return null;
  const safe = safeNextPath(next);
  return safe === '/' ? null : safe;
}

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
