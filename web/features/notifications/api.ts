import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deliveryListSchema,
  deliverySchema,
  type DeliveryGroup,
  type DeliveryList,
} from '#common/deliveries';
import { apiRequest } from '../../lib/api-client';

/** The Deliveries tab (issue 18): e-mail and SMS, queued, sent or failed. */
export const deliveriesKey = (status: DeliveryGroup, page: number) =>
  ['/api/admin/deliveries', status, page] as const;

export async function fetchDeliveries(status: DeliveryGroup, page: number): Promise<DeliveryList> {
  const params = new URLSearchParams({ status, page: String(page) });
  return deliveryListSchema.parse(await apiRequest('GET', `/api/admin/deliveries?${params}`));
}

export function useDeliveries(status: DeliveryGroup, page: number) {
  return useQuery({
    queryKey: deliveriesKey(status, page),
    queryFn: () => fetchDeliveries(status, page),
    placeholderData: keepPreviousData,
    // What waits moves on its own: look again while the tab is open.
    refetchInterval: status === 'queued' ? 10_000 : false,
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      deliverySchema.parse(await apiRequest('POST', `/api/admin/deliveries/${id}/retry`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/deliveries'] }),
  });
}
