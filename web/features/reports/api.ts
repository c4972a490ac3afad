import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  reportedListingListSchema,
  reviewedConversationSchema,
  type ReportAction,
  type ReportedListingList,
} from '#common/reports';
import { apiRequest } from '../../lib/api-client';

/**
 * The administrators' Reports tab (issue 19): listings with open or resolved reports, and
 * closing them.
 */
export type ReportGroup = 'open' | 'resolved';

/**
 * What else to read again once a listing's reports are closed: the lists the listing is in,
 * which the admin panel that shows the tab knows (its afterListingChange).
 */
export type AfterListingChange = (queryClient: QueryClient, propertyId: string) => Promise<unknown>;

export const reportsKey = (status: ReportGroup, page: number) =>
  ['/api/admin/reports', status, page] as const;

export async function fetchReportedListings(
  status: ReportGroup,
  page: number,
): Promise<ReportedListingList> {
  const params = new URLSearchParams({ status, page: String(page) });
  return reportedListingListSchema.parse(await apiRequest('GET', `/api/admin/reports?${params}`));
}

export function useReportedListings(status: ReportGroup, page: number) {
  return useQuery({
    queryKey: reportsKey(status, page),
    queryFn: () => fetchReportedListings(status, page),
    placeholderData: keepPreviousData,
  });
}

const resolvedSchema = z.object({ resolved: z.number().int() });

export function useResolveReports(afterListingChange: AfterListingChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { propertyId: string; action: ReportAction; reason?: string }) =>
      resolvedSchema.parse(
        await apiRequest('POST', `/api/admin/reports/${variables.propertyId}/resolve`, {
          action: variables.action,
          ...(variables.reason ? { reason: variables.reason } : {}),
        }),
      ),
    onSettled: (_data, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/reports'] }),
        afterListingChange(queryClient, variables.propertyId),
      ]),
  });
}

/**
 * The conversation a report was sent from (issue 37), read page by page (newest first). Each
 * request is recorded in the audit log, so it is asked for only when opened, and kept.
 */
export function useReportedConversation(reportId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/reports', reportId, 'conversation'],
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      return reviewedConversationSchema.parse(
        await apiRequest(
          'GET',
          `/api/admin/reports/${encodeURIComponent(reportId)}/conversation${query}`,
        ),
      );
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages.at(-1)?.id : undefined),
    enabled,
    staleTime: Infinity,
  });
}
