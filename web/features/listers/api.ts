import { useQuery } from '@tanstack/react-query';
import type { ListerProfile } from '#common/reviews';
import { apiRequest } from '../../lib/api-client';

// A public page a visitor may open first (from a listing or a search engine): typed, not
// parsed, like the listing's page.

export const listerKey = (handle: string) => ['/api/listers', handle] as const;
export const listerPath = (handle: string) => `/api/listers/${encodeURIComponent(handle)}`;

export function useLister(handle: string) {
  return useQuery({
    queryKey: listerKey(handle),
    queryFn: () => apiRequest<ListerProfile>('GET', listerPath(handle)),
  });
}
