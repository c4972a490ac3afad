import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { listingStatus, type ListingStatus } from '#common/listing-rules';
import type { AdminProperty } from '#common/admin';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

const statusStyle: Record<ListingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  live: 'bg-emerald-100 text-emerald-900',
  hidden: 'bg-red-100 text-red-900',
  reported: 'bg-orange-100 text-orange-900',
  rented: 'bg-violet-100 text-violet-900',
  expired: 'bg-zinc-200 text-zinc-900',
};

/**
 * A listing's status (docs/design.md): Pending Approval, Live, or Approved (verified but hidden);
 * Rejected when the review sent it back, and Featured when it is on the home page list.
 */
export function StatusBadges({
  property,
}: {
  property: Pick<
    AdminProperty,
    | 'isVerified'
    | 'isActive'
    | 'isFeatured'
    | 'rejectionReason'
    | 'hiddenByAdmin'
    | 'hiddenForReports'
    | 'rentedAt'
    | 'expiredAt'
  >;
}) {
  const { t } = useTranslation();
  const status = listingStatus(property);
  const rejected = status === 'pending' && property.rejectionReason !== null;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge className={cn(statusStyle[status])}>{t(`admin.status.${status}`)}</Badge>
      {rejected ? (
        <Badge className="bg-red-100 text-red-900">{t('admin.status.rejected')}</Badge>
      ) : null}
      {property.isFeatured ? (
        <Badge variant="outline">
          <Star aria-hidden />
          {t('admin.status.featured')}
        </Badge>
      ) : null}
    </div>
  );
}

/**
 * Why the review sent the listing back, or why an administrator hid it (what the owner reads
 * on the dashboard).
 */
export function RejectionReason({
  reason,
  kind = 'rejected',
}: {
  reason: string | null;
  kind?: 'rejected' | 'hidden';
}) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <p className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-950">
      <span className="font-semibold">
        {kind === 'hidden' ? t('admin.status.hiddenReason') : t('admin.status.rejectionReason')}
      </span>{' '}
      {reason}
    </p>
  );
}
