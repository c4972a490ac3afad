import { z } from 'zod';
import { userTypes } from './auth-rules';
import { contentFlags } from './content-checks';
import { responseTimeSchema } from './conversations';
import { optionalText, pageParam, pathId, requiredText } from './fields';
import { propertySchema } from './properties';
import { listerBadgesSchema } from './verifications';

/**
 * Reviews (issue 40): only a renter who booked a viewing through Abode, had it confirmed and
 * whose viewing time has passed may review that listing and its lister, once. The questions
 * are the ones renters need answered: was the place as described, and did anyone ask for money
 * before the viewing. The names are a contract: other clients rely on them.
 */

export const MAX_REVIEW_TEXT = 2000;
export const MAX_REVIEW_REPLY = 1000;
export const MAX_REVIEW_REPORT_NOTE = 1000;
export const MAX_REVIEW_DECISION_REASON = 500;
/** A confirmed viewing may be reviewed from its time until this many days after it. */
export const REVIEW_WINDOW_DAYS = 30;
/** Its author may change a review this long after writing it. */
export const REVIEW_EDIT_HOURS = 48;
/** Reviews an account may write in a day. */
export const REVIEWS_PER_DAY = 10;
export const REVIEWS_PAGE_SIZE = 10;
/** How many of a lister's latest reviews their public page shows. */
export const LISTER_LATEST_REVIEWS = 5;

export const asDescribedAnswers = ['yes', 'mostly', 'no'] as const;
export type AsDescribed = (typeof asDescribedAnswers)[number];

/**
 * Why a viewing cannot be reviewed (the `reason` param of 403 `review_not_allowed`), so the
 * page can say which.
 */
export const reviewRefusals = [
  'not_renter',
  'not_confirmed',
  'cancelled',
  'too_early',
  'too_late',
  'no_show',
  'phone_not_verified',
] as const;
export type ReviewRefusal = (typeof reviewRefusals)[number];

/** POST /api/viewings/{id}/review, and PUT /api/reviews/{id} (its author, within 48 hours). */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(5, { error: 'invalidValue' })
    .describe('1 to 5 stars'),
  asDescribed: z
    .enum(asDescribedAnswers, { error: 'invalidValue' })
    .describe('Was the place as the listing described it?'),
  askedForMoney: z
    .boolean({ error: 'invalidValue' })
    .describe(
      'Did anyone ask for money before the viewing? true also files an `asked_for_money` ' +
        'report of the listing.',
    ),
  text: optionalText(MAX_REVIEW_TEXT).describe(`At most ${MAX_REVIEW_TEXT} characters`),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export type ReviewInput = z.input<typeof reviewBodySchema>;

/**
 * Where a review stands for its author (issue 50): `published`, or `held` for an administrator
 * because its words carry contact details, a payment request or a link ("waiting for review"),
 * or `hidden` by an administrator.
 */
export const ownReviewStatuses = ['published', 'held', 'hidden'] as const;

/**
 * Why a review does not count toward the rating (issue 50): its author's number is one an
 * account of the lister uses or used (`same_phone`), or that number already counts once for
 * this lister (`phone_counted`), or the author and the lister were on the same address
 * (`shared_address`, a mobile network's shared one aside) or device (`shared_device`) in the
 * 30 days before the viewing. Kept and shown to administrators, not to the public.
 */
export const notCountedReasons = [
  'same_phone',
  'phone_counted',
  'shared_address',
  'shared_device',
] as const;
export type NotCountedReason = (typeof notCountedReasons)[number];
export const reviewCreatedSchema = z.object({
  id: z.string(),
  status: z
    .enum(['published', 'held'])
    .describe('held: its words wait for an administrator before anyone else reads them'),
});

/** A review as everyone reads it. */
export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  asDescribed: z.enum(asDescribedAnswers),
  text: z.string().nullable(),
  createdAt: z.string(),
  /** When its author last changed it (within 48 hours of writing it), or null. */
  editedAt: z.string().nullable(),
  /** When the viewing it rests on took place: reviews come only from viewings. */
  viewedAt: z.string(),
  /** Its author's first name; '' when it cannot be shown (digits, a payment request). */
  author: z.object({ firstName: z.string() }),
  /** The lister's answer, once. */
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /**
   * The renter says they were asked to pay before the viewing (issue 50): the review shows a
   * warning line, and it counts in the summary's `askedForMoneyRecently`.
   */
  askedForMoney: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;
/** How far back a listing's safety box counts renters who were asked for money. */
export const ASKED_FOR_MONEY_DAYS = 90;

