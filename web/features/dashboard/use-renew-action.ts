import { useTranslation } from 'react-i18next';
import { LISTING_CONFIRM_DAYS, listingStatus } from '#common/listing-rules';
import type { Property } from '#common/properties';
import { isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useRenewListing } from '../properties';

/**
 * The dashboard's Renew (an expired listing) and Still available (a live one, issue 21): the
 * same call, at once and without a dialog, since nothing is lost by it; the toast says which.
 */
export function useRenewAction() {
  const { t } = useTranslation();
  const renewal = useRenewListing();
  const renew = (property: Property) => {
    const expired = listingStatus(property) === 'expired';
    renewal.mutate(property.id, {
      onSuccess: () =>
        toast({
          title: t(expired ? 'dashboard.host.renewed' : 'dashboard.host.confirmedAvailable', {
            title: property.title,
            days: LISTING_CONFIRM_DAYS,
          }),
        }),
      onError: (error) => {
        // A 401 is handled by the listings query sending the reader to sign in again.
        if (isUnauthorized(error)) return;
        toast({
          title: t(expired ? 'dashboard.host.renewFailed' : 'dashboard.host.confirmFailed'),
          variant: 'destructive',
        });
      },
    });
  };
  /** Whether this listing's renewal is on its way (its buttons wait). */
  const renewing = (id: string) => renewal.isPending && renewal.variables === id;
  return { renew, renewing };
}
