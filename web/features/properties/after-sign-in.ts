import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { User } from '#common/auth';
import type { AfterSignIn } from '#common/auth-rules';
import { apiErrorText } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { favoritesKey, saveFavorite, markEverywhere } from './api';
import { readFilters, toApiQuery } from './search-params';

/**
 * Does what a visitor was doing when they were sent to sign in (issue 51), now they have: the
 * heart's listing saved, or the search they were on saved with its alerts as the dialog would
 * propose them. Told in a toast either way; a refusal (an account still to verify, the limit
 * of saved searches) in the server's words.
 */
export async function doAfterSignIn(
  then: AfterSignIn,
  {
    queryClient,
    user,
    search,
    t,
  }: {
    queryClient: QueryClient;
    user: User;
    /** The page's query: the search to save. */
    search: string;
    t: TFunction;
  },
): Promise<void> {
  if (then === 'save-search') {
    const { saveSearchNow } = await import('../saved-searches');
    const query = toApiQuery({ ...readFilters(new URLSearchParams(search)), page: 1 });
    await saveSearchNow(queryClient, user, query, t);
    return;
  }
  const id = then.slice('save-listing:'.length);
  try {
    await saveFavorite(id);
    markEverywhere(queryClient, id, true);
    void queryClient.invalidateQueries({ queryKey: favoritesKey });
    toast({ title: t('favorites.savedAfterSignIn') });
  } catch (error) {
    toast({
      title: t('favorites.detailError'),
      description: apiErrorText(t, error, t('favorites.cardError')),
      variant: 'destructive',
    });
  }
}
