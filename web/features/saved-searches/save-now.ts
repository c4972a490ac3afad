import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { User } from '#common/auth';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { defaultChannel } from './alert-channels';
import { createSavedSearch, savedSearchesKey } from './api';

/**
 * Saves `query` at once, with the alerts the dialog proposes (the channel the account can be
 * reached by, at once): what a visitor who pressed Save this search and then signed in asked
 * for (issue 51). Told in a toast; a refusal in the server's words.
 */
export async function saveSearchNow(
  queryClient: QueryClient,
  user: User,
  query: Record<string, string>,
  t: TFunction,
): Promise<void> {
  try {
    await createSavedSearch({ query, channel: defaultChannel(user), frequency: 'instant' });
    void queryClient.invalidateQueries({ queryKey: savedSearchesKey });
    toast({ title: t('savedSearches.saved') });
  } catch (error) {
    toast({
      title: apiErrorText(t, error, t('savedSearches.dialog.failed')),
      variant: 'destructive',
    });
  }
}
