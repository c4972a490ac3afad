import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { AppError } from '../../lib/app-error';
import type { Notifier } from '../../lib/notifier';

/**
 * Phone numbers are stored in E.164 so that "024 123 4567" and "+233241234567" are one
 * account. Numbers without a country code are read as Ghanaian, where most renters are.
 */
export function normalizePhone(input: string, field = 'phone'): string {
  const parsed = parsePhoneNumberFromString(input, 'GH');
  if (!parsed || !parsed.isValid()) {
    throw new AppError('phone_invalid', {
      fields: { [field]: 'phoneInvalid' },
    });
  }
  return parsed.number;
}

/**
 * Refuses what would send a code to a phone when no text message can reach one (production
 * without an SMS provider): a number that can never be verified is not accepted (issue 18).
 */
export function assertSmsAvailable(
  notifier: Pick<Notifier, 'smsAvailable'>,
  field = 'phone',
): void {
  if (!notifier.smsAvailable) {
    throw new AppError('sms_unavailable', { fields: { [field]: 'sms_unavailable' } });
  }
}
