import { eq, sql } from 'drizzle-orm';
import { listingStatus, type ListingStatus } from '#common/listings';
import type { Database } from '../../db/client';
import { properties, users, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Message, Messenger } from '../../lib/messenger';
import { isPropertyId, type ListingSearch } from '../properties/service';
import { recordAudit } from './audit';

/**
 * The review of a listing's photos (spec: Property approval): approving makes it verified,
 * hence Live when its owner keeps it active; rejecting keeps it hidden with a reason the owner
 * sees on the dashboard. Either way the owner is told by e-mail (or SMS without one).
 */
export type ReviewDeps = {
  db: Database;
  search: Pick<ListingSearch, 'changed'>;
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
  if (!isPropertyId(id)) throw notFound('Property');
  const [row] = await deps.db
    .update(properties)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(properties.id, id))
    .returning({
      title: properties.title,
      ownerId: properties.ownerId,
      isVerified: properties.isVerified,
      isActive: properties.isActive,
    });
  if (!row) throw notFound('Property');
  await deps.search.changed([id]);
  return row;
}

/** Tells the owner; a failed delivery is logged, the review stands. */
async function tellOwner(
  deps: ReviewDeps,
  ownerId: string,
  message: (firstName: string) => Message,
) {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, ownerId));
  if (!owner) return;
  // The owner's language is not stored yet: English.
  const send = owner.email
    ? deps.messenger.email(owner.email, message(owner.firstName), 'en')
    : owner.phone
      ? deps.messenger.sms(owner.phone, message(owner.firstName), 'en')
      : Promise.resolve();
  await send.catch((error: unknown) => deps.log.warn({ err: error }, 'could not tell the owner'));
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
  await tellOwner(deps, row.ownerId, (firstName) => ({
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
  await tellOwner(deps, row.ownerId, (firstName) => ({
    kind: 'listing-rejected',
    firstName,
    title: row.title,
    reason,
    link: dashboardLink(deps.publicUrl),
  }));
  return { id, status: listingStatus(row) };
}
