/**
 * Validation messages shared by the server (its 400 answers) and the web app (form errors).
 * Schemas carry the key; each side turns it into text: the server in English, the web app
 * through i18next (`validation.<key>`), whose English file is checked against this table.
 */
export const validationMessages = {
  required: 'This field is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number, for example +233 24 123 4567',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  accountTypeRequired: 'Account Type is required',
  businessNameRequired: 'Business name is required for agents',
  tooLong: 'This value is too long',
  invalidValue: 'This value is not valid',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct',
  confirmPasswordRequired: 'Please confirm your password',
  codeInvalid: 'Please enter a valid 6-digit code',
  emailOrPhoneRequired: 'Enter an email address or a phone number',
  priceInvalid: 'Please enter a valid price',
  tooManyImages: 'Too many images',
  fileTooLarge: 'Each image may be at most 5 MB',
  yearsRange: 'Enter whole years from 0 to 50',
  monthsRange: 'Enter whole months from 0 to 11',
  advanceMonthsRange: 'Enter whole months from 0 to 36',
  minLeaseRange: 'Enter whole months from 1 to 60',
  amountInvalid: 'Enter an amount of 0 or more',
  feePercentRange: 'Enter a percentage from 0 to 100',
  feeMonthsRange: 'Enter months of rent from 0 to 12',
  dateInvalid: 'Enter a date as year-month-day',
  slotMinutesRange: 'Enter whole minutes from 15 to 120',
  ghanaPostGpsInvalid: 'Enter a GhanaPost GPS code such as GA-123-4567',
  pointIncomplete: 'Give both latitude and longitude, or neither',
  timeInvalid: 'Enter a time as hours:minutes, for example 10:00',
  timeRangeInvalid: 'The end must be after the start',
  windowsOverlap: 'These hours overlap other hours on the same day',
  tooManyWindows: 'At most 14 sets of hours',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(validationMessages, value);
}
