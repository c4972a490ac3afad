import { CheckCircle2, Eye, EyeOff, MapPin, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminProperty } from '#common/admin';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { placeText, priceParts } from '../properties';
import { RejectionReason, StatusBadges } from './listing-status';
import { OwnerDetails } from './owner-details';
import { Thumbnails } from './thumbnails';

/**
 * One listing of the Properties tab: photos, title, place, price, status and owner, with
 * Approve (unverified only), Hide/Show and Delete.
 */
export function AdminPropertyRow({
  property,
  busy,
  onApprove,
  onToggleVisibility,
  onDelete,
}: {
  property: AdminProperty;
  busy: boolean;
  onApprove: () => void;
  onToggleVisibility: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const price = priceParts(property, t, i18n.language);
  const headingId = `admin-property-${property.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm md:grid-cols-[17.25rem_minmax(0,1fr)] md:items-start lg:grid-cols-[17.25rem_minmax(0,1fr)_minmax(0,17rem)]"
    >
      <Thumbnails property={property} />
      <div className="grid min-w-0 gap-1.5">
        <h3 id={headingId} className="break-words font-semibold leading-snug">
          <Link to={paths.property(property.id)} className="hover:underline">
            {property.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{placeText(property)}</span>
        </p>
        <p className="text-sm">
          <span className="font-semibold text-zinc-900">{price.amount}</span>
          <span className="text-muted-foreground">/{price.period}</span>
        </p>
        <StatusBadges property={property} />
        <RejectionReason reason={property.isVerified ? null : property.rejectionReason} />
        <RejectionReason kind="hidden" reason={property.hiddenReason} />
      </div>
      <div className="grid min-w-0 gap-3 md:col-span-2 lg:col-span-1">
        <OwnerDetails property={property} />
        <div className="flex flex-wrap gap-2">
          {property.isVerified ? null : (
            <Button
              size="sm"
              disabled={busy}
              onClick={onApprove}
              aria-label={t('admin.properties.approveLabel', { title: property.title })}
            >
              <CheckCircle2 aria-hidden />
              {t('admin.properties.approve')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={onToggleVisibility}
            aria-label={
              property.isActive
                ? t('admin.properties.hideLabel', { title: property.title })
                : t('admin.properties.showLabel', { title: property.title })
            }
          >
            {property.isActive ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            {property.isActive ? t('admin.properties.hide') : t('admin.properties.show')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={onDelete}
            className="text-destructive"
            aria-label={t('admin.properties.deleteLabel', { title: property.title })}
          >
            <Trash2 aria-hidden />
            {t('admin.properties.delete')}
          </Button>
        </div>
      </div>
    </article>
  );
}
