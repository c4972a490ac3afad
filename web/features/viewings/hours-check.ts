import type { TFunction } from 'i18next';
import { viewingHoursSchema, type ViewingHours } from '#common/viewings';
import { localizeFieldMessage } from '../../lib/server-messages';

/**
 * What is wrong with hours as typed, by field ("windows.1.start"), in the reader's words, by
 * the contract's own schema: the wizard checks them before it makes the listing, rather than
 * making it and failing to save its hours after. Null when they are fine.
 */
export function viewingHoursProblems(
  t: TFunction,
  hours: ViewingHours,
): Record<string, string> | null {
  const checked = viewingHoursSchema.safeParse(hours);
  if (checked.success) return null;
  const problems: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path.join('.') || 'windows';
    problems[field] ??= localizeFieldMessage(t, issue.message) ?? issue.message;
  }
  return problems;
}
