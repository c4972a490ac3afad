import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  serviceProviderSchema,
  type ProviderCategory,
  type ProviderRegistration,
  type ProviderStatus,
} from '#common/providers';
import { apiRequest } from '../../lib/api-client';

/** Home maintenance providers: registration, the directory and the admins' review. */
export type ProviderQuery = {
  status?: ProviderStatus;
  categoryId?: ProviderCategory;
  serviceArea?: string;
};

export const providersKey = (query: ProviderQuery = {}) =>
  ['/api/service-providers', query] as const;

export async function fetchProviders(query: ProviderQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return z
    .array(serviceProviderSchema)
    .parse(await apiRequest('GET', `/api/service-providers${search ? `?${search}` : ''}`));
}

export const providersQuery = (query: ProviderQuery) =>
  queryOptions({ queryKey: providersKey(query), queryFn: () => fetchProviders(query) });

export function useProviders(query: ProviderQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...providersQuery(query), enabled: options.enabled ?? true });
}

export async function registerProvider(body: ProviderRegistration) {
  return serviceProviderSchema.parse(await apiRequest('POST', '/api/service-providers', body));
}

export const useRegisterProvider = () => useMutation({ mutationFn: registerProvider });

export async function setProviderStatus({ id, status }: { id: string; status: ProviderStatus }) {
  return serviceProviderSchema.parse(
    await apiRequest('PATCH', `/api/service-providers/${encodeURIComponent(id)}/status`, {
      status,
    }),
  );
}

/** Every list of providers is read again: a provider moves between the tabs and the directory. */
export function useSetProviderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProviderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/service-providers'] }),
  });
}
