import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { reportThresholds, type ReportBody } from '#common/reports';
import type { Database } from '../../db/client';
import { properties, users, type UserRow } from '../../db/schema';
import { listingReports } from '../../db/trust-schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { tellUser, type Messenger } from '../../lib/messenger';
import { dashboardLink } from '../admin/service';
import { isPropertyId, type ListingWriter, type ListingWrites } from '../properties/service';

/**
 * A renter's report of a listing (issue 19). Reports of different verified accounts add up:
 * past `reportThresholds` the listing is hidden from the public at once, before anyone looks,
 * and its owner is told; an administrator then restores or removes it (admin-reports.ts).
 */
export type ReportDeps = {
  db: Database;
  writes: ListingWrites;
  messenger: Messenger;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

/**
 * Whether the listing's open reports of the last 30 days, from accounts with a verified
 * e-mail or phone, reach a threshold. One report per account and listing (unique), so the
 * rows count accounts.
 */
async function crossesThreshold(tx: Database, propertyId: string): Promise<boolean> {
  const [counts] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      askedForMoney: sql<number>`(count(*) filter (where ${listingReports.reason} = 'asked_for_money'))::int`,
    })
    .from(listingReports)
    .innerJoin(users, eq(users.id, listingReports.reporterId))
    .where(
      and(
        eq(listingReports.propertyId, propertyId),
        isNull(listingReports.resolvedAt),
        gt(
          listingReports.createdAt,
          sql`now() - make_interval(days => ${reportThresholds.windowDays})`,
        ),
        or(eq(users.emailVerified, true), eq(users.phoneVerified, true)),
      ),
    );
  return (
    (counts?.all ?? 0) >= reportThresholds.anyReason ||
    (counts?.askedForMoney ?? 0) >= reportThresholds.askedForMoney
  );
}

/** Takes the listing out of public sight, keeping its owner's on/off choice for a restore. */
async function hideForReports(
  deps: ReportDeps,
  write: ListingWriter,
  tx: Database,
  listing: { id: string; ownerId: string; title: string; isActive: boolean },
): Promise<void> {
  await write.update(listing.id, {
    hiddenForReportsAt: sql`now()`,
    activeBeforeReports: listing.isActive,
    isActive: false,
  });
  const link = dashboardLink(deps.publicUrl);
  await tellUser(
    deps,
    listing.ownerId,
    (firstName) => ({ kind: 'listing-hidden-for-reports', firstName, title: listing.title, link }),
    { db: tx },
  );
}

/**
 * Records `reporter`'s report of listing `id`. Refused: an account without a verified e-mail
 * or phone (403: a report can hide a listing, so it must come from a reachable person), the
 * listing's owner (403), a second report of the same listing (409), and a listing that was
 * never public (404, as its page is to everyone else).
 */
export async function reportListing(
  deps: ReportDeps,
  reporter: UserRow,
  id: string,
  body: ReportBody,
): Promise<{ id: string; hidden: boolean }> {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  if (!reporter.emailVerified && !reporter.phoneVerified) {
    throw forbidden('report_needs_verified_contact');
  }
  return deps.writes.transaction(async (write, tx) => {
    // Locked: reports of one listing take turns, so exactly one of them hides it.
    const [listing] = await tx
      .select({
        id: properties.id,
        ownerId: properties.ownerId,
        title: properties.title,
        isActive: properties.isActive,
        wasPublic: sql<boolean>`(${properties.isVerified} OR ${properties.approvedSnapshot} IS NOT NULL)`,
        hiddenForReportsAt: properties.hiddenForReportsAt,
      })
      .from(properties)
      .where(eq(properties.id, id))
      .for('update');
    if (!listing || !listing.wasPublic) throw notFound('listing_not_found');
    if (listing.ownerId === reporter.id) throw forbidden('own_listing_report');
    const [report] = await tx
      .insert(listingReports)
      .values({ propertyId: id, reporterId: reporter.id, reason: body.reason, note: body.note })
      .onConflictDoNothing()
      .returning({ id: listingReports.id });
    if (!report) throw new AppError('report_exists');
    const hidden = listing.hiddenForReportsAt === null && (await crossesThreshold(tx, id));
    if (hidden) await hideForReports(deps, write, tx, listing);
    return { id: report.id, hidden };
  });
}
