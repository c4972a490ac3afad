import { listingStatus, type ListingStatus } from '#common/listings';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { tellUser, type Messenger } from '../../lib/messenger';
import { isPropertyId, type ListingWrites } from '../properties/service';
import { recordAudit } from './audit';

/**
 * The review of a listing's photos (spec: Property approval): approving makes it verified,
 * hence Live when its owner keeps it active; rejecting keeps it hidden with a reason the owner
 * sees on the dashboard. Either way the owner is told by e-mail (or SMS without one); a
 * failed delivery is logged and the review stands.
 */
export type ReviewDeps = {
  db: Database;
  writes: ListingWrites;
  messenger: Messenger;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

async function review(
  deps: ReviewDeps,
  admin: UserRow,
  id: string,
  change: { isVerified: boolean; rejectionReason: string | null },
) {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  const row = await deps.writes.update(id, change);
  if (!row) throw notFound('listing_not_found');
  return row;
}

const dashboardLink = (publicUrl: string) => new URL('/dashboard', publicUrl).toString();

/** Approving twice changes nothing but another notice. */
export async function approveListing(
  deps: ReviewDeps,
  admin: UserRow,
  id: string,
): Promise<{ id: string; status: ListingStatus }> {
  const row = await review(deps, admin, id, { isVerified: true, rejectionReason: null });
  await recordAudit(deps.db, admin, 'approve', 'property', id, { title: row.title });
  await tellUser(deps, row.ownerId, (firstName) => ({
    kind: 'listing-approved',
    firstName,
    title: row.title,
    link: dashboardLink(deps.publicUrl),
  }));
  return { id, status: listingStatus(row) };
}

export async function rejectListing(
  deps: ReviewDeps,
  admin: UserRow,
  id: string,
  reason: string,
): Promise<{ id: string; status: ListingStatus }> {
  const row = await review(deps, admin, id, { isVerified: false, rejectionReason: reason });
  await recordAudit(deps.db, admin, 'reject', 'property', id, { title: row.title, reason });
  await tellUser(deps, row.ownerId, (firstName) => ({
    kind: 'listing-rejected',
    firstName,
    title: row.title,
    reason,
    link: dashboardLink(deps.publicUrl),
  }));
  return { id, status: listingStatus(row) };
}
