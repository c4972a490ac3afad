import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminPropertyListSchema,
  adminPropertySchema,
  administratorSchema,
  auditEntrySchema,
  type AdminProperty,
  type AdminStatusFilter,
  type Administrator,
  type AuditEntry,
  type ReorderFeaturedBody,
} from '#common/admin';
import { messageSchema } from '#common/auth';
import { updatedListingSchema } from '#common/listings';
import { apiRequest } from '../../lib/api-client';
import { useLiveEvent } from '../../lib/live-events';
import { recheckSession } from '../auth';
import { featuredKey, propertyKey, userPropertiesKey } from '../properties';

/**
 * The administrators' endpoints (server/features/admin/routes.ts), one fetcher, query options
 * and hook per endpoint; answers parsed with the schemas of common/admin.ts. Every change
 * reads again the admin lists it may touch, the audit log, and the public listing lists.
 */

export type AdminPropertyQuery = {
  search?: string;
  status?: AdminStatusFilter;
  sort?: 'newest' | 'oldest';
  page?: number;
  limit?: number;
};
export type AdminPropertyList = { properties: AdminProperty[]; total: number };

export const adminPropertiesKey = (query: AdminPropertyQuery = {}) =>
  ['/api/admin/properties', query] as const;
export const adminFeaturedKey = ['/api/admin/featured-properties'] as const;
export const administratorsKey = ['/api/admin/admins'] as const;
export const auditLogKey = (limit: number) => ['/api/admin/audit-log', limit] as const;

const propertyPath = (id: string) => `/api/admin/properties/${encodeURIComponent(id)}`;

