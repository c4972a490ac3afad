import {
  MAX_MONTHS_EXPERIENCE,
  MAX_YEARS_EXPERIENCE,
  wholeYears,
  type ProviderCategory,
  type ProviderRegistration,
} from '#common/providers';

/** What the dialog's fields hold (numbers as typed); the payload is built from it. */
export type RegistrationValues = {
  businessName: string;
  contactPerson: string;
  email: string;
  phone: string;
  businessAddress: string;
  serviceArea: string;
  years: string;
  months: string;
  servicesOffered: string;
  emergencyAvailable: boolean;
  description: string;
};

export const emptyRegistration: RegistrationValues = {
  businessName: '',
  contactPerson: '',
  email: '',
  phone: '',
  businessAddress: '',
  serviceArea: '',
  years: '0',
  months: '0',
  servicesOffered: '',
  emergencyAvailable: false,
  description: '',
};

/** A whole number within bounds, or null ("", "2.5", "-1" and "51" years are not). */
export function boundedWhole(text: string, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= max ? value : null;
}

export const validYears = (text: string) => boundedWhole(text, MAX_YEARS_EXPERIENCE) !== null;
export const validMonths = (text: string) => boundedWhole(text, MAX_MONTHS_EXPERIENCE) !== null;

/**
 * The spec's payload: years × 12 + months turned into whole years (rounded down), months
 * as typed, the rest trimmed by the server's schema.
 */
export function registrationPayload(
  categoryId: ProviderCategory,
  values: RegistrationValues,
): ProviderRegistration {
  const years = boundedWhole(values.years, MAX_YEARS_EXPERIENCE) ?? 0;
  const months = boundedWhole(values.months, MAX_MONTHS_EXPERIENCE) ?? 0;
  return {
    categoryId,
    businessName: values.businessName,
    contactPerson: values.contactPerson,
    email: values.email,
    phone: values.phone,
    businessAddress: values.businessAddress,
    serviceArea: values.serviceArea,
    yearsExperience: wholeYears(years, months),
    monthsExperience: months,
    servicesOffered: values.servicesOffered,
    emergencyAvailable: values.emergencyAvailable,
    description: values.description,
  };
}
