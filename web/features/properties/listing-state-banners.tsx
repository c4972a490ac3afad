import { KeyRound, RotateCcw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LISTING_CONFIRM_DAYS,
  listingStatus,
  RENTED_PAGE_DAYS,
  type ListingStatus,
} from '#common/listing-rules';
import type { Property } from '#common/properties';
import { Button } from '../../components/ui/button';
import { isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { useSetListingRented } from './api';

/**
 * The banners at the top of a listing's page that say what state it is in: to its owner
 * (preview), to an administrator, and to everyone once its owner let it (issue 21).
 */

const previewStyle: Record<ListingStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-950',
  approved: 'border-sky-300 bg-sky-50 text-sky-950',
  live: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  hidden: 'border-red-300 bg-red-50 text-red-950',
  reported: 'border-orange-300 bg-orange-50 text-orange-950',
  rented: 'border-violet-300 bg-violet-50 text-violet-950',
  expired: 'border-zinc-300 bg-zinc-50 text-zinc-950',
};

/**
 * What the owner previewing their own listing needs to know first: whether renters can see
 * it, and why not (spec: View Property Preview).
 */
export function OwnerPreviewBanner({ property }: { property: Property }) {
  const { t } = useTranslation();
  const status = listingStatus(property);
  return (
    <div
      role="status"
      className={cn('mb-4 grid gap-1 rounded-lg border p-4 text-sm', previewStyle[status])}
    >
      <p className="font-semibold">
        {t('property.ownerPreview.title', { status: t(`listingForm.status.${status}`) })}
      </p>
      <p>
        {t(`property.ownerPreview.${status}`, {
          days: status === 'expired' ? LISTING_CONFIRM_DAYS : RENTED_PAGE_DAYS,
        })}
      </p>
      {status === 'hidden' && property.hiddenReason ? (
        <p>
          <span className="font-semibold">{t('listingForm.hiddenReason')}</span>{' '}
          {property.hiddenReason}
        </p>
      ) : null}
      {status === 'pending' && property.rejectionReason ? (
        <p>
          <span className="font-semibold">{t('dashboard.host.rejectedReason')}</span>{' '}
          {property.rejectionReason}
        </p>
      ) : null}
      {property.rentedAt ? <RentedOwnerActions property={property} status={status} /> : null}
      {status === 'expired' ? (
        // Renew lives on the dashboard: this is a first page, and its weight has a budget.
        <Button asChild size="sm" variant="outline" className="mt-2 w-fit bg-white">
          <Link to={paths.dashboard()}>{t('property.ownerPreview.toDashboard')}</Link>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The owner's rented listing: make it available again here (live at once, without a review,
 * unless it was hidden meanwhile), or manage it from the dashboard.
 */
function RentedOwnerActions({ property, status }: { property: Property; status: ListingStatus }) {
  const { t } = useTranslation();
  const rented = useSetListingRented();
  const makeAvailable = () =>
    rented.mutate(
      { id: property.id, rented: false },
      {
        onSuccess: () =>
          toast({ title: t('dashboard.host.markedAvailable', { title: property.title }) }),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({ title: t('dashboard.host.availableFailed'), variant: 'destructive' });
        },
      },
    );
  return (
    <>
      {status !== 'rented' ? <p>{t('property.ownerPreview.alsoRented')}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={rented.isPending} onClick={makeAvailable}>
          <RotateCcw aria-hidden />
          {t('dashboard.host.availableAgain')}
        </Button>
        <Button asChild size="sm" variant="outline" className="bg-white">
          <Link to={paths.dashboard()}>{t('property.ownerPreview.toDashboard')}</Link>
        </Button>
      </div>
    </>
  );
}

/** Search for places like a rented one: the same city and type of property. */
const similarPlaces = (property: Pick<Property, 'city' | 'propertyType'>) =>
  paths.search({ location: property.city, propertyType: property.propertyType });

/**
 * A listing its owner let, to everyone else (its page stays readable RENTED_PAGE_DAYS, issue
 * 21): said first, with the way to similar places.
 */
export function RentedBanner({ property }: { property: Property }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={cn(
        'mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4',
        previewStyle.rented,
      )}
    >
      <div className="grid gap-1">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="size-5 shrink-0" aria-hidden />
          {t('property.rented.title')}
        </p>
        <p className="text-sm">{t('property.rented.text')}</p>
      </div>
      <Button asChild variant="outline" className="bg-white">
        <Link to={similarPlaces(property)}>
          <Search aria-hidden />
          {t('property.rented.similar')}
        </Link>
      </Button>
    </div>
  );
}

/**
 * An administrator reads any listing (from the Reports or Properties tab): one renters cannot
 * see says so, and why, so it is not mistaken for a live one.
 */
export function AdminPreviewBanner({ property }: { property: Property }) {
  const { t } = useTranslation();
  const status = listingStatus(property);
  return (
    <p
      role="status"
      className={cn('mb-4 rounded-lg border p-4 text-sm font-semibold', previewStyle[status])}
    >
      {t('property.adminPreview', { status: t(`listingForm.status.${status}`) })}
    </p>
  );
}
