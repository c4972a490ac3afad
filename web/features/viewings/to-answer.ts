import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ToAnswer } from '#common/viewings';
import { apiRequest } from '../../lib/api-client';
import { useLiveEvent } from '../../lib/live-events';

/**
 * What waits for the reader's answer as a lister (issue 51): viewing requests and enquiries,
 * for the header's badge and the dashboard's first section. Read once, then again whenever a
 * message arrives on the live stream (each viewing step is an event line of the pair's
 * conversation, so a request, an answer or an expiry arrives so too). No Zod here: the header
 * is in every signed-in page's bundle.
 */
export const viewingsKey = ['viewings'] as const;
const toAnswerKey = [...viewingsKey, 'to-answer'] as const;

async function fetchToAnswer(): Promise<ToAnswer> {
  const answer = await apiRequest<Partial<ToAnswer>>('GET', '/api/user/to-answer');
  return {
    viewingRequests: answer.viewingRequests ?? 0,
    unansweredEnquiries: answer.unansweredEnquiries ?? 0,
  };
}

/** The reader's counts while signed in (undefined until known, or signed out). */
export function useToAnswer(signedIn: boolean): ToAnswer | undefined {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: toAnswerKey, queryFn: fetchToAnswer, enabled: signedIn });
  useLiveEvent(
    'conversation.message',
    ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: message.event ? viewingsKey : toAnswerKey });
    },
    signedIn,
  );
  return signedIn ? query.data : undefined;
}

/** Both counts together: the badge's figure. */
export const toAnswerTotal = (counts: ToAnswer | undefined) =>
  counts ? counts.viewingRequests + counts.unansweredEnquiries : 0;
