import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  conversationListSchema,
  conversationSummarySchema,
  enquiryResultSchema,
  messagePageSchema,
  sentMessageSchema,
  type ConversationMessage,
  type ConversationList,
  type MessagePage,
} from '#common/conversations';
import { apiRequest } from '../../lib/api-client';
import {
  conversationsKey,
  messagesKey,
  unreadKey,
  withMessageFirst,
  type MessagePages,
} from './unread';

// Only the inbox and the enquiry form (lazy screens) import this module: the schemas (and Zod)
// stay out of the first pages' download.

const conversationUrl = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export async function fetchConversations(page: number): Promise<ConversationList> {
  return conversationListSchema.parse(await apiRequest('GET', `/api/conversations?page=${page}`));
}

export const conversationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...conversationsKey, page],
    queryFn: () => fetchConversations(page),
    placeholderData: keepPreviousData,
  });

export function useConversations(page: number) {
  return useQuery(conversationsQuery(page));
}

/** One conversation as the inbox shows it (its listing, the other party, whether blocked). */
export function useConversation(id: string) {
  return useQuery({
    queryKey: [...conversationsKey, 'one', id],
    queryFn: async () =>
      conversationSummarySchema.parse(await apiRequest('GET', conversationUrl(id))),
  });
}

async function fetchMessages(id: string, before: string | undefined): Promise<MessagePage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return messagePageSchema.parse(
    await apiRequest('GET', `${conversationUrl(id)}/messages${query}`),
  );
}

/**
 * A conversation's messages, newest page first; reading marks the other party's read, so the
 * unread count is read again after the first page.
 */
export function useMessages(id: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messagesKey(id),
    queryFn: async ({ pageParam }) => {
      const page = await fetchMessages(id, pageParam);
      if (!pageParam) {
        void queryClient.invalidateQueries({ queryKey: unreadKey });
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages.at(-1)?.id : undefined),
  });
}

/** Puts a sent message first in the conversation's cached messages; the list is read again. */
function putFirst(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  message: ConversationMessage,
) {
  queryClient.setQueryData<MessagePages>(messagesKey(id), (data) =>
    withMessageFirst(data, message),
  );
  void queryClient.invalidateQueries({ queryKey: conversationsKey });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      sentMessageSchema.parse(
        await apiRequest('POST', `${conversationUrl(id)}/messages`, { message }),
      ).message,
    onSuccess: (message) => putFirst(queryClient, id, message),
  });
}

/** POST /api/properties/{id}/enquiries: the conversation it started or added to. */
export function useEnquire(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      enquiryResultSchema.parse(
        await apiRequest('POST', `/api/properties/${encodeURIComponent(propertyId)}/enquiries`, {
          message,
        }),
      ),
    onSuccess: ({ conversationId, message }) => putFirst(queryClient, conversationId, message),
  });
}

export function useBlock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiRequest(blocked ? 'POST' : 'DELETE', `${conversationUrl(id)}/block`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}