function toSearch(query: AdminPropertyQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

// ── Fetchers ──

export async function fetchAdminProperties(query: AdminPropertyQuery): Promise<AdminPropertyList> {
  const search = toSearch(query);
  const url = search ? `/api/admin/properties?${search}` : '/api/admin/properties';
  return adminPropertyListSchema.parse(await apiRequest('GET', url));
}

export async function fetchFeatured(): Promise<AdminProperty[]> {
  return z.array(adminPropertySchema).parse(await apiRequest('GET', adminFeaturedKey[0]));
}

export async function fetchAdministrators(): Promise<Administrator[]> {
  return z.array(administratorSchema).parse(await apiRequest('GET', administratorsKey[0]));
}

export async function fetchAuditLog(limit: number): Promise<AuditEntry[]> {
  return z
    .array(auditEntrySchema)
    .parse(await apiRequest('GET', `/api/admin/audit-log?limit=${limit}`));
}

export async function approveProperty(id: string) {
  return updatedListingSchema.parse(await apiRequest('POST', `${propertyPath(id)}/approve`));
}

export async function rejectProperty({ id, reason }: { id: string; reason: string }) {
  return updatedListingSchema.parse(
    await apiRequest('POST', `${propertyPath(id)}/reject`, { reason }),
  );
}

export async function setVisibility({
  id,
  isActive,
  reason,
}: {
  id: string;
  isActive: boolean;
  /** Why it is hidden, for its owner (hiding only). */
  reason?: string;
}) {
  return messageSchema.parse(
    await apiRequest('PATCH', `${propertyPath(id)}/visibility`, { isActive, reason }),
  );
}

export async function deleteProperty(id: string): Promise<void> {
  await apiRequest('DELETE', propertyPath(id));
}

export async function setFeatured({
  id,
  isFeatured,
  featuredOrder,
}: {
  id: string;
  isFeatured: boolean;
  featuredOrder?: number;
}) {
  return messageSchema.parse(
    await apiRequest('PATCH', `${propertyPath(id)}/featured`, { isFeatured, featuredOrder }),
  );
}

export async function reorderFeatured(body: ReorderFeaturedBody): Promise<{ order: string[] }> {
  return z
    .object({ order: z.array(z.string()) })
    .parse(await apiRequest('POST', '/api/admin/reorder-featured-properties', body));
}

export async function grantAdministrator(email: string): Promise<Administrator> {
  return administratorSchema.parse(await apiRequest('POST', administratorsKey[0], { email }));
}

export async function revokeAdministrator(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/admins/${encodeURIComponent(id)}`);
}

export async function changeAdminPassword(body: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ message: string }> {
  return messageSchema.parse(await apiRequest('POST', '/api/admin/change-password', body));
}

// ── Queries ──

export const adminPropertiesQuery = (query: AdminPropertyQuery) =>
  queryOptions({
    queryKey: adminPropertiesKey(query),
    queryFn: () => fetchAdminProperties(query),
  });

export const featuredQuery = queryOptions({ queryKey: adminFeaturedKey, queryFn: fetchFeatured });

export const administratorsQuery = queryOptions({
  queryKey: administratorsKey,
  queryFn: fetchAdministrators,
});

export const auditLogQuery = (limit: number) =>
  queryOptions({ queryKey: auditLogKey(limit), queryFn: () => fetchAuditLog(limit) });

/** Listings of any status with their owners; keeps the last page on screen while paging. */
export function useAdminProperties(query: AdminPropertyQuery) {
  return useQuery({
    ...adminPropertiesQuery(query),
    placeholderData: (previous) => previous,
  });
}

/** The approval queue: listings waiting for review, oldest first (spec: Property approval). */
export const approvalQueueQuery = (page: number) =>
  adminPropertiesQuery({ status: 'pending', sort: 'oldest', page });

export function useApprovalQueue(page: number) {
  return useQuery({ ...approvalQueueQuery(page), placeholderData: (previous) => previous });
}

/** How many listings wait for review (one row is enough to read the total). */
/**
 * How many listings wait for review; it moves as listings arrive or are decided, by any
 * administrator (a live update, issue 35), and the lists of listings are fetched again with it.
 */
export function usePendingCount() {
  const queryClient = useQueryClient();
  useLiveEvent('moderation.queue-changed', () => {
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/properties'] });
  });
  return useQuery({
    ...adminPropertiesQuery({ status: 'pending', limit: 1 }),
    select: (list) => list.total,
  });
}

/**
 * Featured-candidate fetch (spec: active listings, limit 100). Only live ones (active and
 * approved) can be featured, so the server filters them: 100 pending ones cannot crowd out
 * the candidates.
 */
export const CANDIDATE_FETCH_LIMIT = 100;

export function useFeaturedProperties() {
  return useQuery(featuredQuery);
}

export function useFeatureCandidates() {
  return useQuery(adminPropertiesQuery({ status: 'live', limit: CANDIDATE_FETCH_LIMIT }));
}

export function useAdministrators() {
  return useQuery(administratorsQuery);
}

export function useAuditLog(limit: number) {
  return useQuery({ ...auditLogQuery(limit), placeholderData: (previous) => previous });
}

// ── Mutations ──

/**
 * After a change: the admin lists, the audit log, and every public list the listing may be
 * in (home, search, detail, the owner's dashboard). The panel gives it to the Reports and
 * Verifications tabs too (admin-tabs.tsx). A refused change reads the current user again
 * (auth's recheckSession), so the page shows that sign-in is needed.
 */
export function afterListingChange(queryClient: QueryClient, id?: string) {
  const keys = [
    ['/api/admin/properties'],
    adminFeaturedKey,
    ['/api/admin/audit-log'],
    featuredKey,
    ['/api/properties/search'],
    userPropertiesKey,
    ...(id ? [propertyKey(id)] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Takes a listing out of every cached admin list at once (it left the queue, or was deleted). */
function dropFromLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<AdminPropertyList>({ queryKey: ['/api/admin/properties'] }, (list) =>
    list && list.properties.some((p) => p.id === id)
      ? { properties: list.properties.filter((p) => p.id !== id), total: list.total - 1 }
      : list,
  );
}

function useListingMutation<T extends { id: string }, R>(
  mutationFn: (variables: T) => Promise<R>,
  { leavesLists = false }: { leavesLists?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      if (leavesLists) dropFromLists(queryClient, variables.id);
      // Not awaited: the screen confirms at once, the lists catch up.
      void afterListingChange(queryClient, variables.id);
    },
    onError: (error) => recheckSession(queryClient, error),
  });
}

/** Approve; from the queue (`leavesLists`) the listing leaves the cached lists at once. */
export function useApproveProperty({ leavesLists = false }: { leavesLists?: boolean } = {}) {
  return useListingMutation(({ id }: { id: string }) => approveProperty(id), { leavesLists });
}

export function useRejectProperty() {
  return useListingMutation(rejectProperty, { leavesLists: true });
}

export function useSetVisibility() {
  return useListingMutation(setVisibility);
}

export function useDeleteProperty() {
  return useListingMutation(({ id }: { id: string }) => deleteProperty(id), { leavesLists: true });
}

export function useSetFeatured() {
  return useListingMutation(setFeatured);
}

/**
 * Reorders the featured list. The new order shows at once; a failure puts the old one back
 * (the caller shows the toast).
 */
export function useReorderFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: ReorderFeaturedBody; next: AdminProperty[] }) =>
      reorderFeatured(body),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: adminFeaturedKey });
      const previous = queryClient.getQueryData<AdminProperty[]>(adminFeaturedKey);
      queryClient.setQueryData(adminFeaturedKey, next);
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(adminFeaturedKey, context.previous);
      recheckSession(queryClient, error);
    },
    onSettled: () => afterListingChange(queryClient),
  });
}

function useAdministratorMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [administratorsKey, ['/api/admin/audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    onError: (error) => recheckSession(queryClient, error),
  });
}

export function useGrantAdministrator() {
  return useAdministratorMutation(grantAdministrator);
}

export function useRevokeAdministrator() {
  return useAdministratorMutation(revokeAdministrator);
}

export function useChangeAdminPassword() {
  return useAdministratorMutation(changeAdminPassword);
}
