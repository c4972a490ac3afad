import { z } from 'zod';
import { pathId } from './fields';

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
/** `off`: the search stays saved and sends nothing (what an alert's unsubscribe sets). */
export const alertFrequencies = ['instant', 'daily', 'off'] as const;
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

export const savedSearchIdParamsSchema = z.object({ id: pathId() });

/**
 * The unsubscribe link of every alert (issue 34): it opens /alerts/unsubscribe?token=, whose
 * button stops the alerts (POST); a GET changes nothing, as mail scanners and link previews
 * fetch links. Links last UNSUBSCRIBE_LINK_DAYS days.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;
/** The one-click endpoint of RFC 8058 that alert e-mails name in List-Unsubscribe. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/saved-searches/unsubscribe/one-click';

const unsubscribeToken = z.string().trim().min(1).max(1000);
/** GET /api/saved-searches/unsubscribe?token= (read-only) and the one-click endpoint's query. */
export const unsubscribeQuerySchema = z.object({ token: unsubscribeToken.optional() });
/** POST /api/saved-searches/unsubscribe (and /resubscribe): the link's token. */
export const unsubscribeInputSchema = z.object({ token: unsubscribeToken });
export type UnsubscribeInput = z.input<typeof unsubscribeInputSchema>;
/** RFC 8058: the body a mail provider posts (form-encoded or multipart) to unsubscribe. */
export const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** What a link stops: a saved search's alerts, or the price alerts of one saved listing. */
export const unsubscribeKinds = ['saved-search', 'price-alerts'] as const;
/**
 * What an unsubscribe link names (the GET's answer, read-only) or did (the POSTs' answer):
 * which alerts, by name (the saved search's, or the listing's title for price alerts), and
 * whether they are off now.
 */
export const unsubscribeTargetSchema = z.object({
  kind: z.enum(unsubscribeKinds),
  name: z.string(),
  stopped: z.boolean(),
});
export type UnsubscribeTarget = z.infer<typeof unsubscribeTargetSchema>;
