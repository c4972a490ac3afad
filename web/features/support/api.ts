import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inboxListSchema,
  inboxMessageSchema,
  sentSchema,
  type ContactMessage,
  type InboxSource,
  type InboxStatus,
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
export type InboxFilter = { source?: InboxSource; status?: InboxStatus; page: number };
export const inboxKey = (filter: InboxFilter) => ['/api/admin/messages', filter] as const;

export async function fetchInbox(filter: InboxFilter) {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.source) params.set('source', filter.source);
  if (filter.status) params.set('status', filter.status);
  return inboxListSchema.parse(await apiRequest('GET', `/api/admin/messages?${params}`));
}

export const useInbox = (filter: InboxFilter) =>
  useQuery({
    queryKey: inboxKey(filter),
    queryFn: () => fetchInbox(filter),
    placeholderData: keepPreviousData,
  });

/**
 * After marking or answering a message: the inbox's pages (its status moved) and the audit
 * log, which records both.
 */
function useInboxChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['/api/admin/messages'], ['/api/admin/audit-log']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** PATCH /api/admin/messages/:id/handled (issue 51). */
export function useSetHandled() {
  const changed = useInboxChanged();
  return useMutation({
    mutationFn: async ({ id, isHandled }: { id: string; isHandled: boolean }) =>
      inboxMessageSchema.parse(
        await apiRequest('PATCH', `/api/admin/messages/${id}/handled`, { isHandled }),
      ),
    onSuccess: changed,
  });
}

/** POST /api/admin/messages/:id/reply: the answer, sent to the sender's e-mail (issue 51). */
export function useReplyToMessage() {
  const changed = useInboxChanged();
  return useMutation({
    mutationFn: async ({ id, message }: { id: string; message: string }) =>
      inboxMessageSchema.parse(
        await apiRequest('POST', `/api/admin/messages/${id}/reply`, { message }),
      ),
    onSuccess: changed,
  });
}
