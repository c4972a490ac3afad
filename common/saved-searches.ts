import { z } from 'zod';

/**
 * Saved searches with alerts (issue 21). A signed-in user saves the search of /search (its URL
 * parameters, validated by the search's own schema, page and limit left out); when a listing
 * that matches goes live, the saved search gets one alert, by e-mail or SMS, at once or in the
 * 08:00 (Africa/Accra) digest.
 */
export const MAX_SAVED_SEARCHES = 20;
/** Alert messages a user gets in one day (Ghana's day: UTC), whatever their saved searches. */
export const MAX_ALERTS_PER_DAY = 10;
export const MAX_SAVED_SEARCH_NAME = 80;
/** The hour of the daily digest, Africa/Accra (UTC all year). */
export const DIGEST_HOUR_UTC = 8;

export const alertChannels = ['email', 'sms'] as const;
export type AlertChannel = (typeof alertChannels)[number];
export const alertFrequencies = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/**
 * A search as its URL says it: parameter → value. Validated on the server by
 * searchQuerySchema; `page` and `limit` are dropped (an alert is about matches, not a page).
 */
export const savedQuerySchema = z.record(
  z.string().max(40),
  z.union([z.string().max(300), z.number(), z.boolean(), z.array(z.string().max(40)).max(40)]),
);

const nameSchema = z
  .string({ error: 'invalidValue' })
  .trim()
  .min(1, { error: 'required' })
  .max(MAX_SAVED_SEARCH_NAME, { error: 'tooLong' });

/** POST /api/saved-searches. Without a name the server makes one from the search. */
export const savedSearchInputSchema = z.object({
  name: nameSchema.optional(),
  query: savedQuerySchema,
  channel: z.enum(alertChannels, { error: 'invalidValue' }),
  frequency: z.enum(alertFrequencies, { error: 'invalidValue' }),
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** PATCH /api/saved-searches/{id}: any of the fields. */
export const savedSearchPatchSchema = savedSearchInputSchema.partial();
export type SavedSearchPatch = z.input<typeof savedSearchPatchSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The search's URL parameters, as strings (`new URLSearchParams(query)` makes its link). */
  query: z.record(z.string(), z.string()),
  channel: z.enum(alertChannels),
  frequency: z.enum(alertFrequencies),
  createdAt: z.string(),
  /** When it last sent an alert (ISO), or null. */
  lastAlertAt: z.string().nullable(),
  /** Alerts it has sent, all time. */
  alertCount: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });

export const savedSearchIdParamsSchema = z.object({ id: z.string().max(100) });

/** GET /api/saved-searches/unsubscribe?token=: the one-tap link of every alert. */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(1000).optional() });
/** Its answer to a client asking for JSON (a browser is redirected to /alerts/stopped). */
export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true), name: z.string() });
