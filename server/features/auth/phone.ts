import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { validationMessages } from '#common/messages';
import { AppError } from '../../lib/app-error';
import { serverMessage } from '#common/server-messages';

/**
 * Phone numbers are stored in E.164 so that "024 123 4567" and "+233241234567" are one
 * account. Numbers without a country code are read as Ghanaian, where most renters are.
 */
export function normalizePhone(input: string, field = 'phone'): string {
  const parsed = parsePhoneNumberFromString(input, 'GH');
  if (!parsed || !parsed.isValid()) {
    throw new AppError('invalid_input', serverMessage('invalidPhone'), {
      fields: { [field]: validationMessages.phoneInvalid },
    });
  }
  return parsed.number;
}
