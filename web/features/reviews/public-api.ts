import { useQuery } from '@tanstack/react-query';
import type { PropertyReviews } from '#common/reviews';
import { apiRequest } from '../../lib/api-client';

// Read by the listing's page, a first page: typed, not parsed, so Zod stays out of its download
// (as the listing itself, properties/api.ts).

/** Under the listing's key, so what refreshes the listing refreshes its reviews too. */
export const propertyReviewsKey = (propertyId: string, page: number) =>
  ['/api/properties', propertyId, 'reviews', page] as const;

export const propertyReviewsPath = (propertyId: string, page: number) =>
  `/api/properties/${encodeURIComponent(propertyId)}/reviews${page > 1 ? `?page=${page}` : ''}`;

/** A page of reviews: a listing's, or a lister's (both 10 a page, newest first). */
export type ReviewPageQuery = (page: number) => {
  queryKey: readonly unknown[];
  queryFn: () => Promise<PropertyReviews>;
};

export const propertyReviewsQuery =
  (propertyId: string): ReviewPageQuery =>
  (page) => ({
    queryKey: propertyReviewsKey(propertyId, page),
    queryFn: () => apiRequest<PropertyReviews>('GET', propertyReviewsPath(propertyId, page)),
  });

export function usePropertyReviews(propertyId: string, page: number) {
  return useQuery(propertyReviewsQuery(propertyId)(page));
}

/** A lister's reviews (issue 51), under the lister page's key (listers/api.ts). */
export const listerReviewsKey = (handle: string, page: number) =>
  ['/api/listers', handle, 'reviews', page] as const;

export const listerReviewsPath = (handle: string, page: number) =>
  `/api/listers/${encodeURIComponent(handle)}/reviews${page > 1 ? `?page=${page}` : ''}`;

export const listerReviewsQuery =
  (handle: string): ReviewPageQuery =>
  (page) => ({
    queryKey: listerReviewsKey(handle, page),
    queryFn: () => apiRequest<PropertyReviews>('GET', listerReviewsPath(handle, page)),
  });

/**
 * How many renters who came said they were asked for money before the viewing, in the last 90
 * days (issue 50), from the first page of the listing's reviews (the page reads it already);
 * 0 until it is known.
 */
export function useAskedForMoneyRecently(propertyId: string): number {
  return usePropertyReviews(propertyId, 1).data?.summary.askedForMoneyRecently ?? 0;
}
