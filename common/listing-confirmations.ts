import { z } from 'zod';
import { listingStatuses } from './listing-rules';

/**
 * The answers an owner gives to the monthly "Is it still available?" reminder (issue 21), by
 * tapping a signed link in the e-mail or SMS. The link opens /listing-check, which sends the
 * answer here: POST /api/listing-confirmations. A link fetched by a mail scanner or a preview
 * therefore changes nothing; a person's tap does, without signing in.
 */
export const confirmationAnswers = ['available', 'rented'] as const;
export type ConfirmationAnswer = (typeof confirmationAnswers)[number];

export const listingConfirmationSchema = z.object({
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1000),
  answer: z.enum(confirmationAnswers, { error: 'invalidValue' }),
});
export type ListingConfirmationInput = z.infer<typeof listingConfirmationSchema>;

export const listingConfirmedSchema = z.object({
  id: z.string(),
  title: z.string(),
  answer: z.enum(confirmationAnswers),
  status: z.enum(listingStatuses),
  /** When it was last confirmed available (ISO). */
  confirmedAt: z.string(),
});
export type ListingConfirmed = z.infer<typeof listingConfirmedSchema>;

/** POST /api/properties/{id}/renew: an expired (or live) listing confirmed for 30 more days. */
export const renewedListingSchema = z.object({
  id: z.string(),
  status: z.enum(listingStatuses),
  confirmedAt: z.string(),
});
