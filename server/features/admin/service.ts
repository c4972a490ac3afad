import { eq, sql } from 'drizzle-orm';
import { listingStatus, type ListingStatus } from '#common/listings';
import type { Database } from '../../db/client';
import { properties, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { isPropertyId, type ListingSearch } from '../properties/service';
import { recordAudit } from './audit';

/**
 * Approves a listing's images: it becomes verified, hence Live when its owner keeps it active
 * (DESIGN.md status rules). Approving twice changes nothing.
 */
export async function approveListing(
  db: Database,
  search: Pick<ListingSearch, 'changed'>,
  admin: UserRow,
  id: string,
): Promise<{ id: string; status: ListingStatus }> {
  if (!isPropertyId(id)) throw notFound('Property');
  const [row] = await db
    .update(properties)
    .set({ isVerified: true, updatedAt: sql`now()` })
    .where(eq(properties.id, id))
    .returning({ isVerified: properties.isVerified, isActive: properties.isActive });
  if (!row) throw notFound('Property');
  await recordAudit(db, admin, 'approve', 'property', id);
  await search.changed([id]);
  return { id, status: listingStatus(row) };
}

export {
  deleteAsAdmin,
  featuredForAdmin,
  listAdminProperties,
  reorderFeatured,
  setFeatured,
  setVisibility,
} from './listings';
export {
  grantAdministrator,
  listAdministrators,
  listAudit,
  revokeAdministrator,
} from './administrators';
