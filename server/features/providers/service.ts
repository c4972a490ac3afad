import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canChangeStatus,
  wholeYears,
  type ProviderListQuery,
  type ProviderStatus,
  type ServiceProvider,
  type providerRegistrationSchema,
} from '#common/providers';
import type { Database } from '../../db/client';
import { serviceProviders } from './schema';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { recordAudit } from '../admin/service';
import { normalizePhone } from '../auth/service';
import { isUuid } from '../../lib/ids';

type Registration = z.output<typeof providerRegistrationSchema>;
type ProviderRow = typeof serviceProviders.$inferSelect;

const LIST_LIMIT = 500;

function toJson(row: ProviderRow): ServiceProvider {
  return {
    id: row.id,
    categoryId: row.categoryId,
    businessName: row.businessName,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    businessAddress: row.businessAddress,
    serviceArea: row.serviceArea,
    yearsExperience: row.yearsExperience,
    servicesOffered: row.servicesOffered,
    emergencyAvailable: row.emergencyAvailable,
    description: row.description ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const alreadyRegistered = () => new AppError('provider_already_registered');

/** A new application, pending until an administrator decides (spec: review in 24 hours). */
export async function registerProvider(
  db: Database,
  body: Registration,
  submittedBy: UserRow | null,
): Promise<ServiceProvider> {
  try {
    const [row] = await db
      .insert(serviceProviders)
      .values({
        categoryId: body.categoryId,
        businessName: body.businessName,
        contactPerson: body.contactPerson,
        email: body.email,
        phone: normalizePhone(body.phone),
        businessAddress: body.businessAddress,
        serviceArea: body.serviceArea,
        // The payload's years are already whole; months only round them down (spec 5).
        yearsExperience: wholeYears(body.yearsExperience, body.monthsExperience),
        servicesOffered: body.servicesOffered,
        emergencyAvailable: body.emergencyAvailable,
        description: body.description ?? null,
        submittedBy: submittedBy?.id ?? null,
      })
      .returning();
    return toJson(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}

/**
 * The directory (approved, for any signed-in user) or, for administrators, any status.
 * Newest first; filters by trade and by part of the service area.
 */
export async function listProviders(
  db: Database,
  user: UserRow,
  query: ProviderListQuery,
): Promise<ServiceProvider[]> {
  if (!user.isAdmin && query.status !== undefined && query.status !== 'approved') {
    throw new AppError('forbidden', {
      message: 'Only administrators see applications that are not approved',
    });
  }
  const status = user.isAdmin ? query.status : 'approved';
  const area = query.serviceArea?.replace(/[\\%_]/g, '\\$&');
  const rows = await db
    .select()
    .from(serviceProviders)
    .where(
      and(
        status ? eq(serviceProviders.status, status) : undefined,
        query.categoryId ? eq(serviceProviders.categoryId, query.categoryId) : undefined,
        area ? ilike(serviceProviders.serviceArea, `%${area}%`) : undefined,
      ),
    )
    .orderBy(desc(serviceProviders.createdAt), desc(serviceProviders.id))
    .limit(LIST_LIMIT);
  return rows.map(toJson);
}

/** Approve, reject or revoke (spec 4); other moves answer 409. Written to the audit log. */
export async function changeProviderStatus(
  db: Database,
  admin: UserRow,
  id: string,
  status: ProviderStatus,
): Promise<ServiceProvider> {
  if (!isUuid(id)) throw notFound('provider_not_found');
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(serviceProviders)
        .where(eq(serviceProviders.id, id))
        .for('update');
      if (!current) throw notFound('provider_not_found');
      if (!canChangeStatus(current.status, status)) {
        throw new AppError('conflict', {
          message: `A ${current.status} service provider cannot become ${status}`,
        });
      }
      const [row] = await tx
        .update(serviceProviders)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(serviceProviders.id, id))
        .returning();
      const action =
        status === 'approved' ? 'approve' : current.status === 'approved' ? 'revoke' : 'reject';
      await recordAudit(tx, admin, action, 'service-provider', id, {
        businessName: current.businessName,
        from: current.status,
        to: status,
      });
      return toJson(row!);
    });
  } catch (error) {
    // Approving an old rejection while a newer application of the business is open.
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}
