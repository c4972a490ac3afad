import type { QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../../lib/api-client';
import { currentUserKey } from './api';

/**
 * After a refused change: a 401 means the session ended meanwhile, so the current user is read
 * again (it becomes null) and the page shows that sign-in is needed.
 */
export function recheckSession(queryClient: QueryClient, error: unknown) {
  if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: currentUserKey });
}
