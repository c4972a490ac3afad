import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AuthResult, LoginBody, RegisterBody, User } from '#common/auth';
import { safeNextPath } from '#common/auth-rules';
import { apiRequest, getOrNullOn401 } from '../../lib/api-client';
import { paths } from '../../paths';

export const currentUserKey = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null. Cached five minutes (spec) and shared by every screen.
 * The answer is typed, not parsed: parsing here would put Zod in the first chunk.
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: () => getOrNullOn401<User>('/api/auth/user'),
  staleTime: 5 * 60_000,
  refetchOnMount: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/**
 * A new reader: answers cached for the visitor (favourites marked false, for one) are dropped
 * so every screen reads them again as this user.
 */
function startSession(queryClient: QueryClient, user: User) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<AuthResult>('POST', '/api/auth/login', body),
    onSuccess: (result) => startSession(queryClient, result.user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<AuthResult>('POST', '/api/auth/register', body),
    onSuccess: (result) => startSession(queryClient, result.user),
  });
}

/**
 * Sign-out (spec): post, clear every cached query, go to / and reload, even when the request
 * fails (the failure is only logged).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (error) {
      console.error('Sign-out request failed', error);
    }
    queryClient.clear();
    window.location.assign('/');
  };
}

/**
 * Where a visitor who signs up or in goes next: the action they came for
 * (`/register?action=list-property`, `?action=contact&propertyId=…`), else `next`, else home.
 * The sign-up page and the visitors-only guard of the route table both use it, so they never
 * send a new account to two places at once.
 */
export function destinationAfterSignUp(params: URLSearchParams): string {
  const action = params.get('action');
  const propertyId = params.get('propertyId');
  if (action === 'contact' && propertyId) return paths.contactLandlord(propertyId);
  if (action === 'list-property') return paths.listProperty();
  return safeNextPath(params.get('next'));
}

// For account settings: the password field with show/hide, and validation text in the reader's language.
export { localizeValidationMessage } from './messages';
export { PasswordInput } from './password-input';
