import { useMutation, useQuery } from '@tanstack/react-query';
import { unsubscribeTargetSchema, type UnsubscribeTarget } from '#common/saved-searches';
import { apiRequest } from '../../lib/api-client';

/**
 * The unsubscribe link of an alert (issue 34), signed out: what it names is read (a GET that
 * changes nothing), the page's button stops the alerts, "Undo" turns them on again. Only the
 * /alerts/unsubscribe page imports this module.
 */
const url = '/api/saved-searches/unsubscribe';

async function readLink(token: string): Promise<UnsubscribeTarget> {
  const answer = await apiRequest('GET', `${url}?${new URLSearchParams({ token })}`);
  return unsubscribeTargetSchema.parse(answer);
}

async function changeAlerts(input: { token: string; undo: boolean }): Promise<UnsubscribeTarget> {
  const path = input.undo ? '/api/saved-searches/resubscribe' : url;
  return unsubscribeTargetSchema.parse(await apiRequest('POST', path, { token: input.token }));
}

/** What the link would stop; a refused link (invalid, expired) is not asked again. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: [url, token],
    queryFn: () => readLink(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** Stops (or with `undo`, starts again) the alerts the link names. */
export function useChangeAlerts() {
  return useMutation({ mutationFn: changeAlerts });
}
