import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AuthResult,
  CodeDelivery,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  ResetTokenState,
  SignUpMethods,
  User,
  VerifyCodeBody,
  VerifyResult,
} from '#common/auth';
import { safeNextPath, type RegistrationMethod } from '#common/auth-rules';
import { apiRequest, getOrNullOn401 } from '../../lib/api-client';
import { endSession, noteReader, onSessionEnded } from '../../lib/session-end';
import { paths } from '../../paths';
import { markCodeSent } from './code-sent';

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

/**
 * Tells lib/session-end.ts each answer of who reads (fetched, set at sign-in, or taken from a
 * page the server rendered), so it notices a session that ended; and drops the reader's
 * cached answers when it did, so every screen shows a visitor's again. Once, at start-up.
 */
export function watchSession(queryClient: QueryClient): () => void {
  const known = queryClient.getQueryData<User | null>(currentUserKey);
  if (known !== undefined) noteReader(known !== null);
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== currentUserKey[0]) return;
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    noteReader(event.query.state.data != null);
  });
  const stopListening = onSessionEnded(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    queryClient.setQueryData(currentUserKey, null);
  });
  return () => {
    stopWatching();
    stopListening();
  };
}

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/**
 * Which ways of signing up the server offers: without an SMS provider a production server
 * takes no phone numbers, and the sign-up form says so before anyone types one. Typed, not
 * parsed, like the current user (no Zod in the first chunk).
 */
export const signUpMethodsQuery = queryOptions({
  queryKey: ['/api/auth/sign-up-methods'] as const,
  queryFn: () => apiRequest<SignUpMethods>('GET', '/api/auth/sign-up-methods'),
  staleTime: 10 * 60_000,
});

export function useSignUpMethods(): SignUpMethods | undefined {
  return useQuery(signUpMethodsQuery).data;
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
    onSuccess: (result) => {
      // The sign-up sent a code: the code page counts down to the next one.
      if (result.verificationMethod) markCodeSent(result.verificationMethod);
      startSession(queryClient, result.user);
    },
  });
}

/**
 * Sign-out (spec): post, clear every cached query and the copies kept for offline use, go to
 * / and reload, even when the request fails (the failure is only logged).
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
    // Forgets the kept copies here, and other tabs hear of it (lib/session-end.ts).
    await endSession();
    window.location.assign('/');
  };
}

/**
 * Where a visitor who signs up or in goes next: the action they came for
 * (`/register?action=list-property`, `?action=contact&propertyId=…`, `?action=viewing&…`),
 * else `next`, else home.
 * The sign-up page and the visitors-only guard of the route table both use it, so they never
 * send a new account to two places at once.
 */
export function destinationAfterSignUp(params: URLSearchParams): string {
  const action = params.get('action');
  const propertyId = params.get('propertyId');
  if (action === 'contact' && propertyId) return paths.contactLandlord(propertyId);
  if (action === 'viewing' && propertyId) return paths.bookViewing(propertyId);
  if (action === 'list-property') return paths.listProperty();
  return safeNextPath(params.get('next'));
}

/** Where a code is sent and checked: e-mail or text message (spec, verification). */
export type VerificationMethod = RegistrationMethod;

/** The page that asks for the code, keeping where the account was heading. */
export function verificationPath(method: VerificationMethod, destination: string): string {
  return method === 'email' ? paths.verifyEmail(destination) : paths.verifyPhone(destination);
}

/**
 * Where a new account goes (spec 4, registration outcome): to the code page of the method the
 * server named when it asks for verification, carrying the destination; else the destination.
 */
export function destinationAfterRegistration(
  params: URLSearchParams,
  verificationMethod: VerificationMethod | null,
): string {
  const destination = destinationAfterSignUp(params);
  return verificationMethod ? verificationPath(verificationMethod, destination) : destination;
}

/**
 * The channel a signed-in account still has to verify, or null. The visitors-only guard of
 * /register uses it, so that it sends a just-created account to the same code page as the
 * sign-up page does instead of racing it to the destination.
 */
export function pendingVerification(user: User): VerificationMethod | null {
  if (user.isVerified) return null;
  if (user.email && !user.emailVerified) return 'email';
  if (user.phone && !user.phoneVerified) return 'phone';
  return null;
}

/** Three seconds between a verified code and the move on (spec 4 and 9). */
export const VERIFIED_REDIRECT_MS = 3000;

export const verifyEmailCode = (body: VerifyCodeBody) =>
  apiRequest<VerifyResult>('POST', '/api/auth/verify-email-code', body);
export const verifyPhoneCode = (body: VerifyCodeBody) =>
  apiRequest<VerifyResult>('POST', '/api/auth/verify-phone-code', body);
export const resendEmailCode = () =>
  apiRequest<{ message: string }>('POST', '/api/auth/resend-email-verification');
export const resendPhoneCode = () =>
  apiRequest<{ message: string }>('POST', '/api/auth/resend-phone-verification');
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', body);
export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<{ message: string }>('POST', '/api/auth/reset-password', body);

/** Checks a code; the answer's user (now verified) replaces the cached current user. */
export function useVerifyCode(method: VerificationMethod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyCodeBody) =>
      method === 'email' ? verifyEmailCode(body) : verifyPhoneCode(body),
    onSuccess: (result) => queryClient.setQueryData(currentUserKey, result.user),
  });
}

export function useResendCode(method: VerificationMethod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (method === 'email' ? resendEmailCode() : resendPhoneCode()),
    onSuccess: () => {
      markCodeSent(method);
      // A new code: watch its delivery from the start.
      void queryClient.resetQueries({ queryKey: codeDeliveryKey(method) });
    },
  });
}

export const codeDeliveryKey = (method: VerificationMethod) =>
  ['/api/auth/code-delivery', method] as const;

/** How many times the verify page asks about a code on its way (every 3 s: three minutes). */
const CODE_DELIVERY_CHECKS = 60;

/**
 * Whether the code last sent could be sent (issue 18): asked every 3 seconds while it waits
 * in the queue or is being retried, for three minutes at most; then the page says nothing more.
 */
export function useCodeDelivery(method: VerificationMethod) {
  return useQuery({
    queryKey: codeDeliveryKey(method),
    queryFn: () => apiRequest<CodeDelivery>('GET', `/api/auth/code-delivery?channel=${method}`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      const waiting = status === undefined || status === 'queued' || status === 'retrying';
      return waiting && query.state.dataUpdateCount < CODE_DELIVERY_CHECKS ? 3_000 : false;
    },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** Whether a reset link still works (not used, not expired); asked once per token. */
export function useResetLinkState(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => apiRequest<ResetTokenState>('POST', '/api/auth/reset-password/check', { token }),
    enabled: token !== '',
    staleTime: Infinity,
  });
}
