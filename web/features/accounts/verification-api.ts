import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  verificationListSchema,
  verificationSchema,
  type VerificationRequest,
} from '#common/verifications';
import { apiRequest } from '../../lib/api-client';
import { postFormWithProgress } from '../uploads';

/** The signed-in lister's verification requests (issue 19). */
export const ownVerificationsKey = ['/api/account/verifications'] as const;

export function useOwnVerifications(enabled: boolean) {
  return useQuery({
    queryKey: ownVerificationsKey,
    queryFn: async () =>
      verificationListSchema.parse(await apiRequest('GET', '/api/account/verifications')),
    enabled,
  });
}

/** POST /api/account/verifications: the form's fields and the document photo, multipart. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, photo }: { fields: VerificationRequest; photo: File }) => {
      const body = new FormData();
      body.append('kind', fields.kind);
      if (fields.document) body.append('document', fields.document);
      body.append('documentNumber', fields.documentNumber);
      body.append('photo', photo);
      return verificationSchema.parse(
        await postFormWithProgress('/api/account/verifications', body),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownVerificationsKey }),
  });
}
