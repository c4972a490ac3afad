import { z } from 'zod';
import { blankToUndefined } from './fields';

/**
 * A listing's own figures for its lister (issue 51), over the last 7, 30 or 90 days:
 * `GET /api/user/properties/{id}/stats?days=`. The names are a contract: other clients rely
 * on them.
 */
export const LISTING_STATS_DAYS = [7, 30, 90] as const;
export type ListingStatsDays = (typeof LISTING_STATS_DAYS)[number];
export const DEFAULT_LISTING_STATS_DAYS: ListingStatsDays = 30;

export const listingStatsQuerySchema = z.object({
  days: z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
    },
    z
      .union(
        LISTING_STATS_DAYS.map((days) => z.literal(days)) as [
          z.ZodLiteral<7>,
          z.ZodLiteral<30>,
          z.ZodLiteral<90>,
        ],
        { error: 'invalidValue' },
      )
      .default(DEFAULT_LISTING_STATS_DAYS)
      .describe('The span, in days back from now: 7, 30 (the default) or 90'),
  ),
});

const count = (description: string) => z.number().int().min(0).describe(description);

export const listingStatsSchema = z.object({
  days: z.number().int(),
  since: z.string().describe('ISO 8601: the start of the span (now minus `days`)'),
  views: count(
    'Times the listing’s page was opened, by anyone but its lister (the same count as the ' +
      'dashboard’s page views, over the span)',
  ),
  enquiries: count(
    'Conversations renters started about the listing with a message (one a viewing request ' +
      'started counts as a request)',
  ),
  viewingRequests: count('Viewings renters asked for'),
  confirmedViewings: count('Viewing requests of the span the lister confirmed'),
  heldViewings: count(
    'Confirmed viewings whose time ended in the span, but for those the renter missed ' +
      '(a no-show the renter did not dispute)',
  ),
  reviews: count('Reviews written about the listing, not hidden by a moderator'),
});
export type ListingStats = z.infer<typeof listingStatsSchema>;
