import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  accountPlanResultSchema,
  messageSchema,
  profileResultSchema,
  type ChangePasswordBody,
  type ProfileBody,
  type ProfileResult,
} from '#common/auth';
import type { PlanId } from '#common/plans';
import { apiRequest, isUnauthorized } from '../../lib/api-client';
import { currentUserKey, markCodeSent } from '../auth';

/** PUT /api/auth/profile: the account's own details (Account Settings). */
export async function updateProfile(body: ProfileBody): Promise<ProfileResult> {
  return profileResultSchema.parse(await apiRequest('PUT', '/api/auth/profile', body));
}

/** PUT /api/auth/change-password: this session stays signed in, the others end. */
export async function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return messageSchema.parse(await apiRequest('PUT', '/api/auth/change-password', body));
}

/** PUT /api/account/plan: records the plan chosen (the purchase itself is simulated). */
export async function choosePlan(plan: PlanId) {
  return accountPlanResultSchema.parse(await apiRequest('PUT', '/api/account/plan', { plan }));
}

/** A 401 means the session ended meanwhile: read the current user again (it becomes null). */
function recheckSession(queryClient: QueryClient, error: unknown) {
  if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: currentUserKey });
}

/** Saves the profile; the answer's user replaces the cached current user (spec 7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (result) => {
      // Each new address got a code: its code page counts down to the next one.
      for (const method of result.verificationMethods) markCodeSent(method);
      queryClient.setQueryData(currentUserKey, result.user);
    },
    onError: (error) => recheckSession(queryClient, error),
  });
}

/** Records the chosen plan; the answer's user (with its plan) replaces the cached one. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePlan,
    onSuccess: (result) => queryClient.setQueryData(currentUserKey, result.user),
    onError: (error) => recheckSession(queryClient, error),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onError: (error) => recheckSession(queryClient, error),
  });
}
