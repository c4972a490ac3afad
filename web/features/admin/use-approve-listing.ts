import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import { toast } from '../../lib/toast';
import { useApproveProperty } from './api';

/**
 * Approve with the spec's toasts ("Property Approved", "Failed to approve property"), from the
 * Properties tab or the queue (`leavesLists`: the listing leaves the lists at once).
 */
export function useApproveListing(options: { leavesLists?: boolean } = {}) {
  const { t } = useTranslation();
  const mutation = useApproveProperty(options);
  const approveListing = (property: AdminProperty, { onError }: { onError?: () => void } = {}) =>
    mutation.mutate(
      { id: property.id },
      {
        onSuccess: () =>
          toast({
            title: t('admin.toast.approved'),
            description: t('admin.toast.approvedText', { title: property.title }),
          }),
        onError: () => {
          onError?.();
          toast({ title: t('admin.toast.approveFailed'), variant: 'destructive' });
        },
      },
    );
  return { mutation, approveListing };
}
