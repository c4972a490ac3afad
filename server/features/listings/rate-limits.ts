/**
 * The rate limits of listing writes, contact reveals, rented marks, renewals and confirmations; the
 * mechanics that apply them are in server/lib/rate-limits.ts.
 */

export const rateLimits = {
  listingWritesPerIp: { max: 120, timeWindow: 60 * 60_000 },
  // Revealing an owner's contact details (issue 19). Per account: different listings in any
  // 24 hours, counted in the database (contact_reveals, features/listings/contact-reveals.ts);
  // a renter shortlists a few a day, a harvester of phone numbers wants hundreds. The English
  // of `contact_reveals_limit` says "24 hours": change both together. Per IP it is generous, as
  // a campus or a mobile network shares one address.
  contactRevealsPerAccount: { max: 30, timeWindow: 24 * 60 * 60_000 },
  contactRevealsPerIp: { max: 300, timeWindow: 60 * 60_000 },
  // Different listings revealed from one address a day, whichever accounts ask (issue 34): a
  // household or an office shares an address; a harvester with many accounts is bounded.
  contactRevealsPerAddress: { max: 60, timeWindow: 24 * 60 * 60_000 },
  // Marking listings rented and available again (issue 21): an agent lets a few places a day.
  rentedPerAccount: { max: 60, timeWindow: 60 * 60_000 },
  // Renewing or confirming a listing (dashboard or reminder link): a few a day per listing; an
  // agent with many listings renews them in a sitting.
  renewalsPerAccount: { max: 120, timeWindow: 60 * 60_000 },
  // A reminder's one-tap answer, without signing in: per address, and per listing (a link
  // shared or replayed changes the same listing over and over).
  listingConfirmationsPerIp: { max: 60, timeWindow: 60 * 60_000 },
  listingConfirmationsPerListing: { max: 10, timeWindow: 60 * 60_000 },
} as const;
