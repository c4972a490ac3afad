import {
  BarChart3,
  CalendarCheck,
  Eye,
  KeyRound,
  MapPin,
  MoreVertical,
  Pencil,
  RotateCcw,
  Star,
  Trash2,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LISTING_CONFIRM_DAYS,
  listingStatus,
  RENTED_PAGE_DAYS,
  type ListingStatus,
} from '#common/listing-rules';
import type { Property } from '#common/properties';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { formatDate } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import {
  formatRating,
  listingImages,
  PendingChangesNote,
  placeText,
  priceParts,
  PropertyImage,
} from '../properties';
import { ConfirmationNote } from './confirmation-note';
import { ListingFigures } from './listing-figures';

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
 * One of the host's listings: its status (spec 4) and a menu to edit, view or delete it, to
 * mark it rented (a live or approved one) or available again, and to confirm a live one still
 * available or renew an expired one (issue 21).
 */
export function HostPropertyCard({
  property,
  onDelete,
  onMarkRented,
  onAvailableAgain,
  onRenew,
  renewing = false,
}: {
  property: Property;
  onDelete: () => void;
  onMarkRented: () => void;
  onAvailableAgain: () => void;
  /** Renew an expired listing, or confirm a live one still available: one call to the server. */
  onRenew: () => void;
  renewing?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const status = listingStatus(property);
  // Only a listing renters could find is let; one hidden after it was let can still be freed.
  const canMarkRented = status === 'live' || status === 'approved';
  const price = priceParts(property, t, i18n.language);
  const [first] = listingImages(property);
  const [showFigures, setShowFigures] = useState(false);
  const figuresId = useId();

  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <PropertyImage
          image={first}
          alt={first ? property.title : t('property.noImage')}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        />
        <Badge className={cn('absolute left-3 top-3 shadow-sm', statusStyle[status])}>
          {t(`dashboard.status.${status}`, { days: LISTING_CONFIRM_DAYS })}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 min-w-0 break-words font-semibold leading-snug">
            {property.title}
          </h3>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-mr-2 -mt-2 shrink-0"
                aria-label={t('dashboard.host.actionsFor', { title: property.title })}
              >
                <MoreVertical aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild>
                <Link to={paths.editProperty(property.id)}>
                  <Pencil aria-hidden />
                  {t('dashboard.host.edit')}
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to={paths.property(property.id)}>
                  <Eye aria-hidden />
                  {t('dashboard.host.view')}
                </Link>
              </DropdownMenuItem>
              {property.rentedAt ? (
                <DropdownMenuItem onSelect={onAvailableAgain}>
                  <RotateCcw aria-hidden />
                  {t('dashboard.host.availableAgain')}
                </DropdownMenuItem>
              ) : canMarkRented ? (
                <DropdownMenuItem onSelect={onMarkRented}>
                  <KeyRound aria-hidden />
                  {t('dashboard.host.markRented')}
                </DropdownMenuItem>
              ) : null}
              {status === 'live' ? (
                // Always at hand, though the card itself asks only once the reminder is due.
                <DropdownMenuItem onSelect={onRenew} disabled={renewing}>
                  <CalendarCheck aria-hidden />
                  {t('dashboard.host.stillAvailable')}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuSeparator />
              <DropdownMenuItem
                onSelect={onDelete}
                className="text-destructive [&_svg]:text-destructive"
              >
                <Trash2 aria-hidden />
                {t('dashboard.host.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{placeText(property)}</span>
        </p>
        {property.contactViews ? (
          // Renters who asked for the owner's details: interest the owner cannot see otherwise.
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Eye className="size-4 shrink-0" aria-hidden />
            {t('dashboard.host.contactViews', { count: property.contactViews })}
          </p>
        ) : null}
        {status === 'hidden' ? (
          // An administrator's Hide: only an administrator shows it again.
          <p className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-950">
            {property.hiddenReason ? (
              <>
                <span className="font-semibold">{t('dashboard.host.hiddenReason')}</span>{' '}
                {property.hiddenReason}{' '}
              </>
            ) : null}
            {t('dashboard.host.hiddenText')}
          </p>
        ) : null}
        {property.rentedAt ? (
          // Out of search; renters who open its page read that it has been rented.
          <p className="rounded-md border border-violet-200 bg-violet-50 p-2 text-sm text-violet-950">
            {t('dashboard.host.rentedText', {
              date: formatDate(property.rentedAt, i18n.language),
              days: RENTED_PAGE_DAYS,
            })}
          </p>
        ) : null}
        {status === 'live' || status === 'expired' ? (
          <ConfirmationNote
            property={property}
            expired={status === 'expired'}
            pending={renewing}
            onRenew={onRenew}
          />
        ) : null}
        <PendingChangesNote property={property} />
        {status === 'pending' && property.rejectionReason ? (
          // Why the photos were not approved, so the owner knows what to change.
          <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
            <span className="font-semibold">{t('dashboard.host.rejectedReason')}</span>{' '}
            {property.rejectionReason}
          </p>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start self-start"
          aria-expanded={showFigures}
          aria-controls={figuresId}
          onClick={() => setShowFigures(!showFigures)}
        >
          <BarChart3 aria-hidden />
          {t('dashboard.host.figures.button')}
        </Button>
        <div id={figuresId} hidden={!showFigures}>
          {showFigures ? <ListingFigures propertyId={property.id} title={property.title} /> : null}
        </div>
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <p>
            <span className="text-lg font-bold text-zinc-900">{price.amount}</span>
            <span className="text-sm text-muted-foreground">/{price.period}</span>
          </p>
          {property.averageRating > 0 ? (
            <p className="flex items-center gap-1 text-sm">
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
              <span className="sr-only">{t('property.ratingLabel')}</span>
              {formatRating(property.averageRating, i18n.language)}
            </p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
