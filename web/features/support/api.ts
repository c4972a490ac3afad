import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  inboxListSchema,
  sentSchema,
  type ContactMessage,
  type InboxSource,
  type SupportMessage,
} from '#common/inbox';
import { apiRequest } from '../../lib/api-client';

/** The support and contact forms (anyone may send; the server keeps and forwards them). */
export async function sendSupportMessage(body: SupportMessage) {
  return sentSchema.parse(await apiRequest('POST', '/api/support/message', body));
}

export async function sendContactMessage(body: ContactMessage) {
  return sentSchema.parse(await apiRequest('POST', '/api/contact/message', body));
}

export const useSendSupportMessage = () => useMutation({ mutationFn: sendSupportMessage });
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });

/** GET /api/admin/messages: the admin panel's Messages tab, 20 a page, one form or both. */
export type InboxFilter = { source?: InboxSource; page: number };
export const inboxKey = (filter: InboxFilter) => ['/api/admin/messages', filter] as const;

export async function fetchInbox(filter: InboxFilter) {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.source) params.set('source', filter.source);
  return inboxListSchema.parse(await apiRequest('GET', `/api/admin/messages?${params}`));
}

export const useInbox = (filter: InboxFilter) =>
  useQuery({
    queryKey: inboxKey(filter),
    queryFn: () => fetchInbox(filter),
    placeholderData: keepPreviousData,
  });
