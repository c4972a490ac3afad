/**
 * The limits of viewings (issue 38), per account, per address and per listing, in the shared
 * rate-limit store (server/lib/rate-limits.ts). A renter has at most 3 requests waiting at once
 * (common/viewings.ts), counted in the database.
 */
const DAY = 24 * 60 * 60_000;

export const rateLimits = {
  // A renter asks to see a handful of places a day; 30 is a busy week's house hunting.
  viewingRequestsPerAccount: { max: 30, timeWindow: DAY },
  viewingRequestsPerIp: { max: 30, timeWindow: DAY },
  // One listing's requests from everyone: a flood buries no lister's dashboard.
  viewingRequestsPerListing: { max: 100, timeWindow: DAY },
  // A lister answering a popular listing's requests, one by one.
  viewingAnswersPerAccount: { max: 200, timeWindow: DAY },
  viewingAnswersPerIp: { max: 300, timeWindow: DAY },
  // Cancelling is free, but not a way to fill someone's conversation with event lines.
  viewingCancelsPerAccount: { max: 20, timeWindow: DAY },
  viewingCancelsPerIp: { max: 60, timeWindow: DAY },
  // "I was there" is said once per viewing marked missed (issue 50); a handful a day is plenty.
  viewingDisputesPerAccount: { max: 20, timeWindow: DAY },
  viewingDisputesPerIp: { max: 60, timeWindow: DAY },
  // Hours are set now and then; the slots are read by anyone who opens a booking dialog.
  viewingHoursPerAccount: { max: 60, timeWindow: 60 * 60_000 },
  viewingSlotsPerIp: { max: 600, timeWindow: 60 * 60_000 },
  // A calendar app may fetch the file again now and then; nobody needs hundreds an hour.
  viewingCalendarsPerIp: { max: 120, timeWindow: 60 * 60_000 },
} as const;
