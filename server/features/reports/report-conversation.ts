import type { ReportBody, ReviewedConversation } from '#common/reports';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { recordAudit } from '../admin/service';
import { conversationForReview, partyConversation } from '../conversations/service';
import { eq } from 'drizzle-orm';
import { listingReports } from '../listings/service';
import { reportListing, type ReportDeps } from './report-listing';
import { reportConversations } from './schema';

/**
 * Reporting a listing from a conversation about it (issue 37), where "pay the viewing fee to
 * this MoMo number first" is written: the report counts toward hiding the listing like any
 * other, and the administrator reading it can read the conversation (each reading
 * audit-logged). Only a party can report a conversation (404 to others); its lister is told
 * 403 own_listing_report, as on the listing page.
 */
export async function reportConversation(
  deps: ReportDeps,
  reporter: UserRow,
  conversationId: string,
  body: ReportBody,
): Promise<{ id: string; hidden: boolean }> {
  const { row } = await partyConversation(deps.db, reporter.id, conversationId);
  // The listing was deleted since: nothing left to hide or review.
  if (!row.propertyId) throw notFound('listing_not_found');
  return reportListing(deps, reporter, row.propertyId, body, { conversationId: row.id });
}

/**
 * The conversation report `reportId` was sent from, for the administrator reading the report;
 * recorded in the audit log (who read which conversation, for which report). 404 when the
 * report carries none.
 */
export async function readReportedConversation(
  deps: Pick<ReportDeps, 'db'>,
  admin: UserRow,
  reportId: string,
  before: string | undefined,
): Promise<ReviewedConversation> {
  if (!isUuid(reportId)) throw notFound('report_not_found');
  const [attached] = await deps.db
    .select({
      conversationId: reportConversations.conversationId,
      propertyId: listingReports.propertyId,
    })
    .from(reportConversations)
    .innerJoin(listingReports, eq(listingReports.id, reportConversations.reportId))
    .where(eq(reportConversations.reportId, reportId));
  if (!attached) throw notFound('report_not_found');
  const conversation = await conversationForReview(deps.db, attached.conversationId, before);
  await recordAudit(
    deps.db,
    admin,
    'read-reported-conversation',
    'conversation',
    attached.conversationId,
    {
      reportId,
      propertyId: attached.propertyId,
      ...(before ? { before } : {}),
    },
  );
  return conversation;
}
