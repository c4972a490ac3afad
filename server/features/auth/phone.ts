import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { AppError } from '../../lib/app-error';

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
