import { z } from 'zod';
import { optionalText } from './fields';

/**
 * Viewings (issue 38): a lister publishes when a place can be seen, a renter picks a free time,
 * the lister confirms, and every step lives in the pair's conversation. Viewings booked on
 * Abode are free. The names are a contract: other clients rely on them.
 *
 * Times of day and dates are the listing's own (its country's time zone, common/locations.ts);
 * instants (`startsAt`) are ISO 8601 with their offset.
 */

export const SLOT_MINUTES_MIN = 15;
export const SLOT_MINUTES_MAX = 120;
export const MAX_VIEWING_WINDOWS = 14;
export const MAX_BLOCKED_DATES = 366;
export const MAX_VIEWING_NOTE = 500;
export const MAX_VIEWING_REASON = 500;
/** A slot closer than this is not offered: the lister needs time to answer and to get there. */
export const VIEWING_LEAD_HOURS = 2;
/** The longest span one slots request covers, and the default one. */
export const SLOT_RANGE_MAX_DAYS = 31;
export const SLOT_RANGE_DEFAULT_DAYS = 14;
/** Requests a renter may have waiting at once (over all listings). */
export const MAX_PENDING_VIEWINGS = 3;
/** A request unanswered this long expires (or when its time comes first). */
export const VIEWING_ANSWER_HOURS = 24;

/** "10:00": hours and minutes on a 24-hour clock; "24:00" is the end of the day. */
const timeOfDay = z
  .string({ error: 'timeInvalid' })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'timeInvalid' });

/** Minutes since midnight of "HH:MM". */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

export const viewingWindowSchema = z.object({
  weekday: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(0, { error: 'invalidValue' })
    .max(6, { error: 'invalidValue' })
    .describe('0 = Sunday … 6 = Saturday'),
  start: timeOfDay.describe('"HH:MM" in the listing’s time zone'),
  end: timeOfDay.describe('"HH:MM", after start; "24:00" for midnight'),
});
export type ViewingWindow = z.infer<typeof viewingWindowSchema>;

const calendarDate = z.iso
  .date({ error: 'dateInvalid' })
  .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', { error: 'dateInvalid' });

/** PUT and GET /api/properties/{id}/viewing-hours. */
export const viewingHoursSchema = z
  .object({
    slotMinutes: z
      .number({ error: 'slotMinutesRange' })
      .int({ error: 'slotMinutesRange' })
      .min(SLOT_MINUTES_MIN, { error: 'slotMinutesRange' })
      .max(SLOT_MINUTES_MAX, { error: 'slotMinutesRange' })
      .describe(`How long one viewing takes, ${SLOT_MINUTES_MIN} to ${SLOT_MINUTES_MAX} minutes`),
    windows: z
      .array(viewingWindowSchema, { error: 'invalidValue' })
      .max(MAX_VIEWING_WINDOWS, { error: 'tooManyWindows' })
      .describe(`The weekly hours, at most ${MAX_VIEWING_WINDOWS}; none: no viewings offered`),
    blockedDates: z
      .array(calendarDate, { error: 'invalidValue' })
      .max(MAX_BLOCKED_DATES, { error: 'tooLong' })
      .describe('Days ("YYYY-MM-DD", the listing’s) on which no viewing is offered'),
  })
  .superRefine((hours, context) => {
    hours.windows.forEach((window, index) => {
      if (minutesOf(window.start) >= minutesOf(window.end)) {
        context.addIssue({
          code: 'custom',
          path: ['windows', index, 'end'],
          message: 'timeRangeInvalid',
        });
        return;
      }
      const overlaps = hours.windows.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.weekday === window.weekday &&
          minutesOf(other.start) < minutesOf(window.end) &&
          minutesOf(window.start) < minutesOf(other.end),
      );
      if (overlaps) {
        context.addIssue({
          code: 'custom',
          path: ['windows', index, 'start'],
          message: 'windowsOverlap',
        });
      }
    });
  });
export type ViewingHours = z.infer<typeof viewingHoursSchema>;

/** GET /api/properties/{id}/viewing-hours: the hours and the zone they are in. */
export const viewingHoursAnswerSchema = z.object({
  slotMinutes: z.number().int(),
  windows: z.array(viewingWindowSchema),
  blockedDates: z.array(z.string()),
  timeZone: z.string().describe('IANA name, e.g. Africa/Accra'),
});
export type ViewingHoursAnswer = z.infer<typeof viewingHoursAnswerSchema>;

/** The most listings one copy of viewing hours reaches (a big agency's portfolio). */
export const MAX_HOURS_COPY_TARGETS = 100;

/**
 * POST /api/properties/{id}/viewing-hours/copy (issue 51): the listing's saved hours (slot
 * length, weekly windows, blocked days) set on the lister's other listings, in one action.
 */
