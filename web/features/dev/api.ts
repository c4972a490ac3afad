import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxListSchema } from '#common/outbox';
import { apiRequest } from '../../lib/api-client';

export const outboxQuery = queryOptions({
  queryKey: ['/api/dev/outbox'],
  queryFn: async () => outboxListSchema.parse(await apiRequest('GET', '/api/dev/outbox')).messages,
});

export function useOutbox() {
  return useQuery(outboxQuery);
}
