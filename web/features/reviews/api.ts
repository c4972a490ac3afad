import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminReviewListSchema,
  listerReviewsSchema,
  reviewCreatedSchema,
  reviewReportCreatedSchema,
  viewingReviewStateSchema,
  type ReviewAction,
  type ReviewBody,
  type ReviewReportReason,
  type adminReviewGroups,
} from '#common/reviews';
import { apiRequest } from '../../lib/api-client';

// Only the screens of reviews (lazy: the review page, the dashboard's section, the admin tab)
// import this module: the schemas (and Zod) stay out of the first pages' download.

const reviewsKey = ['reviews'] as const;
const viewingReviewKey = (viewingId: string) => [...reviewsKey, 'viewing', viewingId] as const;
const reviewUrl = (id: string) => `/api/reviews/${encodeURIComponent(id)}`;

/** Whether the reader may review a viewing, why not, and their review of it. */
export function useViewingReview(viewingId: string) {
  return useQuery({
    queryKey: viewingReviewKey(viewingId),
    queryFn: async () =>
      viewingReviewStateSchema.parse(
        await apiRequest('GET', `/api/viewings/${encodeURIComponent(viewingId)}/review`),
      ),
  });
}

/** Writes the review of a viewing, or (with `reviewId`) changes it. */
export function useSaveReview(viewingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, ...body }: ReviewBody & { reviewId?: string }) => {
      if (reviewId) {
        await apiRequest('PUT', reviewUrl(reviewId), body);
        // The page reads again where it stands (held or published) from the review's state.
        return { id: reviewId, status: undefined };
      }
      return reviewCreatedSchema.parse(
        await apiRequest('POST', `/api/viewings/${encodeURIComponent(viewingId)}/review`, body),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: viewingReviewKey(viewingId) });
      // The listing's page shows the new rating and review.
      void queryClient.invalidateQueries({ queryKey: ['/api/properties'] });
    },
  });
}

/** The reviews of the reader's listings (the host dashboard). */
export function useListerReviews(page: number) {
  return useQuery({
    queryKey: [...reviewsKey, 'mine', page],
    queryFn: async () =>
      listerReviewsSchema.parse(await apiRequest('GET', `/api/user/reviews?page=${page}`)),
  });
}

/** The lister answers a review, or reports it to the administrators. */
export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      answer:
        | { id: string; reply: string }
        | { id: string; report: { reason: ReviewReportReason; note?: string } },
    ) => {
      if ('reply' in answer) {
        await apiRequest('POST', `${reviewUrl(answer.id)}/reply`, { text: answer.reply });
        return null;
      }
      return reviewReportCreatedSchema.parse(
        await apiRequest('POST', `${reviewUrl(answer.id)}/reports`, answer.report),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewsKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/properties'] });
    },
  });
}

export function useAdminReviews(status: (typeof adminReviewGroups)[number], page: number) {
  return useQuery({
    queryKey: [...reviewsKey, 'admin', status, page],
    queryFn: async () =>
      adminReviewListSchema.parse(
        await apiRequest('GET', `/api/admin/reviews?status=${status}&page=${page}`),
      ),
  });
}

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; action: ReviewAction; reason?: string }) =>
      apiRequest('POST', `/api/admin/reviews/${encodeURIComponent(id)}/decision`, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
