import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { adminVerificationListSchema, type VerificationStatus } from '#common/verifications';
import { apiRequest } from '../../lib/api-client';

/**
 * The administrators' Verifications tab (issue 19): listers' identity documents and agent
 * licences, and deciding them.
 */

/**
 * What else to read again after a decision: an approval changes the badges of the lister's
 * listings, in lists the admin panel that shows the tab knows (its afterListingChange).
 */
export type AfterListingChange = (queryClient: QueryClient) => Promise<unknown>;

export const verificationsKey = (status: VerificationStatus, page: number) =>
  ['/api/admin/verifications', status, page] as const;

export function useVerificationRequests(status: VerificationStatus, page: number) {
  return useQuery({
    queryKey: verificationsKey(status, page),
    queryFn: async () => {
      const params = new URLSearchParams({ status, page: String(page) });
      return adminVerificationListSchema.parse(
        await apiRequest('GET', `/api/admin/verifications?${params}`),
      );
    },
    placeholderData: keepPreviousData,
  });
}

const decidedSchema = z.object({ status: z.enum(['approved', 'rejected']) });

export function useDecideVerification(afterListingChange: AfterListingChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: {
      id: string;
      decision: 'approve' | 'reject';
      reason?: string;
    }) =>
      decidedSchema.parse(
        await apiRequest('POST', `/api/admin/verifications/${variables.id}/decision`, {
          decision: variables.decision,
          ...(variables.reason ? { reason: variables.reason } : {}),
        }),
      ),
    // An approval changes the badges of the lister's listings.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/verifications'] }),
        afterListingChange(queryClient),
      ]),
  });
}
