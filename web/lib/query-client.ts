import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The spec's default reader: GET the path made by joining the query key's segments. */
const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiRequest('GET', queryKey.filter((part) => typeof part === 'string').join('/'));

/**
 * Spec defaults: no retries, data never stale, no refetch on focus, unused data dropped after
 * five minutes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
