import { and, eq, gt, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { emailIdentity } from '#common/email-identity';
import { reportThresholds, type ReportBody } from '#common/reports';
import type { Database } from '../../db/client';
import { type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { tellUser, type Notifier } from '../../lib/notifier';
import { dashboardLink } from '../admin/service';
import {
  hiddenForReports,
  isPropertyId,
  type ListingWriter,
  type ListingWrites,
  properties,
  listingReports,
} from '../listings/service';
import { reportConversations } from './schema';

/**
 * A renter's report of a listing (issue 19). Reports of different phone-verified people add up:
 * past `reportThresholds` the listing is hidden from the public at once, before anyone looks,
 * and its owner is told; an administrator then restores or removes it (admin-reports.ts).
 */
export type ReportDeps = {
  db: Database;
  writes: ListingWrites;
  notifier: Notifier;
  publicUrl: string;
  /** Report and resolution times, and the windows they are judged by. */
  clock: () => Date;
  log: { warn: (object: object, message: string) => void };
};

/** A report as the hiding rule sees its reporter: the verified phone and mailbox of then. */
type ReporterIdentity = { phone: string | null; emailKey: string | null };

/**
 * How many different people these reports come from: accounts that share a phone number or
 * an e-mail mailbox (common/email-identity.ts) are one person, even through a chain (A shares
 * a number with B, B a mailbox with C). Union-find over a listing's few open reports.
 */
export function distinctReporters(reports: readonly ReporterIdentity[]): number {
  const parent = reports.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const firstWith = new Map<string, number>();
  reports.forEach((report, index) => {
    for (const key of [
      report.phone && `p:${report.phone}`,
      report.emailKey && `e:${report.emailKey}`,
    ]) {
      if (!key) continue;
      const seen = firstWith.get(key);
      if (seen === undefined) firstWith.set(key, index);
      else parent[root(index)] = root(seen);
    }
  });
  return new Set(reports.map((_, index) => root(index))).size;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Until when reports cannot hide each of these listings: 30 days after an administrator's last
 * restore of it (listings reports can hide: absent).
 */
export async function hideHeldUntil(
  db: Database,
  propertyIds: readonly string[],
  now: Date,
): Promise<Map<string, Date>> {
  const holdMs = reportThresholds.restoreHoldDays * DAY_MS;
  const rows = await db
    .select({ propertyId: listingReports.propertyId, restoredAt: max(listingReports.resolvedAt) })
    .from(listingReports)
    .where(
      and(
        inArray(listingReports.propertyId, [...propertyIds]),
        eq(listingReports.resolution, 'restore'),
        gt(listingReports.resolvedAt, new Date(now.getTime() - holdMs)),
      ),
    )
    .groupBy(listingReports.propertyId);
  return new Map(
    rows.flatMap(({ propertyId, restoredAt }) =>
      restoredAt ? [[propertyId, new Date(restoredAt.getTime() + holdMs)] as const] : [],
    ),
  );
}

/**
 * Whether the listing's reports now hide it (issue 34 narrowed issue 19's rule): open reports
 * of the last 30 days from reporters who had a verified phone when they reported, counted as
 * people (distinctReporters), reach a threshold; and no administrator restored the listing in
 * the last 30 days (after a restore, reports queue it for review but never hide it, so the
 * same few accounts cannot take it down again the next morning). Reporters with only a
 * verified e-mail are still heard, in the administrators' queue: a phone number costs more
 * to multiply than a mailbox.
 */
async function crossesThreshold(tx: Database, propertyId: string, now: Date): Promise<boolean> {
  if ((await hideHeldUntil(tx, [propertyId], now)).has(propertyId)) return false;
  const since = new Date(now.getTime() - reportThresholds.windowDays * DAY_MS);
  const open = await tx
    .select({
      phone: listingReports.reporterPhone,
      emailKey: listingReports.reporterEmailKey,
      reason: listingReports.reason,
    })
    .from(listingReports)
    .where(
      and(
        eq(listingReports.propertyId, propertyId),
        isNull(listingReports.resolvedAt),
        gt(listingReports.createdAt, since),
        isNotNull(listingReports.reporterPhone),
      ),
    );
  return (
    distinctReporters(open) >= reportThresholds.anyReason ||
    distinctReporters(open.filter((report) => report.reason === 'asked_for_money')) >=
      reportThresholds.askedForMoney
  );
}

/** Takes the listing out of public sight, keeping its owner's on/off choice for a restore. */
async function hideForReports(
  deps: ReportDeps,
  write: ListingWriter,
  tx: Database,
  listing: { id: string; ownerId: string; title: string; isActive: boolean },
): Promise<void> {
  await write.update(listing.id, hiddenForReports(listing));
  const link = dashboardLink(deps.publicUrl);
  await tellUser(
    deps,
    listing.ownerId,
    (firstName) => ({ kind: 'listing-hidden-for-reports', firstName, title: listing.title, link }),
    { db: tx },
  );
}

/** The reporter's open report of the listing, if any. */
async function openReportOf(
  tx: Database,
  propertyId: string,
  reporterId: string,
): Promise<string | undefined> {
  const [open] = await tx
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(
      and(
        eq(listingReports.propertyId, propertyId),
        eq(listingReports.reporterId, reporterId),
        isNull(listingReports.resolvedAt),
      ),
    );
  return open?.id;
}

/** Attaches the conversation to the report; false when the report carries one already. */
async function attachConversation(
  tx: Database,
  reportId: string,
  conversationId: string,
): Promise<boolean> {
  const attached = await tx
    .insert(reportConversations)
    .values({ reportId, conversationId })
    .onConflictDoNothing()
    .returning({ reportId: reportConversations.reportId });
  return attached.length > 0;
}

/**
 * Records `reporter`'s report of listing `id`. Refused: an account without a verified e-mail
 * or phone (403: a report can hide a listing, so it must come from a reachable person), the
 * listing's owner (403), a second report of the same listing (409), and a listing that was
 * never public (404, as its page is to everyone else).
 *
 * Sent from a conversation (`conversationId`, whose parties the caller checked), the report
 * carries it for the administrators; a reporter whose open report of the listing came first
 * attaches the conversation to that one (it counts once), and 409 once it carries one.
 */
export async function reportListing(
  deps: ReportDeps,
  reporter: UserRow,
  id: string,
  body: ReportBody,
  options: { conversationId?: string } = {},
): Promise<{ id: string; hidden: boolean }> {
  if (!isPropertyId(id)) throw notFound('listing_not_found');
  if (!reporter.emailVerified && !reporter.phoneVerified) {
    throw forbidden('report_needs_verified_contact');
  }
  return deps.writes.transaction((write, tx) =>
    fileReport(deps, write, tx, reporter, id, body, options),
  );
}

/**
 * reportListing's work inside a transaction of the caller's: a review saying the lister asked
 * for money (issue 40) files its report in the review's transaction, so both hold or neither.
 */
export async function fileReport(
  deps: ReportDeps,
  write: ListingWriter,
  tx: Database,
  reporter: UserRow,
  id: string,
  body: ReportBody,
  options: { conversationId?: string } = {},
): Promise<{ id: string; hidden: boolean }> {
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
    .values({
      propertyId: id,
      reporterId: reporter.id,
      reason: body.reason,
      note: body.note,
      reporterPhone: reporter.phoneVerified ? reporter.phone : null,
      reporterEmailKey: reporter.email ? emailIdentity(reporter.email) : null,
      createdAt: deps.clock(),
    })
    .onConflictDoNothing()
    .returning({ id: listingReports.id });
  const { conversationId } = options;
  if (!report) {
    const earlier = conversationId && (await openReportOf(tx, id, reporter.id));
    if (earlier && (await attachConversation(tx, earlier, conversationId))) {
      return { id: earlier, hidden: false };
    }
    throw new AppError('report_exists');
  }
  if (conversationId) await attachConversation(tx, report.id, conversationId);
  const hidden =
    listing.hiddenForReportsAt === null && (await crossesThreshold(tx, id, deps.clock()));
  if (hidden) await hideForReports(deps, write, tx, listing);
  return { id: report.id, hidden };
}
