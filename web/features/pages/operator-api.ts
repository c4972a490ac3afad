import { useQuery } from '@tanstack/react-query';
import type { Operator } from '#common/legal';
import { apiRequest } from '../../lib/api-client';

/**
 * Who runs the site, as the legal pages name it (issue 51): the server's configuration
 * (OPERATOR_*), the same for every reader. The server renders the legal pages with it
 * (page-reads.ts); a page the browser draws reads it once, and keeps it.
 */
export const operatorKey = ['/api/legal/operator'] as const;
export const operatorPath = '/api/legal/operator';

export function useOperator() {
  return useQuery({
    queryKey: operatorKey,
    queryFn: () => apiRequest<Operator>('GET', operatorPath),
  });
}
