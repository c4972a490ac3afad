import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage } from '#common/conversations';
import { apiRequest } from '../../lib/api-client';
import { useLiveEvent } from '../../lib/live-events';

/**
 * The reader's unread messages (issue 37), for the header's badge and the dashboard: read once,
 * then kept current by the live stream. No Zod here: this module is in every page's app bundle
 * (the header), the schemas stay with the lazy inbox (api.ts).
 */
export const unreadKey = ['/api/conversations/unread'] as const;
export const conversationsKey = ['/api/conversations', 'list'] as const;
export const messagesKey = (id: string) => ['/api/conversations', id, 'messages'] as const;

async function fetchUnread(): Promise<number> {
  const answer = await apiRequest<{ unread?: unknown }>('GET', '/api/conversations/unread');
  return typeof answer.unread === 'number' ? answer.unread : 0;
}

/** The number of unread messages while signed in (undefined until known). */
export function useUnreadCount(signedIn: boolean): number | undefined {
  const query = useQuery({ queryKey: unreadKey, queryFn: fetchUnread, enabled: signedIn });
  return signedIn ? query.data : undefined;
}

/** A conversation's cached messages (useMessages: pages newest first). */
export type MessagePages = {
  pages: { messages: ConversationMessage[]; hasMore: boolean }[];
  pageParams: unknown[];
};

/** The cached messages with `message` first, once (it may come by the answer and the stream). */
export function withMessageFirst(
  data: MessagePages | undefined,
  message: ConversationMessage,
): MessagePages | undefined {
  if (!data || data.pages[0]?.messages.some((m) => m.id === message.id)) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
}

/**
 * Keeps the inbox's caches current from the live stream while signed in: the unread count,
 * the list (read again), an open conversation's messages (the new one put first, read marks
 * set) and where its listing stands. Mounted once, by the header.
 */
export function useConversationUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useLiveEvent(
    'conversation.message',
    ({ conversationId, message, unread }) => {
      queryClient.setQueryData(unreadKey, unread);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      queryClient.setQueryData<MessagePages>(messagesKey(conversationId), (data) =>
        withMessageFirst(data, message),
      );
    },
    signedIn,
  );
  useLiveEvent(
    'conversation.read',
    ({ conversationId, readAt }) => {
      queryClient.setQueryData<MessagePages>(messagesKey(conversationId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                messages: page.messages.map((m) =>
                  m.fromMe && m.readAt === null && m.sentAt <= readAt ? { ...m, readAt } : m,
                ),
              })),
            }
          : data,
      );
    },
    signedIn,
  );
  // A conversation's listing was rented, switched off, came back...: what shows it is read again.
  useLiveEvent(
    'conversation.listing',
    () => void queryClient.invalidateQueries({ queryKey: conversationsKey }),
    signedIn,
  );
}
