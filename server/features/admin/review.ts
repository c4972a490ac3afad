import { listingStatus, type ListingStatus } from '#common/listings';
import type { Database } from '../../db/client';
import { sql } from 'drizzle-orm';
import { properties, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { tellUser, type Message, type Messenger } from '../../lib/messenger';
import { isPropertyId, type ListingColumns, type ListingWrites } from '../properties/service';
import { recordAudit } from './audit';

/**
 * The review of a listing's photos (spec: Property approval): approving makes it verified,
 * hence Live when its owner keeps it active; rejecting keeps it hidden with a reason the owner
 * sees on the dashboard. Either way the owner is told by e-mail (or SMS without one), queued
 * with the review; a delivery that fails is retried and shown to administrators, and the
 * review stands.
 */
export type ReviewDeps = {
  db: Database;
  writes: ListingWrites;
  messenger: Messenger;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

/** Where an owner reads what happened to their listings (the links of their notices). */
export const dashboardLink = (publicUrl: string) => new URL('/dashboard', publicUrl).toString();

/**
 * What an approval approves: the reviewed fields and photo keys as they are now
 * (common/listing-changes.ts). The next change to any of them needs a new approval, whose
 * screen shows the difference from this.
 */
const approvedNow = sql`jsonb_build_object(
  'title', ${properties.title}, 'description', ${properties.description},
  'price', ${properties.price}, 'currency', ${properties.currency},
  'pricingPeriod', ${properties.pricingPeriod}, 'city', ${properties.city},
  'address', ${properties.address}, 'country', ${properties.country},
  'advanceMonths', ${properties.advanceMonths}, 'depositAmount', ${properties.depositAmount},
  'agentFeeKind', ${properties.agentFeeKind}, 'agentFeeValue', ${properties.agentFeeValue},
  'agentFeePayer', ${properties.agentFeePayer},
  'photoKeys', coalesce((select jsonb_agg(photo->'key') from jsonb_array_elements(${properties.photos}) as photo), '[]'::jsonb),
  'approvedAt', now())`;

/**
 * Sets the review's outcome, records it and queues the owner's notice, in one transaction:
 * the notice exists exactly when the review does (issue 18).
 */
async function review(
  deps: ReviewDeps,
  admin: UserRow,
  id: string,
  change: ListingColumns & { isVerified: boolean; rejectionReason: string | null },
  notice: (row: { title: string }) => (firstName: string) => Message,
): Promise<{ id: string; status: ListingStatus }> {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  return deps.writes.transaction(async (write, tx) => {
    const row = await write.update(id, change);
    if (!row) throw notFound('listing_not_found');
    const details = change.isVerified
      ? { title: row.title }
      : { title: row.title, reason: change.rejectionReason };
    await recordAudit(tx, admin, change.isVerified ? 'approve' : 'reject', 'property', id, details);
    await tellUser(deps, row.ownerId, notice(row), { db: tx });
    return { id, status: listingStatus(row) };
  });
}

/** Approving twice changes nothing but another notice. */
export function approveListing(deps: ReviewDeps, admin: UserRow, id: string) {
  return review(
    deps,
    admin,
    id,
    { isVerified: true, rejectionReason: null, approvedSnapshot: approvedNow },
    (row) => (firstName) => ({
      kind: 'listing-approved',
      firstName,
      title: row.title,
      link: dashboardLink(deps.publicUrl),
    }),
  );
}

export function rejectListing(deps: ReviewDeps, admin: UserRow, id: string, reason: string) {
  return review(
    deps,
    admin,
    id,
    { isVerified: false, rejectionReason: reason },
    (row) => (firstName) => ({
      kind: 'listing-rejected',
      firstName,
      title: row.title,
      reason,
      link: dashboardLink(deps.publicUrl),
    }),
  );
}
