import type { TFunction } from 'i18next';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/auth-rules';
import { localizeValidationMessage } from '../auth';

/**
 * The admin Settings password form (spec 5, admin change password): new and confirm must
 * match ("New passwords do not match"), at least 8 characters ("… characters long"). Messages
 * are keys: `admin.…` of this feature, or the shared validation keys.
 */
export const adminPasswordFormSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: 'currentPasswordRequired' })
      .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' }),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: 'admin.settings.tooShort' })
      .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' }),
    confirmPassword: z.string().min(1, { error: 'confirmPasswordRequired' }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'admin.settings.mismatch',
  });
export type AdminPasswordForm = z.infer<typeof adminPasswordFormSchema>;

export const emptyPasswordForm: AdminPasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** A form message in the reader's language, whichever kind of key (or server text) it is. */
export function passwordMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message?.startsWith('admin.')) return t(message);
  return localizeValidationMessage(t, message);
}
