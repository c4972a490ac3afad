import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  savedSearchListSchema,
  savedSearchSchema,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchPatch,
} from '#common/saved-searches';
import { apiRequest, isUnauthorized } from '../../lib/api-client';
import { currentUserKey } from '../auth';

// Only the dialog and the two lazy pages import this module, so the schemas (and Zod) never
// reach the search page's first download (docs/performance.md).

export const savedSearchesKey = ['/api/saved-searches'] as const;

const itemUrl = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;

/** GET /api/saved-searches: the user's saved searches, newest first. */
export async function fetchSavedSearches(): Promise<SavedSearch[]> {
  return savedSearchListSchema.parse(await apiRequest('GET', '/api/saved-searches')).savedSearches;
}

export async function createSavedSearch(input: SavedSearchInput): Promise<SavedSearch> {
  return savedSearchSchema.parse(await apiRequest('POST', '/api/saved-searches', input));
}

export async function updateSavedSearch({
  id,
  patch,
}: {
  id: string;
  patch: SavedSearchPatch;
}): Promise<SavedSearch> {
  return savedSearchSchema.parse(await apiRequest('PATCH', itemUrl(id), patch));
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await apiRequest('DELETE', itemUrl(id));
}

export const savedSearchesQuery = queryOptions({
  queryKey: savedSearchesKey,
  queryFn: fetchSavedSearches,
});

export function useSavedSearches() {
  return useQuery(savedSearchesQuery);
}

/** A 401 means the session ended meanwhile: read the current user again (it becomes null). */
function recheckSession(queryClient: QueryClient, error: unknown) {
  if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: currentUserKey });
}

/** Replaces (or, with `add`, puts first) one saved search in the cached list, if there is one. */
function putInList(queryClient: QueryClient, saved: SavedSearch, add = false) {
  queryClient.setQueryData<SavedSearch[]>(savedSearchesKey, (list) => {
    if (!list) return list;
    if (add) return [saved, ...list.filter((item) => item.id !== saved.id)];
    return list.map((item) => (item.id === saved.id ? saved : item));
  });
}

/** Saves the current search; the list (if already read) shows it at once, newest first. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: (saved) => putInList(queryClient, saved, true),
    onError: (error) => recheckSession(queryClient, error),
  });
}

/** Changes a saved search's name, channel or frequency; the answer replaces it in the list. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: (saved) => putInList(queryClient, saved),
    onError: (error) => recheckSession(queryClient, error),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_, id) =>
      queryClient.setQueryData<SavedSearch[]>(savedSearchesKey, (list) =>
        list?.filter((item) => item.id !== id),
      ),
    onError: (error) => recheckSession(queryClient, error),
  });
}
