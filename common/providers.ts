import { z } from 'zod';
import { emailField, phoneField } from './auth';
import { optionalChoice, optionalText, requiredText, pathId } from './fields';

/**
 * Home maintenance service providers (spec accounts-and-admin: Home Maintenance Services,
 * Service provider approval, Service provider entity, sections 4, 5, 7).
 */
export const providerCategories = [
  'contractor',
  'plumber',
  'electrician',
  'painter',
  'gardener',
] as const;
export type ProviderCategory = (typeof providerCategories)[number];

export const providerStatuses = ['pending', 'approved', 'rejected'] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

/**
 * The spec's transitions: pending → approved or rejected; approved → rejected (Revoke
 * Approval); rejected → approved. Nothing goes back to pending.
 */
const transitions: Record<ProviderStatus, readonly ProviderStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};
export const canChangeStatus = (from: ProviderStatus, to: ProviderStatus) =>
  transitions[from].includes(to);

export const MAX_YEARS_EXPERIENCE = 50;
export const MAX_MONTHS_EXPERIENCE = 11;

/** Total experience in whole years, rounded down (spec 5): what the payload carries. */
export const wholeYears = (years: number, months: number) => Math.floor((years * 12 + months) / 12);

const wholeNumber = (max: number) =>
  z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(0, { error: 'invalidValue' })
    .max(max, { error: 'invalidValue' });

/** POST /api/service-providers: the registration dialog's fields. */
export const providerRegistrationSchema = z.object({
  categoryId: z.enum(providerCategories, { error: 'invalidValue' }),
  businessName: requiredText(120),
  contactPerson: requiredText(100),
  email: emailField,
  phone: phoneField,
  businessAddress: requiredText(200),
  serviceArea: requiredText(120),
  yearsExperience: wholeNumber(MAX_YEARS_EXPERIENCE),
  monthsExperience: wholeNumber(MAX_MONTHS_EXPERIENCE).default(0),
  servicesOffered: requiredText(1000),
  emergencyAvailable: z.boolean({ error: 'invalidValue' }).default(false),
  description: optionalText(2000),
});
export type ProviderRegistration = z.input<typeof providerRegistrationSchema>;

export const serviceProviderSchema = z.object({
  id: z.string(),
  categoryId: z.enum(providerCategories),
  businessName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  businessAddress: z.string(),
  serviceArea: z.string(),
  yearsExperience: z.number().int(),
  servicesOffered: z.string(),
  emergencyAvailable: z.boolean(),
  description: z.string().nullable(),
  status: z.enum(providerStatuses),
  createdAt: z.string(),
});
export type ServiceProvider = z.infer<typeof serviceProviderSchema>;

/** GET /api/service-providers: approved ones for members, any status for administrators. */
export const providerListQuerySchema = z.object({
  status: optionalChoice(providerStatuses),
  categoryId: optionalChoice(providerCategories),
  /** Part of the service area, any case ("accra" finds "Greater Accra"). */
  serviceArea: optionalText(120),
});
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;

export const providerStatusBodySchema = z.object({
  status: z.enum(providerStatuses, { error: 'invalidValue' }),
});

export const providerIdParamsSchema = z.object({ id: pathId() });