export const reviewSummarySchema = z.object({
  /** Two decimals; 0 with no review. */
  averageRating: z.number(),
  /** How many viewings it rests on: one review per viewing. */
  reviewCount: z.number().int(),
  /** The share (0–1) of reviews saying the place was exactly as described ("yes"); null with none. */
  asDescribedShare: z.number().nullable(),
  /**
   * How many renters who came to a viewing said they were asked for money before it, in their
   * reviews of the last 90 days (issue 50): the listing's safety box says so.
   */
  askedForMoneyRecently: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewPageQuerySchema = z.object({ page: pageParam() });

/** GET /api/properties/{id}/reviews: newest first, 10 a page; hidden reviews left out. */
export const propertyReviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  summary: reviewSummarySchema,
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type PropertyReviews = z.infer<typeof propertyReviewsSchema>;

/**
 * GET /api/viewings/{id}/review: whether the reader may review the viewing now, why not, and
 * their review of it if they wrote one (which they may change until `editableUntil`).
 */
export const viewingReviewStateSchema = z.object({
  canReview: z.boolean(),
  refusal: z.enum(reviewRefusals).nullable(),
  /** From when and until when the viewing can be reviewed. */
  opensAt: z.string(),
  closesAt: z.string(),
  review: reviewSchema
    .extend({ editableUntil: z.string(), status: z.enum(ownReviewStatuses) })
    .nullable(),
  property: z.object({ id: z.string(), title: z.string() }),
});
export type ViewingReviewState = z.infer<typeof viewingReviewStateSchema>;

export const reviewIdParamsSchema = z.object({ id: pathId() });

/** POST /api/reviews/{id}/reply: the listing's lister answers a review, once. */
export const reviewReplySchema = z.object({ text: requiredText(MAX_REVIEW_REPLY) });

export const reviewReportReasons = [
  'not_a_real_visit',
  'false',
  'offensive',
  'personal_details',
  'other',
] as const;
export type ReviewReportReason = (typeof reviewReportReasons)[number];

/** POST /api/reviews/{id}/reports: the lister asks an administrator to look at a review. */
export const reviewReportBodySchema = z
  .object({
    reason: z.enum(reviewReportReasons, { error: 'invalidValue' }),
    note: optionalText(MAX_REVIEW_REPORT_NOTE),
  })
  .superRefine((body, context) => {
    if (body.reason === 'other' && !body.note) {
      context.addIssue({ code: 'custom', path: ['note'], message: 'required' });
    }
  });
export type ReviewReportBody = z.infer<typeof reviewReportBodySchema>;

export const reviewReportCreatedSchema = z.object({ id: z.string() });

/** The administrators' Reviews tab. */
/**
 * The admin panel's groups: reported by their lister, `held` for an administrator (their words,
 * or the lister's answer, carry contact details, a payment request or a link: issue 50),
 * `not_counted` (their author is not independent of the lister), hidden.
 */
export const adminReviewGroups = ['reported', 'held', 'not_counted', 'hidden'] as const;
export const adminReviewQuerySchema = z.object({
  status: z.enum(adminReviewGroups, { error: 'invalidValue' }).default('reported'),
  page: pageParam(),
});

export const reviewActions = ['hide', 'restore'] as const;
export type ReviewAction = (typeof reviewActions)[number];

/** POST /api/admin/reviews/{id}/decision; a reason is required to hide (its author reads it). */
export const reviewDecisionSchema = z
  .object({
    action: z.enum(reviewActions, { error: 'invalidValue' }),
    reason: optionalText(MAX_REVIEW_DECISION_REASON),
  })
  .superRefine((body, context) => {
    if (body.action === 'hide' && !body.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const adminReviewSchema = reviewSchema.extend({
  askedForMoney: z.boolean(),
  property: z.object({ id: z.string(), title: z.string() }),
  author: z.object({
    id: z.string(),
    firstName: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
  }),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  /**
   * Where it stands (issue 50): `held` waits for an administrator, as does a held answer;
   * `not_counted` is kept but neither shown nor counted (`notCountedReason` says why).
   */
  status: z.enum(['published', 'held', 'not_counted', 'hidden']),
  notCountedReason: z.enum(notCountedReasons).nullable(),
  /** Why its words were held: what common/content-checks.ts found in them. */
  heldReasons: z.array(z.enum(contentFlags)),
  /** The lister's answer while it waits for an administrator (`reply` is null meanwhile). */
  heldReply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /** The lister's reports of it, open ones first. */
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(reviewReportReasons),
      note: z.string().nullable(),
      createdAt: z.string(),
      resolvedAt: z.string().nullable(),
    }),
  ),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewSchema),
  total: z.number().int(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** A review as its lister reads it on the dashboard: which listing it is about. */
export const listerReviewSchema = reviewSchema.extend({
  property: z.object({ id: z.string(), title: z.string() }),
  /** Whether the lister reported it (an administrator may still be looking). */
  reportedByMe: z.boolean(),
});
export type ListerReview = z.infer<typeof listerReviewSchema>;

/** GET /api/user/reviews: the reviews of the reader's listings (the host dashboard), newest first. */
export const listerReviewsSchema = z.object({
  reviews: z.array(listerReviewSchema),
  summary: reviewSummarySchema,
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type ListerReviews = z.infer<typeof listerReviewsSchema>;

/** GET /api/listers/{handle}: a lister's public page (issue 40). */
export const listerHandleParamsSchema = z.object({
  handle: z.string().max(64).describe('The handle the listing JSON’s `lister.handle` gives'),
});

export const listerProfileSchema = z.object({
  handle: z.string(),
  /** An agent's business name; anyone else's first name and last initial ("Kofi M."). */
  displayName: z.string(),
  userType: z.enum(userTypes),
  badges: listerBadgesSchema,
  /** How they answer enquiries (issue 37); null until they have had 3. */
  responseTime: responseTimeSchema.nullable(),
  memberSince: z.string(),
  /** Their live listings, newest first, as search cards (48 at most). */
  listings: z.array(propertySchema),
  reviews: reviewSummarySchema.extend({
    /** The newest visible reviews of their listings (5). */
    latest: z.array(reviewSchema),
  }),
});
export type ListerProfile = z.infer<typeof listerProfileSchema>;
