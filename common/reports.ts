import { z } from 'zod';
import { listingStatuses } from './listing-rules';
import { optionalText, pageParam, pathId } from './fields';
import { conversationEventSchema } from './conversations';
import { messageWarnings } from './payment-warnings';

/**
 * Renters' reports of listings (issue 19): the scams this market knows have names, so a report
 * says which one it is, and an administrator sees them together per listing.
 */
export const reportReasons = [
  'asked_for_money',
  'fake_lister',
  'not_available',
  'wrong_details',
  'duplicate',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const MAX_REPORT_NOTE_LENGTH = 1000;

/**
 * When reports hide a listing from the public at once, before anyone looks: open reports of
 * different people with a verified phone in the last 30 days, three of any reason or two saying
 * the lister asked for money (the commonest scam: a "viewing fee" for a house that is not for
 * rent). For `restoreHoldDays` after an administrator restores a listing, reports only queue it
 * for review (issue 34).
 */
export const reportThresholds = {
  windowDays: 30,
  restoreHoldDays: 30,
  anyReason: 3,
  askedForMoney: 2,
} as const;

/** POST /api/properties/{id}/reports. A note is required when the reason is `other`. */
export const reportBodySchema = z
  .object({
    reason: z.enum(reportReasons, { error: 'invalidValue' }),
    note: optionalText(MAX_REPORT_NOTE_LENGTH),
  })
  .superRefine((body, context) => {
    if (body.reason === 'other' && !body.note) {
      context.addIssue({ code: 'custom', path: ['note'], message: 'required' });
    }
  });
export type ReportBody = z.infer<typeof reportBodySchema>;
export type ReportInput = z.input<typeof reportBodySchema>;

export const reportCreatedSchema = z.object({
  id: z.uuid(),
  /** Whether this report hid the listing (the reporter is told it is out of sight now). */
  hidden: z.boolean(),
});

/** What an administrator does with a listing's open reports. */
export const reportActions = ['dismiss', 'restore', 'remove'] as const;
export type ReportAction = (typeof reportActions)[number];
/** How a report ended (the column of a resolved report). */
export const reportOutcomes = reportActions;

export const MAX_RESOLVE_REASON_LENGTH = 500;

/**
 * POST /api/admin/reports/{propertyId}/resolve. `dismiss`: the reports were unfounded (a
 * listing they hid is public again); `restore`: the same for a hidden listing, said plainly;
 * `remove`: rejected with `reason`, which its owner sees, as the approval flow's rejection.
 */
export const resolveReportsBodySchema = z
  .object({
    action: z.enum(reportActions, { error: 'invalidValue' }),
    reason: optionalText(MAX_RESOLVE_REASON_LENGTH),
  })
  .superRefine((body, context) => {
    if (body.action === 'remove' && !body.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type ResolveReportsBody = z.infer<typeof resolveReportsBodySchema>;

export const reportGroups = ['open', 'resolved'] as const;
export const REPORTS_PAGE_SIZE = 20;

export const reportQuerySchema = z.object({
  status: z.enum(reportGroups, { error: 'invalidValue' }).default('open'),
  page: pageParam(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const adminReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(reportReasons),
  note: z.string().nullable(),
  createdAt: z.string(),
  reporter: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  resolution: z.enum(reportOutcomes).nullable(),
  resolvedAt: z.string().nullable(),
  /**
   * The conversation the reporter attached (reported from it, issue 37): its messages are
   * readable at GET /api/admin/reports/{id}/conversation, each reading audit-logged.
   */
  conversationId: z.uuid().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** One listing's reports: the open ones, or (status=resolved) those already closed. */
export const reportedListingSchema = z.object({
  propertyId: z.uuid(),
  title: z.string(),
  location: z.string(),
  status: z.enum(listingStatuses),
  /** Hidden from the public by its reports, waiting for an administrator. */
  hiddenForReports: z.boolean(),
  count: z.number().int(),
  /**
   * Until when reports cannot hide the listing, because an administrator restored it (issue
   * 34): they queue it here for review instead. Null when reports can hide it.
   */
  hideHeldUntil: z.string().nullable(),
  /** How many reports give each reason (only reasons given). */
  reasons: z.partialRecord(z.enum(reportReasons), z.number().int()),
  reports: z.array(adminReportSchema),
  lastReportedAt: z.string(),
});
export type ReportedListing = z.infer<typeof reportedListingSchema>;

export const reportedListingListSchema = z.object({
  listings: z.array(reportedListingSchema),
  total: z.number().int(),
});
export type ReportedListingList = z.infer<typeof reportedListingListSchema>;

export const reportPropertyParamsSchema = z.object({ propertyId: pathId() });

export const reportIdParamsSchema = z.object({ reportId: pathId() });

/**
 * GET /api/admin/reports/{reportId}/conversation (issue 37): the conversation a report was
 * sent from, as an administrator reads it: read-only, both sides named, each message with the
 * warnings its recipient saw. The one way an administrator reads messages.
 */
export const reviewedMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** A viewing's step (issue 38), shown as such; its body is then what was written with it. */
  event: conversationEventSchema.nullable(),
  sentAt: z.string(),
  from: z.enum(['renter', 'lister']),
  readAt: z.string().nullable(),
  warnings: z.array(z.enum(messageWarnings)),
});
export type ReviewedMessage = z.infer<typeof reviewedMessageSchema>;

const partySchema = z.object({ id: z.uuid(), name: z.string() });

export const reviewedConversationSchema = z.object({
  conversationId: z.uuid(),
  renter: partySchema,
  lister: partySchema,
  /** Newest first, 200 a page (`before`: a message id, for older ones). */
  messages: z.array(reviewedMessageSchema),
  hasMore: z.boolean(),
});
export type ReviewedConversation = z.infer<typeof reviewedConversationSchema>;
export const REVIEWED_MESSAGES_PAGE_SIZE = 200;