export const viewingHoursCopySchema = z.object({
  propertyIds: z
    .array(z.uuid({ error: 'invalidValue' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(MAX_HOURS_COPY_TARGETS, { error: 'invalidValue' })
    .describe('The lister’s other listings to give these hours'),
});
export const viewingHoursCopiedSchema = z.object({
  propertyIds: z.array(z.string()).describe('The listings whose hours are now these'),
});

/** An instant with its offset, as clients send it ("2026-12-05T10:30:00Z", "…+00:00"). */
const instant = z.iso.datetime({ offset: true, error: 'invalidValue' });

export const viewingSlotsQuerySchema = z.object({
  from: instant.optional().describe('ISO 8601; default now'),
  to: instant
    .optional()
    .describe(
      `ISO 8601; at most ${SLOT_RANGE_MAX_DAYS} days after from; default ${SLOT_RANGE_DEFAULT_DAYS}`,
    ),
});

export const viewingSlotsSchema = z.object({
  slots: z.array(z.object({ startsAt: z.string().describe('ISO 8601 with the listing’s offset') })),
  slotMinutes: z.number().int().nullable().describe('null: the lister offers no viewing hours'),
  timeZone: z.string(),
});
export type ViewingSlots = z.infer<typeof viewingSlotsSchema>;

/** POST /api/properties/{id}/viewings. */
export const viewingRequestSchema = z.object({
  startsAt: instant,
  note: optionalText(MAX_VIEWING_NOTE),
});

/**
 * Why Abode cancelled a viewing itself (issue 51): its listing left the site before the
 * viewing's time. Rented; switched off by its lister; hidden (by an administrator, or for
 * renters' reports); expired (not confirmed as still available); removed (deleted).
 */
export const listingGoneCauses = [
  'listing_rented',
  'listing_off',
  'listing_hidden',
  'listing_expired',
  'listing_removed',
] as const;
export type ListingGoneCause = (typeof listingGoneCauses)[number];

export const viewingStatuses = [
  'pending',
  'confirmed',
  'declined',
  'cancelled',
  'expired',
] as const;
export type ViewingStatus = (typeof viewingStatuses)[number];

export const viewingCreatedSchema = z.object({
  id: z.string(),
  status: z.enum(viewingStatuses),
  startsAt: z.string(),
  conversationId: z.string(),
});

export const viewingListQuerySchema = z.object({
  role: z.enum(['renter', 'lister'], { error: 'invalidValue' }).default('renter'),
  status: z
    .enum(['upcoming', 'past', 'pending'], { error: 'invalidValue' })
    .optional()
    .describe(
      'upcoming: confirmed, not started; pending: waiting for the lister; past: the rest ' +
        '(started, declined, cancelled, expired). Left out: all.',
    ),
});

export const viewingSchema = z.object({
  id: z.string(),
  property: z.object({
    id: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    address: z.string(),
    /**
     * The place's GhanaPost GPS code (issue 39), or null: for the lister, and for the renter
     * once the viewing is confirmed (to find the house on the day), never before.
     */
    ghanaPostGps: z.string().nullable(),
    /** Street and house number (issue 50): as the GhanaPost GPS code, null before confirmation. */
    streetAddress: z.string().nullable(),
    /** The exact pin (issue 50): as the GhanaPost GPS code, null before confirmation. */
    pin: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  }),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  status: z.enum(viewingStatuses),
  /** The renter's note with the request. */
  note: z.string().nullable(),
  /** Why it was declined or cancelled, and a time the lister offered instead. */
  reason: z.string().nullable(),
  suggestedStartsAt: z.string().nullable(),
  cancelledBy: z.enum(['renter', 'lister']).nullable(),
  /**
   * Set when Abode cancelled it because its listing left the site (issue 51): rented, switched
   * off, hidden, expired or removed. `cancelledBy` is then null.
   */
  cancelledFor: z.enum(listingGoneCauses).nullable(),
  otherParty: z.object({ firstName: z.string() }),
  conversationId: z.string(),
  /** Whether the reader is the listing's lister here. */
  asLister: z.boolean(),
  /** The lister said the renter did not come (after a confirmed viewing's time). */
  renterNoShow: z.boolean(),
  noShowDisputed: z
    .boolean()
    .describe(
      'The renter answered "I was there" to the lister’s no-show (issue 50): it does not count ' +
        'in their record and they may still review the viewing. False when there is no no-show.',
    ),
  /**
   * For the lister: how the renter kept their viewings on Abode, with every lister: `booked`
   * (confirmed), of which `cancelled` by the renter after confirmation and `noShows` not
   * attended. Null for the renter.
   */
  renterRecord: z
    .object({ booked: z.number().int(), cancelled: z.number().int(), noShows: z.number().int() })
    .nullable(),
});
export type Viewing = z.infer<typeof viewingSchema>;

export const viewingListSchema = z.object({ viewings: z.array(viewingSchema) });

/**
 * GET /api/user/to-answer (issue 51): what waits for the reader's answer as a lister, for the
 * dashboard's first section and the badge on the header's account menu.
 */
export const toAnswerSchema = z.object({
  viewingRequests: z
    .number()
    .int()
    .describe('Viewing requests to the reader, not answered yet, whose time is still ahead'),
  unansweredEnquiries: z
    .number()
    .int()
    .describe(
      'Conversations with the reader as lister whose latest message is the renter’s (not a ' +
        'viewing step), in conversations the reader has not blocked',
    ),
});
export type ToAnswer = z.infer<typeof toAnswerSchema>;

export const viewingDeclineSchema = z.object({
  reason: optionalText(MAX_VIEWING_REASON),
  suggestedStartsAt: instant.optional(),
});

export const viewingCancelSchema = z.object({ reason: optionalText(MAX_VIEWING_REASON) });

/**
 * How long after a confirmed viewing's end its lister may say the renter did not come (issue
 * 50): while the day is fresh, not weeks later to silence a renter's review.
 */
export const NO_SHOW_HOURS = 48;

/** What a step of a viewing adds to its conversation (an event line, not a message). */
export const viewingSteps = [
  'requested',
  'confirmed',
  'declined',
  'cancelled',
  'expired',
  // The renter answered "I was there" to a no-show (issue 50).
  'no_show_disputed',
] as const;
export type ViewingStep = (typeof viewingSteps)[number];
