import { eq, sql } from 'drizzle-orm';
import type { AuditAction } from '#common/admin';
import type { Photo } from '#common/images';
import type { PendingChanges } from '#common/listing-changes';
import { listingStatus, type ListingStatus } from '#common/listings';
import type { Database } from '../../db/client';
import { type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { tellUser, type Notification, type Notifier } from '../../lib/notifier';
import type { FileStorage } from '../../lib/storage';
import {
  isPropertyId,
  type ListingColumns,
  type ListingWriter,
  type ListingWrites,
  properties,
  type PropertyRow,
} from '../listings/service';
import { deletePhotos } from '../uploads/service';
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
  notifier: Notifier;
  storage: FileStorage;
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
  'address', ${properties.address}, 'streetAddress', ${properties.streetAddress},
  'country', ${properties.country},
  'advanceMonths', ${properties.advanceMonths}, 'depositAmount', ${properties.depositAmount},
  'agentFeeKind', ${properties.agentFeeKind}, 'agentFeeValue', ${properties.agentFeeValue},
  'agentFeePayer', ${properties.agentFeePayer},
  'propertyType', ${properties.propertyType}, 'category', ${properties.category},
  'furnished', ${properties.furnished}, 'utilitiesIncluded', to_jsonb(${properties.utilitiesIncluded}),
  'minLeaseMonths', ${properties.minLeaseMonths}, 'availableFrom', ${properties.availableFrom},
  'latitude', ${properties.latitude}, 'longitude', ${properties.longitude},
  'photoKeys', coalesce((select jsonb_agg(photo->'key') from jsonb_array_elements(${properties.photos}) as photo), '[]'::jsonb),
  'approvedAt', now())`;

/** The listing, locked for the review; 404 when there is none. */
async function reviewed(tx: Database, id: string) {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  const [row] = await tx
    .select({
      photos: properties.photos,
      isVerified: properties.isVerified,
      pendingChanges: properties.pendingChanges,
    })
    .from(properties)
    .where(eq(properties.id, id))
    .for('update');
  if (!row) throw notFound('listing_not_found');
  // Changes wait only on an approved listing; one left on a listing taken back (a report's
  // removal) went with the listing's own review.
  return { ...row, pending: row.isVerified ? row.pendingChanges : null };
}

type Outcome = { row: PropertyRow | undefined; released: Photo[] };

/**
 * Decides, records and queues the owner's notice in one transaction (the notice exists exactly
 * when the review does, issue 18); photos the decision let go of are deleted once committed.
 */
async function review(
  deps: ReviewDeps,
  admin: UserRow,
  id: string,
  decide: (write: ListingWriter, current: Awaited<ReturnType<typeof reviewed>>) => Promise<Outcome>,
  audit: (
    row: PropertyRow,
    changes: PendingChanges | null,
  ) => [AuditAction, Record<string, unknown>],
  notice: (row: PropertyRow, changes: PendingChanges | null) => (firstName: string) => Notification,
): Promise<{ id: string; status: ListingStatus }> {
  const { status, released } = await deps.writes.transaction(async (write, tx) => {
    const current = await reviewed(tx, id);
    const { row, released } = await decide(write, current);
    if (!row) throw notFound('listing_not_found');
    const [action, details] = audit(row, current.pending);
    await recordAudit(tx, admin, action, 'property', id, details);
    await tellUser(deps, row.ownerId, notice(row, current.pending), { db: tx });
    return { status: listingStatus(row), released };
  });
  await deletePhotos(deps.storage, released);
  return { id, status };
}

const changedNames = (changes: PendingChanges) => [
  ...Object.keys(changes.values),
  ...(changes.photos ? ['photos'] : []),
];

/**
 * Approves a new listing (verified: live when its owner keeps it on), or the changes waiting
 * on an approved one (issue 34): applied to the row, so renters, search and alerts see them
 * now; a lower rent is a price drop for the favourites then, not before. Approving twice
 * changes nothing but another notice.
 */
export function approveListing(deps: ReviewDeps, admin: UserRow, id: string) {
  return review(
    deps,
    admin,
    id,
    async (write, { pending, photos }) => {
      if (!pending) {
        const set = { isVerified: true, rejectionReason: null, approvedSnapshot: approvedNow };
        return { row: await write.update(id, set), released: [] };
      }
      const proposed = pending.photos;
      await write.update(
        id,
        {
          ...(pending.values as ListingColumns),
          ...(proposed ? { photos: proposed } : {}),
          pendingChanges: null,
          rejectionReason: null,
        },
        { announce: true },
      );
      // A second statement: an UPDATE's expressions read the row as it was before it.
      const row = await write.update(id, { approvedSnapshot: approvedNow });
      const kept = new Set((proposed ?? photos).map((photo) => photo.key));
      return { row, released: photos.filter((photo) => !kept.has(photo.key)) };
    },
    (row, changes) => [
      'approve',
      changes ? { title: row.title, changes: changedNames(changes) } : { title: row.title },
    ],
    (row) => (firstName) => ({
      kind: 'listing-approved',
      firstName,
      title: row.title,
      link: dashboardLink(deps.publicUrl),
    }),
  );
}

/**
 * Rejects a new listing (it stays hidden with the reason), or the changes waiting on an
 * approved one: dropped, and the approved listing stays as renters know it (issue 34). Either
 * way its owner is told why.
 */
export function rejectListing(deps: ReviewDeps, admin: UserRow, id: string, reason: string) {
  return review(
    deps,
    admin,
    id,
    async (write, { pending, photos }) => {
      if (!pending) {
        return {
          row: await write.update(id, { isVerified: false, rejectionReason: reason }),
          released: [],
        };
      }
      const approved = new Set(photos.map((photo) => photo.key));
      return {
        row: await write.update(id, { pendingChanges: null }),
        released: (pending.photos ?? []).filter((photo) => !approved.has(photo.key)),
      };
    },
    (row, changes) => [
      'reject',
      changes
        ? { title: row.title, reason, changes: changedNames(changes) }
        : { title: row.title, reason },
    ],
    (row, changes) => (firstName) => ({
      kind: changes ? 'listing-changes-rejected' : 'listing-rejected',
      firstName,
      title: row.title,
      reason,
      link: dashboardLink(deps.publicUrl),
    }),
  );
}
