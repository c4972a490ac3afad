import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingConfirmationInput } from '#common/listing-confirmations';
import { apiRequest } from '../../lib/api-client';
import { invalidateListings } from './api';

/**
 * The monthly "still available?" confirmation of listings (issue 21). Apart from api.ts, which
 * the first pages load: only the dashboard and /listing-check use these, and the schemas come
 * with the request (a dynamic import), never with the first pages.
 */
const confirmationSchemas = () => import('#common/listing-confirmations');

/** The owner's one-tap answer from the reminder's signed link; no sign-in needed. */
export async function confirmListing(input: ListingConfirmationInput) {
  const [schemas, body] = await Promise.all([
    confirmationSchemas(),
    apiRequest('POST', '/api/listing-confirmations', input),
  ]);
  return schemas.listingConfirmedSchema.parse(body);
}

/** Renews an expired listing, or confirms a live one, for LISTING_CONFIRM_DAYS more days. */
export async function renewListing(id: string) {
  const [schemas, body] = await Promise.all([
    confirmationSchemas(),
    apiRequest('POST', `/api/properties/${encodeURIComponent(id)}/renew`),
  ]);
  return schemas.renewedListingSchema.parse(body);
}

/** The answer of /listing-check; the owner's lists and searches are read again after it. */
export function useConfirmListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmListing,
    onSuccess: () => invalidateListings(queryClient),
  });
}

/** Renew (or "Still available") on the dashboard: back in search at once, no new review. */
export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewListing,
    onSuccess: () => invalidateListings(queryClient),
  });
}
