import { and, desc, eq, inArray, isNotNull, isNull, max, sql, type SQL } from 'drizzle-orm';
import { listingStatus } from '#common/listing-rules';
import {
  REPORTS_PAGE_SIZE,
  type ReportedListing,
  type ReportQuery,
  type ResolveReportsBody,
} from '#common/reports';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { tellUser } from '../../lib/notifier';
import { dashboardLink, recordAudit } from '../admin/service';
import { isPropertyId, reportsResolved, properties, listingReports } from '../listings/service';
import { hideHeldUntil, type ReportDeps } from './report-listing';
import { reportConversations } from './schema';

/**
 * The admin panel's Reports (issue 19): listings with open reports, most recently reported
 * first, each with every report and its reporter; and closing them (dismiss, restore, remove).
 */

const groupOf = (status: ReportQuery['status']): SQL =>
  status === 'open' ? isNull(listingReports.resolvedAt) : isNotNull(listingReports.resolvedAt);

export async function listReportedListings(
  db: Database,
  query: ReportQuery,
  now: Date,
): Promise<{ listings: ReportedListing[]; total: number }> {
  const inGroup = groupOf(query.status);
  const latest =
    query.status === 'open' ? max(listingReports.createdAt) : max(listingReports.resolvedAt);
  const [pageRows, [total]] = await Promise.all([
    db
      .select({ propertyId: listingReports.propertyId, latest })
      .from(listingReports)
      .where(inGroup)
      .groupBy(listingReports.propertyId)
      .orderBy(desc(latest), listingReports.propertyId)
      .limit(REPORTS_PAGE_SIZE)
      .offset((query.page - 1) * REPORTS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(distinct ${listingReports.propertyId})::int` })
      .from(listingReports)
      .where(inGroup),
  ]);
  const ids = pageRows.map((row) => row.propertyId);
  if (ids.length === 0) return { listings: [], total: total?.n ?? 0 };
  const [listings, reports, held] = await Promise.all([
    db
      .select({
        id: properties.id,
        title: properties.title,
        city: properties.city,
        country: properties.country,
        isVerified: properties.isVerified,
        isActive: properties.isActive,
        hiddenByAdminAt: properties.hiddenByAdminAt,
        hiddenForReportsAt: properties.hiddenForReportsAt,
      })
      .from(properties)
      .where(inArray(properties.id, ids)),
    db
      .select({
        id: listingReports.id,
        propertyId: listingReports.propertyId,
        reason: listingReports.reason,
        note: listingReports.note,
        createdAt: listingReports.createdAt,
        resolution: listingReports.resolution,
        resolvedAt: listingReports.resolvedAt,
        reporterId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        conversationId: reportConversations.conversationId,
      })
      .from(listingReports)
      .innerJoin(users, eq(users.id, listingReports.reporterId))
      .leftJoin(reportConversations, eq(reportConversations.reportId, listingReports.id))
      .where(and(inGroup, inArray(listingReports.propertyId, ids)))
      .orderBy(desc(listingReports.createdAt)),
    hideHeldUntil(db, ids, now),
  ]);
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  return {
    total: total?.n ?? 0,
    listings: pageRows.flatMap(({ propertyId }) => {
      const listing = byId.get(propertyId);
      if (!listing) return [];
      const own = reports.filter((report) => report.propertyId === propertyId);
      const reasons: ReportedListing['reasons'] = {};
      for (const report of own) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
      const hiddenForReports = listing.hiddenForReportsAt !== null;
      return [
        {
          propertyId,
          title: listing.title,
          location: `${listing.city}, ${listing.country}`,
          status: listingStatus({
            ...listing,
            hiddenByAdmin: listing.hiddenByAdminAt !== null,
            hiddenForReports,
          }),
          hiddenForReports,
          count: own.length,
          hideHeldUntil: held.get(propertyId)?.toISOString() ?? null,
          reasons,
          lastReportedAt: own[0]!.createdAt.toISOString(),
          reports: own.map((report) => ({
            id: report.id,
            reason: report.reason,
            note: report.note,
            createdAt: report.createdAt.toISOString(),
            reporter: {
              id: report.reporterId,
              name: `${report.firstName} ${report.lastName}`.trim(),
              email: report.email,
              phone: report.phone,
            },
            resolution: report.resolution,
            resolvedAt: report.resolvedAt?.toISOString() ?? null,
            conversationId: report.conversationId,
          })),
        },
      ];
    }),
  };
}

/**
 * Closes the listing's open reports. `dismiss` and `restore` end a hide by reports (the owner's
 * on/off choice comes back); `remove` rejects the listing with the reason, which its owner
 * sees on the dashboard as after a rejected review, and edits send it back for approval.
 * The owner (remove only) and every reporter are told, reporters with nothing of the owner;
 * the action is audit-logged. 409 when there is nothing open (another administrator was first).
 */
export async function resolveReports(
  deps: ReportDeps,
  admin: UserRow,
  id: string,
  body: ResolveReportsBody,
): Promise<{ resolved: number }> {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  return deps.writes.transaction(async (write, tx) => {
    const [listing] = await tx
      .select({
        ownerId: properties.ownerId,
        title: properties.title,
        isActive: properties.isActive,
        hiddenByAdminAt: properties.hiddenByAdminAt,
        hiddenForReportsAt: properties.hiddenForReportsAt,
        activeBeforeReports: properties.activeBeforeReports,
      })
      .from(properties)
      .where(eq(properties.id, id))
      .for('update');
    if (!listing) throw notFound('listing_not_found');
    const reason = body.reason ?? null;
    const closed = await tx
      .update(listingReports)
      .set({
        resolvedAt: deps.clock(),
        resolution: body.action,
        resolvedBy: admin.id,
        resolutionReason: reason,
      })
      .where(and(eq(listingReports.propertyId, id), isNull(listingReports.resolvedAt)))
      .returning({ reporterId: listingReports.reporterId });
    if (closed.length === 0) throw new AppError('no_open_reports');

    const wasHidden = listing.hiddenForReportsAt !== null;
    // An administrator's own Hide stays whatever the reports' outcome.
    const unhide = reportsResolved(listing);
    const removed = body.action === 'remove';
    if (removed) await write.update(id, { ...unhide, isVerified: false, rejectionReason: reason });
    else if (wasHidden) await write.update(id, unhide);

    await recordAudit(tx, admin, `reports-${body.action}`, 'property', id, {
      title: listing.title,
      reports: closed.length,
      ...(reason ? { reason } : {}),
    });
    if (removed) {
      const link = dashboardLink(deps.publicUrl);
      await tellUser(
        deps,
        listing.ownerId,
        (firstName) => ({
          kind: 'listing-removed',
          firstName,
          title: listing.title,
          reason: reason ?? '',
          link,
        }),
        { db: tx },
      );
    }
    for (const { reporterId } of closed) {
      await tellUser(
        deps,
        reporterId,
        (firstName) => ({ kind: 'report-outcome', firstName, title: listing.title, removed }),
        { db: tx },
      );
    }
    return { resolved: closed.length };
  });
}
