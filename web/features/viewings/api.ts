import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  viewingCreatedSchema,
  viewingHoursAnswerSchema,
  viewingHoursCopiedSchema,
  viewingListSchema,
  viewingSchema,
  viewingSlotsSchema,
  type ViewingHours,
} from '#common/viewings';
import { apiRequest } from '../../lib/api-client';
import { viewingsKey } from './to-answer';

// Only the viewings screens (lazy) and the listing forms import this module: the schemas (and
// Zod) stay out of the first pages' download.

const listingUrl = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;
const viewingUrl = (id: string) => `/api/viewings/${encodeURIComponent(id)}`;

/** The free times of a listing for the next 14 days. */
export function useViewingSlots(propertyId: string) {
  return useQuery({
    queryKey: [...viewingsKey, 'slots', propertyId],
    queryFn: async () =>
      viewingSlotsSchema.parse(await apiRequest('GET', `${listingUrl(propertyId)}/viewing-slots`)),
  });
}

export function useRequestViewing(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: { startsAt: string; note?: string }) =>
      viewingCreatedSchema.parse(
        await apiRequest('POST', `${listingUrl(propertyId)}/viewings`, request),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: viewingsKey }),
  });
}

export function useViewing(id: string) {
  return useQuery({
    queryKey: [...viewingsKey, 'one', id],
    queryFn: async () => viewingSchema.parse(await apiRequest('GET', viewingUrl(id))),
  });
}

export function useViewings(role: 'renter' | 'lister', status?: 'upcoming' | 'past' | 'pending') {
  return useQuery({
    queryKey: [...viewingsKey, 'list', role, status ?? 'all'],
    queryFn: async () => {
      const query = new URLSearchParams({ role, ...(status ? { status } : {}) });
      return viewingListSchema.parse(await apiRequest('GET', `/api/viewings?${query}`)).viewings;
    },
  });
}

export type ViewingAnswer =
  | { action: 'confirm' }
  | { action: 'decline'; reason?: string; suggestedStartsAt?: string }
  | { action: 'cancel'; reason?: string }
  | { action: 'no-show' }
  | { action: 'dispute-no-show' };

/** Confirm, decline, cancel, say who did not come or that one came: the viewing after. */
export function useAnswerViewing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, ...body }: ViewingAnswer) =>
      viewingSchema.parse(await apiRequest('POST', `${viewingUrl(id)}/${action}`, body)),
    onSuccess: (viewing) => queryClient.setQueryData([...viewingsKey, 'one', id], viewing),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: viewingsKey }),
  });
}

export function useViewingHours(propertyId: string) {
  return useQuery({
    queryKey: [...viewingsKey, 'hours', propertyId],
    queryFn: async () =>
      viewingHoursAnswerSchema.parse(
        await apiRequest('GET', `${listingUrl(propertyId)}/viewing-hours`),
      ),
  });
}

/** PUT the hours of a listing (the edit page's section, the wizard once the listing exists). */
export function saveViewingHours(propertyId: string, hours: ViewingHours) {
  return apiRequest('PUT', `${listingUrl(propertyId)}/viewing-hours`, hours).then((answer) =>
    viewingHoursAnswerSchema.parse(answer),
  );
}

export function useSaveViewingHours(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: ViewingHours) => saveViewingHours(propertyId, hours),
    onSuccess: (hours) => queryClient.setQueryData([...viewingsKey, 'hours', propertyId], hours),
  });
}

/** A viewing's calendar file (issue 51): the reader's session opens it. */
export const viewingCalendarPath = (id: string) =>
  `/api/viewings/${encodeURIComponent(id)}/calendar.ics`;

/** Copies a listing's saved hours to the lister's other listings (issue 51): the ones copied to. */
export function useCopyViewingHours(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (propertyIds: string[]) =>
      viewingHoursCopiedSchema.parse(
        await apiRequest('POST', `${listingUrl(propertyId)}/viewing-hours/copy`, { propertyIds }),
      ).propertyIds,
    onSuccess: (copied) => {
      for (const id of copied) {
        void queryClient.invalidateQueries({ queryKey: [...viewingsKey, 'hours', id] });
        void queryClient.invalidateQueries({ queryKey: [...viewingsKey, 'slots', id] });
      }
    },
  });
}
